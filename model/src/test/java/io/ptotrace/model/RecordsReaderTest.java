package io.ptotrace.model;

import static io.ptotrace.model.TestFiles.read;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The records reader and join on two worked examples (level 2 and level 1 / v2 rows) and the rules around them. */
class RecordsReaderTest {
    @TempDir
    Path dir;

    static final String EXAMPLE_LEVEL2 = """
        {"l2_swimlane_level": 2,
         "metadata": {"clock_freq_hz": 1000000, "num_cores": 2, "core_types": ["aic", "aiv"]},
         "aicore_tasks": [[0, 0, 1, 110, 150, 2], [1, 1, 1, 160, 200, 3], [1, 4294967298, 2, 210, 230, 1]],
         "aicpu_tasks": [[0, 1, 100, 155], [1, 1, 152, 205], [1, 2, 203, 240], [0, 9, 300, 310]]}
        """;

    static final String EXAMPLE_LEVEL1 = """
        {"l2_swimlane_level": 1,
         "metadata": {"clock_freq_hz": 50000000, "num_cores": 1, "core_types": ["aic"]},
         "aicore_tasks": [[0, 7, 1, 1000, 1500], [3, 4294967303, 1, 1200, 1700, 50]]}
        """;

    @Test
    void workedExampleLevel2EveryJoinedField() {
        TestFiles.Read r = read(dir, "l2_swimlane_records.json", EXAMPLE_LEVEL2);
        Timeline tl = r.tl;
        assertThat(tl.era).isEqualTo(Era.L2);
        assertThat(tl.level).isEqualTo(2);
        assertThat(tl.clockFreqHz).isEqualTo(1_000_000L);
        assertThat(tl.aicpuJoined).isTrue();
        assertThat(tl.rows).isEqualTo(3);
        assertThat(tl.taskId).containsExactly(0L, 1L, 4294967298L);
        assertThat(tl.coreId).containsExactly(0, 1, 1);
        assertThat(tl.coreType).containsExactly("aic", "aiv", "aiv");
        assertThat(tl.dispatch).containsExactly(0.0, 52.0, 103.0);
        assertThat(tl.receive).containsExactly(8.0, 57.0, 109.0);
        assertThat(tl.start).containsExactly(10.0, 60.0, 110.0);
        assertThat(tl.end).containsExactly(50.0, 100.0, 130.0);
        assertThat(tl.finish).containsExactly(55.0, 105.0, 140.0);
        assertThat(tl.localSetup).containsExactly(2.0, 3.0, 1.0);
        assertThat(new double[] {tl.propagation(0), tl.propagation(1), tl.propagation(2)})
                .containsExactly(8.0, 5.0, 6.0);
        assertThat(new double[] {tl.duration(0), tl.duration(1), tl.duration(2)})
                .containsExactly(40.0, 40.0, 20.0);
        assertThat(tl.schedulerPhases).isNull();
        assertThat(tl.orchestratorPhases).isNull();
        assertThat(tl.orchestratorSource).isNull();
        assertThat(tl.timelineMetadata).isNull();
        assertThat(tl.uploads).isEmpty();
        assertThat(tl.coreToThread).isEmpty();
        assertThat(r.warnings)
                .containsExactly(
                        "Warning: 1 aicpu_task(s) had no matching AICore record (top offenders: core 0: 1); the missing AICore buffer(s)"
                                + " were dropped on rotation. Bump PLATFORM_AICORE_BUFFERS_PER_CORE if you see this regularly.");
    }

    @Test
    void workedExampleLevel1V2RowsAndOutOfRangeCore() {
        TestFiles.Read r = read(dir, "l2_swimlane_records.json", EXAMPLE_LEVEL1);
        Timeline tl = r.tl;
        assertThat(r.warnings).isEmpty();
        assertThat(tl.aicpuJoined).isFalse(); // no propagation_us
        assertThat(tl.taskId).containsExactly(7L, 4294967303L);
        assertThat(TaskIds.display(tl.taskId[1])).isEqualTo("r1t7");
        assertThat(tl.coreId).containsExactly(0, 3);
        assertThat(tl.coreType).containsExactly("aic", "aiv"); // core 3 is outside core_types
        assertThat(tl.start).containsExactly(0.0, 4.0);
        assertThat(tl.end).containsExactly(10.0, 14.0);
        assertThat(tl.localSetup).containsExactly(0.0, 1.0);
        assertThat(tl.receive).containsExactly(0.0, 3.0);
        assertThat(tl.dispatch).containsExactly(0.0, 0.0);
        assertThat(tl.finish).containsExactly(0.0, 0.0);
    }

