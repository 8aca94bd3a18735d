package io.ptotrace.model;

import static io.ptotrace.model.PhaseTable.LOOP_ITER;
import static io.ptotrace.model.PhaseTable.SHARED_AT_END;
import static io.ptotrace.model.PhaseTable.SHARED_AT_START;
import static io.ptotrace.model.PhaseTable.SUBMIT_IDX;
import static io.ptotrace.model.PhaseTable.TASKS_PROCESSED;
import static io.ptotrace.model.PhaseTable.TASK_ID;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.RandomAccess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The columnar phase records: every kind of member value reads back as written. */
class PhaseTableTest {
    @TempDir
    Path dir;

    private static final int[] VALUE_SLOTS = {LOOP_ITER, TASKS_PROCESSED, SUBMIT_IDX, SHARED_AT_START, SHARED_AT_END};

    /** JSON values of every kind the reader can produce, as {@link JsonValues#read} gives them. */
    private static List<Object> oddValues() {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("a", 1L);
        map.put("b", List.of("x", JsonValues.NULL));
        return new ArrayList<>(List.of(
                0L,
                1L,
                127L,
                128L,
                4095L,
                4096L,
                -1L,
                -128L,
                -129L,
                32_767L,
                32_768L,
                -40_000L,
                (long) Integer.MAX_VALUE,
                (long) Integer.MIN_VALUE,
                1L << 40,
                -(1L << 40),
                Long.MAX_VALUE,
                Long.MIN_VALUE,
                new BigInteger("18446744073709551616"),
                new BigInteger("-99999999999999999999999"),
                "",
                "abc",
                "12",
                "-3",
                " 7 ",
                3.0,
                -0.0,
                2.5,
                -1.5,
                1e300,
                JsonValues.NULL,
                Boolean.TRUE,
                Boolean.FALSE,
                List.of(),
                List.of(1L, 2L),
                List.of(1L, 2L, 3L),
                List.of("a", JsonValues.NULL, 2.5),
                List.of(List.of(1L)),
                map));
    }

    @Test
    void aNewRowHasNothing() {
        PhaseTable t = new PhaseTable();
        int r = t.addRow();
        assertThat(t.size()).isEqualTo(1);
        assertThat(t.kind(r)).isEqualTo("unknown");
        assertThat(t.startUs(r)).isEqualTo(0.0);
        assertThat(t.endUs(r)).isEqualTo(0.0);
        for (int s : VALUE_SLOTS) {
            assertThat(t.has(r, s)).isFalse();
            assertThat(t.value(r, s)).isSameAs(JsonValues.ABSENT);
            assertThat(t.valueOr(r, s, 0L)).isEqualTo(0L);
        }
        assertThat(t.value(r, TASK_ID)).isSameAs(JsonValues.ABSENT);
        assertThat(t.taskIdOk(r)).isFalse();
        assertThat(t.taskIdNonNegative(r)).isFalse();
        assertThat(t.taskId(r)).isZero();
        assertThat(t.depthsValid(r)).isFalse();
        assertThat(t.tasksProcessedOr(r, 9)).isEqualTo(9);
    }

    @Test
    void everyKindOfValueRoundTripsInEveryMember() {
        PhaseTable t = new PhaseTable();
        List<Object> values = oddValues();
        for (int s : VALUE_SLOTS) {
            for (Object v : values) {
                int r = t.addRow();
                t.setValue(r, s, v);
                assertThat(t.has(r, s)).isTrue();
                assertThat(t.value(r, s)).as("slot %d value %s", s, v).isEqualTo(v);
                assertThat(t.value(r, s).getClass()).isEqualTo(v.getClass() == Long.class ? Long.class : v.getClass());
                if (!(v instanceof Long)) assertThat(t.value(r, s)).isSameAs(v); // kept, not copied
                for (int other : VALUE_SLOTS)
                    if (other != s) assertThat(t.has(r, other)).isFalse();
                assertThat(t.has(r, TASK_ID)).isFalse();
            }
        }
        // integers of the integer members live in the columns, not as side values
        int before = t.otherCount();
        int r = t.addRow();
        t.setInteger(r, LOOP_ITER, Long.MIN_VALUE);
        t.setInteger(r, TASKS_PROCESSED, 3);
        t.setInteger(r, SUBMIT_IDX, 1_000_000_007L);
        assertThat(t.otherCount()).isEqualTo(before);
        assertThat(t.value(r, LOOP_ITER)).isEqualTo(Long.MIN_VALUE);
        assertThat(t.value(r, TASKS_PROCESSED)).isEqualTo(3L);
        assertThat(t.value(r, SUBMIT_IDX)).isEqualTo(1_000_000_007L);
    }