    @Test
    void unmatchedOffendersTopThreeByCountTiesInFirstSeenOrder() {
        TestFiles.Read r = read(dir, "r.json", """
            {"l2_swimlane_level": 2, "metadata": {"clock_freq_hz": 1000000},
             "aicore_tasks": [[0, 0, 1, 110, 150, 2]],
             "aicpu_tasks": [[5, 1, 1, 2], [2, 1, 1, 2], [7, 1, 1, 2], [9, 1, 1, 2], [0, 1, 100, 155], [2, 2, 1, 2], [9, 2, 1, 2]]}
            """);
        assertThat(r.tl.rows).isEqualTo(1);
        assertThat(r.warnings)
                .containsExactly("Warning: 6 aicpu_task(s) had no matching AICore record (top offenders: "
                        + "core 2: 2, core 9: 2, core 5: 1); the missing AICore buffer(s) were dropped on rotation. "
                        + "Bump PLATFORM_AICORE_BUFFERS_PER_CORE if you see this regularly.");
    }

    @Test
    void joinKeyIsCoreAndRegTaskIdAndALaterAicoreRowReplacesAnEarlierOne() {
        Timeline tl = read(dir, "r.json", """
            {"l2_swimlane_level": 2, "metadata": {"clock_freq_hz": 1000000, "core_types": ["aic", "aiv"]},
             "aicore_tasks": [[0, 5, 1, 110, 150], [1, 6, 1, 120, 160], [0, 7, 1, 200, 260]],
             "aicpu_tasks": [[1, 1, 100, 170], [0, 1, 190, 270]]}
            """).tl;
        assertThat(tl.taskId).containsExactly(6L, 7L);
        assertThat(tl.coreId).containsExactly(1, 0);
        assertThat(tl.start).containsExactly(20.0, 100.0);
    }

    @Test
    void recordsAreSortedByNumericTaskIdStably() {
        Timeline tl = read(dir, "r.json", """
            {"l2_swimlane_level": 2, "metadata": {"clock_freq_hz": 1000000, "core_types": ["aic", "aiv", "aiv"]},
             "aicore_tasks": [[0, 4294967298, 1, 110, 150], [2, 5, 1, 120, 160], [1, 5, 1, 121, 161], [0, 3, 2, 170, 180]],
             "aicpu_tasks": [[0, 1, 100, 155], [2, 1, 101, 165], [1, 1, 102, 166], [0, 2, 168, 185]]}
            """).tl;
        assertThat(tl.taskId).containsExactly(3L, 5L, 5L, 4294967298L);
        assertThat(tl.coreId).containsExactly(0, 2, 1, 0); // the two rows of task 5 keep their AICPU-row order
    }

    @Test
    void taskTokensAboveTwoToThe63AreAccepted() {
        Timeline tl = read(dir, "r.json", """
            {"l2_swimlane_level": 1, "metadata": {"clock_freq_hz": 1000000},
             "aicore_tasks": [[0, 18446744073709551615, 1, 110, 150], [0, 1, 2, 160, 170]]}
            """).tl;
        assertThat(tl.taskId).containsExactly(1L, -1L);
        assertThat(TaskIds.display(tl.taskId[1])).isEqualTo("r4294967295t4294967295");
    }

    @Test
    void extraColumnsAreIgnoredInBothRowKinds() {
        TestFiles.Read r = read(dir, "r.json", """
            {"l2_swimlane_level": 2, "metadata": {"clock_freq_hz": 1000000, "core_types": ["aic"]},
             "aicore_tasks": [[0, 0, 1, 110, 150, 2, 99, "extra", [1, 2], {"x": 1}]],
             "aicpu_tasks": [[0, 1, 100, 155, 7, "more", null]]}
            """);
        assertThat(r.tl.rows).isEqualTo(1);
        assertThat(r.tl.receive[0]).isEqualTo(8.0);
        assertThat(r.tl.localSetup[0]).isEqualTo(2.0);
        assertThat(r.tl.finish[0]).isEqualTo(55.0);
        assertThat(r.warnings).isEmpty();
    }

    @Test
    void baseIsTheMinimumStrictlyPositiveTimestampIncludingPhaseRecords() {
        Timeline tl = read(dir, "r.json", """
            {"l2_swimlane_level": 4, "metadata": {"clock_freq_hz": 1000000, "core_types": ["aic"], "core_to_thread": [0]},
             "aicore_tasks": [[0, 0, 1, 110, 150, 0]],
             "aicpu_tasks": [[0, 1, 100, 155]],
             "aicpu_scheduler_phases": [[{"kind": "dispatch", "start_cycles": 95, "end_cycles": 99, "loop_iter": 3}], []],
             "aicpu_orchestrator_phases": [[{"submit_idx": 0, "task_id": 0, "start_cycles": 0, "end_cycles": 90, "kind": "orch_sync"}]]}
            """).tl;
        // base = 90 (orchestrator end; its start 0 is not positive)
        assertThat(tl.dispatch[0]).isEqualTo(10.0);
        assertThat(tl.coreToThread).containsExactly(0);
        assertThat(tl.schedulerPhases).hasSize(2);
        assertThat(tl.schedulerPhases.get(1)).isEmpty();
        PhaseRecord d = tl.schedulerPhases.get(0).get(0);
        assertThat(d.phase()).isEqualTo("dispatch");
        assertThat(d.startUs()).isEqualTo(5.0);
        assertThat(d.endUs()).isEqualTo(9.0);
        assertThat(d.loopIterAsWritten()).isEqualTo(3L);
        PhaseRecord o = tl.orchestratorPhases.get(0).get(0);
        assertThat(o.phase()).isEqualTo("orch_submit"); // overwritten whatever the file says
        assertThat(o.startUs()).isEqualTo(0.0); // raw 0 means missing
        assertThat(o.endUs()).isEqualTo(0.0); // the earliest real timestamp also lands at 0.0
        assertThat(tl.orchestratorSource).isEqualTo("aicpu");
    }

    /** Phase record members usually come in the runtime's order, but any order reads the same. */
    @Test
    void phaseRecordMembersInAnyOrder() {
        String[] sched = {
            "\"kind\": \"dispatch\"",
            "\"start_cycles\": 120",
            "\"end_cycles\": 130",
            "\"loop_iter\": 7",
            "\"tasks_processed\": 2",
            "\"pop_hit\": 1",
            "\"pop_miss\": 0",
            "\"shared_at_start\": [1, 2, 3]",
            "\"shared_at_end\": [0, 1, 0]",
            "\"new_counter\": {\"kind\": \"x\"}"
        };
        String[] orch = {"\"submit_idx\": 4", "\"task_id\": 9", "\"start_cycles\": 101", "\"end_cycles\": 104"};
        java.util.Random rnd = new java.util.Random(5);
        String expected = null;
        for (int round = 0; round < 12; round++) {
            java.util.List<String> s = new java.util.ArrayList<>(java.util.List.of(sched)),
                    o = new java.util.ArrayList<>(java.util.List.of(orch));
            if (round > 0) {
                java.util.Collections.shuffle(s, rnd);
                java.util.Collections.shuffle(o, rnd);
            }
            Timeline tl = read(
                            dir,
                            "r" + round + ".json",
                            "{\"l2_swimlane_level\": 4, \"metadata\": {\"clock_freq_hz\": 1000000},"
                                    + " \"aicore_tasks\": [[0, 0, 1, 110, 150]], \"aicpu_tasks\": [[0, 1, 100, 155]],"
                                    + " \"aicpu_scheduler_phases\": [[{" + String.join(", ", s) + "}]],"
                                    + " \"aicpu_orchestrator_phases\": [[{" + String.join(", ", o) + "}]]}")
                    .tl;
            PhaseRecord d = tl.schedulerPhases.get(0).get(0),
                    x = tl.orchestratorPhases.get(0).get(0);
            String seen = d.phase() + " " + d.startUs() + " " + d.endUs() + " " + d.loopIterAsWritten() + " "
                    + d.tasksProcessed() + " " + d.sharedAtStart() + " " + d.sharedAtEnd() + " | " + x.startUs() + " "
                    + x.endUs() + " " + x.submitIdx() + " " + x.taskId();
            if (expected == null) {
                expected = seen;
                assertThat(seen).isEqualTo("dispatch 20.0 30.0 7 2 [1, 2, 3] [0, 1, 0] | 1.0 4.0 4 9");
            } else {
                assertThat(seen).as("round " + round).isEqualTo(expected);
            }
        }
    }