    @Test
    void aLaterValueReplacesAnEarlierOneAndAbsentClearsIt() {
        PhaseTable t = new PhaseTable();
        int r = t.addRow();
        t.setValue(r, LOOP_ITER, "x");
        t.setInteger(r, LOOP_ITER, 70_000);
        assertThat(t.value(r, LOOP_ITER)).isEqualTo(70_000L);
        t.setValue(r, LOOP_ITER, 2.5);
        assertThat(t.value(r, LOOP_ITER)).isEqualTo(2.5);
        t.setValue(r, LOOP_ITER, JsonValues.ABSENT);
        assertThat(t.value(r, LOOP_ITER)).isSameAs(JsonValues.ABSENT);
        assertThat(t.valueOr(r, LOOP_ITER, -1L)).isEqualTo(-1L);
    }

    @Test
    void depthTriplesAreSharedCanonicalLists() {
        PhaseTable t = new PhaseTable();
        List<Object> a = List.of(0L, 6L, 0L), b = List.of(1L, 0L, 2L);
        int ia = t.addDepthList(a), ib = t.addDepthList(b);
        int r = t.addRow();
        t.setDepths(r, SHARED_AT_START, ia);
        assertThat(t.depthsValid(r)).isFalse(); // the end snapshot is missing
        t.setDepths(r, SHARED_AT_END, ib);
        assertThat(t.value(r, SHARED_AT_START)).isSameAs(a);
        assertThat(t.value(r, SHARED_AT_END)).isSameAs(b);
        assertThat(t.depthsValid(r)).isTrue();
        assertThat(t.record(r).sharedAtStart()).isSameAs(a);

        // other snapshots: valid only as two 3-element arrays
        int q = t.addRow();
        t.setDepths(q, SHARED_AT_START, ia);
        t.setValue(q, SHARED_AT_END, List.of(1L, 2L, 3_000_000L));
        assertThat(t.depthsValid(q)).isTrue();
        t.setValue(q, SHARED_AT_END, List.of(1L, 2L));
        assertThat(t.depthsValid(q)).isFalse();
        t.setValue(q, SHARED_AT_END, 3L);
        assertThat(t.value(q, SHARED_AT_END)).isEqualTo(3L);
        assertThat(t.depthsValid(q)).isFalse();
        t.setValue(q, SHARED_AT_START, List.of("a", "b", "c"));
        t.setValue(q, SHARED_AT_END, List.of(JsonValues.NULL, 1L, 2.0));
        assertThat(t.depthsValid(q)).isTrue();
        t.setValue(q, SHARED_AT_START, JsonValues.NULL);
        assertThat(t.depthsValid(q)).isFalse();

        assertThatThrownBy(() -> t.setDepths(r, LOOP_ITER, ia)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> t.setDepths(r, SHARED_AT_END, 7)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> t.addDepthList(List.of(1L))).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void taskIdsAsWrittenAndNormalised() {
        PhaseTable t = new PhaseTable();
        BigInteger u64max = new BigInteger("18446744073709551615");
        // raw value, normalised id (null: not convertible), non-negative as written
        Object[][] cases = {
            {5L, 5L, true},
            {0L, 0L, true},
            {-1L, -1L, false},
            {Long.MAX_VALUE, Long.MAX_VALUE, true},
            {Long.MIN_VALUE, Long.MIN_VALUE, false},
            {(1L << 32) | 7, (1L << 32) | 7, true},
            {u64max, -1L, true},
            {new BigInteger("-18446744073709551617"), -1L, false},
            {"4294967298", 4294967298L, true},
            {"0", 0L, true},
            {"18446744073709551615", -1L, true},
            {"-3", -3L, false},
            {" 42 ", 42L, true},
            {"+9", 9L, true},
            {"1_000", 1000L, true},
            {"007", 7L, true},
            {"abc", null, false},
            {"", null, false},
            {3.0, 3L, true},
            {2.9, 2L, true},
            {-0.5, 0L, true},
            {-1.0, -1L, false},
            {-1.5, -1L, false},
            {Boolean.TRUE, 1L, true},
            {Boolean.FALSE, 0L, true},
            {JsonValues.NULL, null, false},
            {List.of(1L), null, false},
            {Map.of("a", 1L), null, false},
        };
        for (Object[] c : cases) {
            Object raw = c[0];
            int r = t.addRow();
            t.setTaskId(r, raw);
            String what = raw + " (" + raw.getClass().getSimpleName() + ")";
            assertThat(t.value(r, TASK_ID)).as(what).isEqualTo(raw);
            assertThat(t.has(r, TASK_ID)).isTrue();
            assertThat(t.taskIdOk(r)).as(what).isEqualTo(c[1] != null);
            if (c[1] != null) assertThat(t.taskId(r)).as(what).isEqualTo((long) (Long) c[1]);
            assertThat(t.taskIdNonNegative(r)).as(what).isEqualTo(c[2]);
            PhaseRecord v = t.record(r);
            assertThat(v.taskIdAsWritten()).isEqualTo(raw);
            assertThat(v.taskIdOk()).isEqualTo(t.taskIdOk(r));
            assertThat(v.taskIdNonNegative()).isEqualTo(t.taskIdNonNegative(r));
            assertThat(v.taskId()).isEqualTo(t.taskId(r));
        }
        // canonical decimal texts are not kept as strings, others are
        int before = t.otherCount();
        int r = t.addRow();
        t.setTaskId(r, "4294967298");
        t.setTaskId(r, 12L);
        t.setTaskId(r, 12L);
        assertThat(t.otherCount()).isEqualTo(before);
        t.setTaskId(r, "0012");
        assertThat(t.otherCount()).isEqualTo(before + 1);

        // a value that does not convert leaves the last normalised id in place, not valid (as a record with two
        // task_ids)
        int d = t.addRow();
        t.setTaskId(d, "77");
        t.setTaskId(d, "abc");
        assertThat(t.taskIdOk(d)).isFalse();
        assertThat(t.taskIdNonNegative(d)).isFalse();
        assertThat(t.taskId(d)).isEqualTo(77L);
        assertThat(t.value(d, TASK_ID)).isEqualTo("abc");
        t.setValue(d, TASK_ID, JsonValues.ABSENT);
        assertThat(t.value(d, TASK_ID)).isSameAs(JsonValues.ABSENT);
        assertThat(t.taskIdOk(d)).isFalse();
        t.setTaskId(d, -8L);
        assertThat(t.value(d, TASK_ID)).isEqualTo(-8L);
        assertThat(t.taskIdOk(d)).isTrue();
        assertThat(t.taskIdNonNegative(d)).isFalse();
    }

    @Test
    void tasksProcessedAsAnInteger() {
        PhaseTable t = new PhaseTable();
        Object[][] cases = {
            {4L, 4L}, {"12", 12L}, {2.7, 2L}, {Boolean.TRUE, 1L}, {JsonValues.NULL, -5L}, {"x", -5L}, {List.of(1L), -5L}
        };
        for (Object[] c : cases) {
            int r = t.addRow();
            t.setValue(r, TASKS_PROCESSED, c[0]);
            assertThat(t.tasksProcessedOr(r, -5)).as("%s", c[0]).isEqualTo((long) (Long) c[1]);
            assertThat(t.record(r).tasksProcessedOr(-5)).isEqualTo((long) (Long) c[1]);
            assertThat(t.record(r).hasTasksProcessed()).isTrue();
        }
    }

    @Test
    void kindsAndSetPhase() {
        PhaseTable t = new PhaseTable();
        int a = t.addRow(), b = t.addRow();
        t.setKind(a, "dispatch");
        t.setKind(b, "dispatch");
        assertThat(t.kind(a)).isEqualTo("dispatch");
        PhaseRecord v = t.record(b);
        v.setPhase("orch_params");
        assertThat(v.phase()).isEqualTo("orch_params");
        assertThat(t.kind(b)).isEqualTo("orch_params");
        assertThat(t.kind(a)).isEqualTo("dispatch");
        v.setPhase("unknown");
        assertThat(t.kind(b)).isEqualTo("unknown");
        // many distinct kinds (wider codes)
        for (int i = 0; i < 1000; i++) t.setKind(t.addRow(), "k" + i);
        for (int i = 0; i < 1000; i++) assertThat(t.kind(2 + i)).isEqualTo("k" + i);
        assertThat(t.kind(a)).isEqualTo("dispatch");
        assertThatThrownBy(() -> v.setPhase(null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> t.setKind(t.size(), "x")).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void lanesAreViewsOfRowRanges() {
        PhaseTable t = new PhaseTable();
        for (int i = 0; i < 10; i++) {
            int r = t.addRow();
            t.setTimes(r, i, i + 0.5);
            t.setInteger(r, SUBMIT_IDX, i);
        }
        PhaseTable.Lane lane = t.lane(3, 7);
        assertThat(lane).isInstanceOf(RandomAccess.class).hasSize(4);
        assertThat(lane.row(0)).isEqualTo(3);
        assertThat(lane).extracting(r -> r.row()).containsExactly(3, 4, 5, 6);
        assertThat(lane).extracting(r -> r.startUs()).containsExactly(3.0, 4.0, 5.0, 6.0);
        assertThat(lane).extracting(r -> r.endUs()).containsExactly(3.5, 4.5, 5.5, 6.5);
        assertThat(lane).extracting(r -> r.submitIdx()).containsExactly(3L, 4L, 5L, 6L);
        assertThat(lane.get(1)).isEqualTo(t.record(4)).isNotEqualTo(t.record(5));
        assertThat(t.lane(2, 2)).isEmpty();
        assertThatThrownBy(() -> lane.get(4)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> t.lane(5, 11)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> t.record(10)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    /** Many rows over several pages, members set at random (several times), against plain objects. */
    @Test
    void randomRowsAgainstAReference() {
        PhaseTable t = new PhaseTable();
        Random rnd = new Random(7);
        List<Object> odd = oddValues();
        List<Object> triples = List.of(List.of(0L, 0L, 0L), List.of(0L, 6L, 0L), List.of(3L, 1L, 2L));
        for (Object tr : triples) {
            @SuppressWarnings("unchecked")
            List<Object> l = (List<Object>) tr;
            t.addDepthList(l);
        }
        int n = 40_000;
        Object[][] ref = new Object[n][6];
        String[] kind = new String[n];
        double[][] times = new double[n][2];
        for (int r = 0; r < n; r++) {
            assertThat(t.addRow()).isEqualTo(r);
            Arrays.fill(ref[r], JsonValues.ABSENT);
            kind[r] = "unknown";
            for (int k = rnd.nextInt(9); k > 0; k--) {
                int s = rnd.nextInt(7);
                if (s == 6) {
                    kind[r] = rnd.nextBoolean() ? "dispatch" : "complete";
                    t.setKind(r, kind[r]);
                } else if (s == TASK_ID) {
                    Object v = rnd.nextInt(3) > 0
                            ? (Object) (rnd.nextLong() >> rnd.nextInt(64))
                            : odd.get(rnd.nextInt(odd.size()));
                    t.setTaskId(r, v);
                    ref[r][s] = v;
                } else if ((s == SHARED_AT_START || s == SHARED_AT_END) && rnd.nextInt(4) > 0) {
                    int ix = rnd.nextInt(triples.size());
                    t.setDepths(r, s, ix);
                    ref[r][s] = triples.get(ix);
                } else if (s < SHARED_AT_START && rnd.nextBoolean()) {
                    long v = rnd.nextLong() >> rnd.nextInt(64);
                    t.setInteger(r, s, v);
                    ref[r][s] = v;
                } else {
                    Object v = rnd.nextInt(10) == 0 ? JsonValues.ABSENT : odd.get(rnd.nextInt(odd.size()));
                    t.setValue(r, s, v);
                    ref[r][s] = v;
                }
            }
            times[r][0] = rnd.nextDouble() * 1000;
            times[r][1] = times[r][0] + rnd.nextInt(50);
            t.setTimes(r, times[r][0], times[r][1]);
        }
        for (int r = 0; r < n; r++) {
            PhaseRecord v = t.record(r);
            assertThat(v.phase()).isEqualTo(kind[r]);
            assertThat(v.startUs()).isEqualTo(times[r][0]);
            assertThat(v.endUs()).isEqualTo(times[r][1]);
            assertThat(v.loopIterAsWritten()).as("row %d", r).isEqualTo(ref[r][LOOP_ITER]);
            assertThat(v.tasksProcessed()).as("row %d", r).isEqualTo(ref[r][TASKS_PROCESSED]);
            assertThat(v.submitIdx()).as("row %d", r).isEqualTo(ref[r][SUBMIT_IDX]);
            assertThat(v.sharedAtStart()).as("row %d", r).isEqualTo(ref[r][SHARED_AT_START]);
            assertThat(v.sharedAtEnd()).as("row %d", r).isEqualTo(ref[r][SHARED_AT_END]);
            assertThat(v.taskIdAsWritten()).as("row %d", r).isEqualTo(ref[r][TASK_ID]);
            assertThat(v.hasTasksProcessed()).isEqualTo(ref[r][TASKS_PROCESSED] != JsonValues.ABSENT);
            boolean triples3 = ref[r][SHARED_AT_START] instanceof List
                    && ((List<?>) ref[r][SHARED_AT_START]).size() == 3
                    && ref[r][SHARED_AT_END] instanceof List
                    && ((List<?>) ref[r][SHARED_AT_END]).size() == 3;
            assertThat(v.depthsValid()).as("row %d", r).isEqualTo(triples3);
        }
    }

    /** Records like a capture's: well under the 80-byte objects (plus boxed members) they used to be. */
    @Test
    void typicalRecordsTakeAboutThirtyBytesEach() {
        PhaseTable t = new PhaseTable();
        int zero = t.addDepthList(List.of(0L, 0L, 0L)), one = t.addDepthList(List.of(0L, 1L, 0L));
        Random rnd = new Random(1);
        int n = 100_000, sched = n * 3 / 4;
        for (int i = 0; i < n; i++) {
            int r = t.addRow();
            t.setTimes(r, i * 0.02, i * 0.02 + 0.3);
            if (i < sched) {
                t.setKind(r, rnd.nextBoolean() ? "dispatch" : "complete");
                t.setInteger(r, LOOP_ITER, i / 3);
                t.setInteger(r, TASKS_PROCESSED, rnd.nextInt(8));
                t.setDepths(r, SHARED_AT_START, rnd.nextBoolean() ? zero : one);
                t.setDepths(r, SHARED_AT_END, zero);
                if (i % 300 == 0) t.setTaskId(r, (long) i);
            } else {
                t.setInteger(r, SUBMIT_IDX, i - sched);
                t.setTaskId(r, (long) (i - sched));
            }
        }
        assertThat(t.otherCount()).isZero();
        assertThat((double) t.columnBytes() / n).isLessThan(34.0);
    }

    /** What the reader keeps of each member is what Jackson reads there, whatever the value. */
    @Test
    void theReaderKeepsEveryMemberAsWritten() throws IOException {
        String[] texts = {
            "0",
            "3",
            "4095",
            "4096",
            "-7",
            "70000",
            "2147483648",
            "9223372036854775807",
            "-9223372036854775808",
            "18446744073709551615",
            "123456789012345678901234567890",
            "-18446744073709551617",
            "1.0",
            "-0.0",
            "2.5e3",
            "\"7\"",
            "\"abc\"",
            "\"\"",
            "\"-4\"",
            "\"18446744073709551615\"",
            "\" 5\"",
            "null",
            "true",
            "false",
            "[]",
            "[1, 2]",
            "[0, 6, 0]",
            "[1, 2, 3000000]",
            "[-1, 0, 0]",
            "[1, 2, 3, 4.5]",
            "[1, \"2\", 3, 4]",
            "[\"a\", null]",
            "[1.5, 2, 3]",
            "[[1], 2, 3]",
            "{\"x\": [1, 2]}"
        };
        String[] members = {"loop_iter", "tasks_processed", "submit_idx", "shared_at_start", "shared_at_end", "task_id"
        };
        int[] slots = {LOOP_ITER, TASKS_PROCESSED, SUBMIT_IDX, SHARED_AT_START, SHARED_AT_END, TASK_ID};
        Random rnd = new Random(3);
        StringBuilder sched = new StringBuilder(), orch = new StringBuilder();
        List<String[]> expected = new ArrayList<>(); // per record: member text or null, in slot order
        for (int i = 0; i < 400; i++) {
            String[] e = new String[6];
            StringBuilder rec = new StringBuilder(
                    "{\"kind\": \"dispatch\", \"start_cycles\": " + (100 + i) + ", \"end_cycles\": " + (101 + i));
            for (int m = 0; m < 6; m++) {
                if (rnd.nextInt(3) == 0) continue;
                // sometimes the member twice: the last one counts
                int times = rnd.nextInt(8) == 0 ? 2 : 1;
                for (int k = 0; k < times; k++) {
                    e[m] = texts[rnd.nextInt(texts.length)];
                    rec.append(", \"").append(members[m]).append("\": ").append(e[m]);
                }
            }
            rec.append('}');
            StringBuilder lane = i < 200 ? sched : orch;
            if (lane.length() > 0) lane.append(",\n");
            lane.append(rec);
            expected.add(e);
        }
        Timeline tl = TestFiles.read(
                        dir,
                        "r.json",
                        "{\"l2_swimlane_level\": 4, \"metadata\": {\"clock_freq_hz\": 1000000},"
                                + " \"aicore_tasks\": [[0, 0, 1, 110, 150]], \"aicpu_tasks\": [[0, 1, 100, 155]],"
                                + " \"aicpu_scheduler_phases\": [[" + sched + "], []],"
                                + " \"aicpu_orchestrator_phases\": [[" + orch + "]]}")
                .tl;
        List<PhaseRecord> all = new ArrayList<>(tl.schedulerPhases.get(0));
        all.addAll(tl.orchestratorPhases.get(0));
        assertThat(all).hasSize(400);
        assertThat(tl.phases.size()).isEqualTo(400);
        JsonFactory f = new JsonFactory();
        for (int i = 0; i < 400; i++) {
            PhaseRecord r = all.get(i);
            assertThat(r.row()).isEqualTo(i);
            assertThat(r.phase()).isEqualTo(i < 200 ? "dispatch" : "orch_submit");
            assertThat(r.startUs()).isEqualTo(i);
            for (int m = 0; m < 6; m++) {
                String text = expected.get(i)[m];
                Object want = JsonValues.ABSENT;
                if (text != null)
                    try (JsonParser p = f.createParser(text)) {
                        p.nextToken();
                        want = JsonValues.read(p);
                    }
                Object got = tl.phases.value(r.row(), slots[m]);
                assertThat(got).as("record %d %s = %s", i, members[m], text).isEqualTo(want);
                if (want instanceof BigInteger || want instanceof Double || want instanceof String)
                    assertThat(got).isInstanceOf(want.getClass());
            }
            String tid = expected.get(i)[5];
            Object raw = tl.phases.value(r.row(), TASK_ID);
            Long asLong = JsonValues.asLong(raw);
            boolean convertible = raw instanceof Long
                    || raw instanceof BigInteger
                    || ((raw instanceof String || raw instanceof Double || raw instanceof Boolean) && asLong != null);
            assertThat(r.taskIdOk()).as("record %d task_id %s", i, tid).isEqualTo(convertible);
            if (convertible) assertThat(r.taskId()).isEqualTo((long) asLong);
        }
    }
}