    @Test
    void phaseRecordDefaults() {
        Timeline tl = read(dir, "r.json", """
            {"l2_swimlane_level": 3, "metadata": {"clock_freq_hz": 1000000},
             "aicore_tasks": [[0, 0, 1, 110, 150]],
             "aicpu_tasks": [[0, 1, 100, 155]],
             "aicpu_scheduler_phases": [[{"start_cycles": null}, {"kind": "complete", "start_cycles": 150, "end_cycles": 160,
               "tasks_processed": 2, "shared_at_start": [1, 0, 0], "shared_at_end": [0, 0, 0], "task_id": "4294967298"}]]}
            """).tl;
        PhaseRecord u = tl.schedulerPhases.get(0).get(0);
        assertThat(u.phase()).isEqualTo("unknown");
        assertThat(u.startUs()).isEqualTo(0.0);
        assertThat(u.endUs()).isEqualTo(0.0);
        assertThat(u.hasTasksProcessed()).isFalse();
        PhaseRecord c = tl.schedulerPhases.get(0).get(1);
        assertThat(c.startUs()).isEqualTo(50.0);
        assertThat(c.tasksProcessedOr(0)).isEqualTo(2);
        assertThat(c.depthsValid()).isTrue();
        assertThat(c.taskIdOk()).isTrue();
        assertThat(c.taskId()).isEqualTo(4294967298L);
        assertThat(c.taskIdAsWritten()).isEqualTo("4294967298");
    }

    @Test
    void queueDepthListsOfAnyShapeKeepEveryElement() {
        Timeline tl = read(dir, "r.json", """
            {"l2_swimlane_level": 3, "metadata": {"clock_freq_hz": 1000000},
             "aicore_tasks": [[0, 0, 1, 110, 150]], "aicpu_tasks": [[0, 1, 100, 155]],
             "aicpu_scheduler_phases": [[
               {"kind": "complete", "shared_at_start": [1, 2, 3, 4], "shared_at_end": [1, 2, 3, 4, 5000000, 6]},
               {"kind": "complete", "shared_at_start": [1, 2], "shared_at_end": [7, -1, 2.5]},
               {"kind": "complete", "shared_at_start": [9, 8, 7], "shared_at_end": [1, 2, 3000000]}]]}
            """).tl;
        List<PhaseRecord> lane = tl.schedulerPhases.get(0);
        assertThat(lane.get(0).sharedAtStart()).isEqualTo(List.of(1L, 2L, 3L, 4L));
        assertThat(lane.get(0).sharedAtEnd()).isEqualTo(List.of(1L, 2L, 3L, 4L, 5000000L, 6L));
        assertThat(lane.get(0).depthsValid()).isFalse();
        assertThat(lane.get(1).sharedAtStart()).isEqualTo(List.of(1L, 2L));
        assertThat(lane.get(1).sharedAtEnd()).isEqualTo(List.of(7L, -1L, 2.5));
        assertThat(lane.get(2).sharedAtStart()).isEqualTo(List.of(9L, 8L, 7L));
        assertThat(lane.get(2).sharedAtEnd()).isEqualTo(List.of(1L, 2L, 3000000L));
        assertThat(lane.get(2).depthsValid()).isTrue();
    }

    @Test
    void nullSectionsCountAsAbsent() {
        Timeline tl = read(dir, "r.json", """
            {"l2_swimlane_level": 1, "metadata": {"clock_freq_hz": 1000000, "core_types": null, "core_to_thread": null},
             "aicore_tasks": null, "aicpu_tasks": null, "aicpu_scheduler_phases": null, "aicpu_orchestrator_phases": null,
             "unknown_key": {"ignored": [1, 2, 3]}}
            """).tl;
        assertThat(tl.rows).isZero();
        assertThat(tl.schedulerPhases).isNull();
        assertThat(tl.orchestratorPhases).isNull();
        assertThat(tl.coreTypes).isEmpty();
    }

    @Test
    void emptyPhaseListsCountAsAbsent() {
        Timeline tl = read(dir, "r.json", """
            {"l2_swimlane_level": 2, "metadata": {"clock_freq_hz": 1000000},
             "aicore_tasks": [[0, 0, 1, 110, 150]], "aicpu_tasks": [[0, 1, 100, 155]],
             "aicpu_scheduler_phases": [], "aicpu_orchestrator_phases": []}
            """).tl;
        assertThat(tl.schedulerPhases).isNull();
        assertThat(tl.orchestratorPhases).isNull();
        assertThat(tl.orchestratorSource).isNull();
    }

    @Test
    void aListOfOnlyEmptyThreadsIsStillAPhaseList() {
        Timeline tl = read(dir, "r.json", """
            {"l2_swimlane_level": 3, "metadata": {"clock_freq_hz": 1000000},
             "aicore_tasks": [[0, 0, 1, 110, 150]], "aicpu_tasks": [[0, 1, 100, 155]],
             "aicpu_scheduler_phases": [[], []]}
            """).tl;
        assertThat(tl.schedulerPhases).hasSize(2);
    }

    @Test
    void noPositiveTimestampMeansBaseZero() {
        Timeline tl = read(dir, "r.json", """
            {"l2_swimlane_level": 1, "metadata": {"clock_freq_hz": 1000000}, "aicore_tasks": [[0, 0, 1, 0, 0]]}
            """).tl;
        assertThat(tl.start[0]).isEqualTo(0.0);
        assertThat(tl.end[0]).isEqualTo(0.0);
    }

    // ------------------------------------------------------------------ level 2+ without AICPU rows

    @Test
    void level2WithEmptyAicpuTasksFallsBackToAicoreTimingWithAWarning() {
        TestFiles.Read r = read(dir, "r.json", """
            {"l2_swimlane_level": 2, "metadata": {"clock_freq_hz": 1000000, "core_types": ["aic"]},
             "aicore_tasks": [[0, 1, 1, 110, 150, 2], [0, 0, 2, 160, 200, 0]], "aicpu_tasks": []}
            """);
        assertThat(r.warnings)
                .containsExactly("Warning: l2_swimlane_level 2 but aicpu_tasks is empty; using AICore timing only");
        assertThat(r.tl.rows).isEqualTo(2);
        assertThat(r.tl.aicpuJoined).isFalse();
        assertThat(r.tl.taskId).containsExactly(0L, 1L);
        assertThat(r.tl.dispatch).containsExactly(0.0, 0.0);
        assertThat(r.tl.finish).containsExactly(0.0, 0.0);
        assertThat(r.tl.receive).containsExactly(52.0, 0.0);
    }

    @Test
    void level3WithoutAicpuTasksKeyFallsBackToo() {
        TestFiles.Read r = read(dir, "r.json", """
            {"chip_swimlane_level": 3, "metadata": {"clock_freq_hz": 1000000},
             "aicore_tasks": [[0, 1, 1, 110, 150]]}
            """);
        assertThat(r.warnings)
                .containsExactly("Warning: chip_swimlane_level 3 but aicpu_tasks is empty; using AICore timing only");
        assertThat(r.tl.rows).isEqualTo(1);
    }

    // ------------------------------------------------------------------ level keys and eras

    @Test
    void bothLevelKeysEqualMeansNewerEra() {
        Timeline tl = read(dir, "r.json", """
            {"l2_swimlane_level": 1, "chip_swimlane_level": 1, "metadata": {"clock_freq_hz": 1000000},
             "aicore_tasks": [[0, 1, 1, 110, 150]]}
            """).tl;
        assertThat(tl.era).isEqualTo(Era.CHIP);
        assertThat(tl.level).isEqualTo(1);
    }

    @Test
    void levelGivenAsDecimalStringIsAccepted() {
        Timeline tl = read(dir, "r.json", """
            {"l2_swimlane_level": " 2 ", "metadata": {"clock_freq_hz": "1000000"},
             "aicore_tasks": [[0, 1, 1, 110, 150]], "aicpu_tasks": [[0, 1, 100, 160]]}
            """).tl;
        assertThat(tl.level).isEqualTo(2);
        assertThat(tl.clockFreqHz).isEqualTo(1_000_000L);
    }

    /** Receive time by era: 50 MHz, start − base = 500, r2s = 7. */
    @Test
    void receiveAndLocalSetupArithmeticDependsOnTheEra() {
        String body = """
             "metadata": {"clock_freq_hz": 50000000, "core_types": ["aic"]},
             "aicore_tasks": [[0, 0, 1, 1000, 1100, 0], [0, 1, 2, 1500, 1600, 7]]}
            """;
        Timeline newer = read(dir, "chip.json", "{\"chip_swimlane_level\": 1," + body).tl;
        Timeline older = read(dir, "l2.json", "{\"l2_swimlane_level\": 1," + body).tl;
        assertThat(newer.era).isEqualTo(Era.CHIP);
        assertThat(older.era).isEqualTo(Era.L2);
        assertThat(newer.start[1]).isEqualTo(10.0);
        assertThat(newer.localSetup[1]).isEqualTo(0.14000000000000057);
        assertThat(older.localSetup[1]).isEqualTo(0.14);
        assertThat(newer.receive[1]).isEqualTo(9.86);
        assertThat(older.receive[1]).isEqualTo(9.86);
    }

    @Test
    void newerEraClampsAReceiveBeforeTheCounterStartToZero() {
        Timeline tl = read(dir, "chip.json", """
            {"chip_swimlane_level": 1, "metadata": {"clock_freq_hz": 1000000},
             "aicore_tasks": [[0, 0, 1, 5, 20, 9], [0, 1, 2, 100, 120, 0]]}
            """).tl;
        // start − r2s = −4 ≤ 0 → receive clamped to 0.0; base = 20 (end of the first row), so start = −15.0
        assertThat(tl.receive[0]).isEqualTo(0.0);
        assertThat(tl.start[0]).isEqualTo(-15.0);
        assertThat(tl.localSetup[0]).isEqualTo(-15.0);
    }

    @Test
    void sevenColumnAicoreRowsAreTheStreamsEraWhichNamesItsRuntime() {
        Timeline tl = read(dir, "chip.json", """
            {"chip_swimlane_level": 1, "metadata": {"clock_freq_hz": 1000000, "runtime": "tensormap_and_ringbuffer"},
             "aicore_tasks": [[0, 0, 1, 110, 150, 10, 123456]]}
            """).tl;
        assertThat(tl.era).isEqualTo(Era.STREAMS);
        assertThat(tl.localSetup[0]).isEqualTo(10.0);
        assertThat(tl.receive[0]).isEqualTo(0.0);
        assertThat(tl.streams.runEpoch[0]).isEqualTo(123456);
        assertThat(tl.label(0)).isEqualTo("r0t0");
    }

    @Test
    void level1WithEmptySchedulerTasksIsNotAnError() {
        Timeline tl = read(dir, "chip.json", """
            {"chip_swimlane_level": 1, "metadata": {"clock_freq_hz": 1000000, "runtime": "host_build_graph"},
             "aicore_tasks": [[0, 0, 1, 110, 150, 0, 1]], "scheduler_tasks": {"schema_version": 1, "producer": "aicpu", "records": []}}
            """).tl;
        assertThat(tl.rows).isEqualTo(1);
        assertThat(tl.aicpuJoined).isFalse();
    }

    @Test
    void warningsGoOnlyToTheConsumer() {
        List<String> w = new java.util.ArrayList<>();
        RecordsReader.read(TestFiles.write(dir, "x.json", EXAMPLE_LEVEL2), w::add);
        assertThat(w).hasSize(1).allSatisfy(s -> assertThat(s).doesNotContain("\n"));
    }
}
