package io.ptotrace.convert;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.ptotrace.inspect.Summary;
import io.ptotrace.inspect.TraceInspector;
import io.ptotrace.synth.SynthOptions;
import io.ptotrace.synth.SynthTree;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@code dfx_outputs/} tree of two host_build_graph ranks where rank 1 is host-orchestrated (an A5 capture:
 * orchestrator on the host, {@code aicpu_lifecycle_records}, Host records on the host clock) and rank 0 is a
 * device-orchestrated generated capture. Rank 1 is the host-placed sample capture, moved into the tree: its
 * sidecar joined to the tree's parent dispatch, its Host log beside the other rank's, on the same Host clock
 * domain. The host-orchestrated rank is placed by the reader through its sidecar and Host records, its Host
 * records land on the merged Host axis where the Host clock says, its device inside its runner window.
 */
class HostOrchestratedRankTreeTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    static final Path SAMPLE = Path.of("..", "testdata", "conformance", "streams_sample_hbg_host_placed");

    @TempDir
    static Path shared;

    static Path tree;

    @TempDir
    Path tmp;

    @BeforeAll
    static void writeTree() throws IOException {
        tree = shared.resolve("dfx_outputs");
        SynthOptions o =
                GeneratedTrees.streams(300, 7).runtime(SynthOptions.HBG).build();
        SynthTree.write(o, 2, 1, tree);
        Path rank1 = tree.resolve("rank1/d0");
        ObjectNode identity = (ObjectNode)
                JSON.readTree(tree.resolve("rank0/d0/dispatch_identity.json").toFile());
        JsonNode own = JSON.readTree(SAMPLE.resolve("dispatch_identity.json").toFile());
        try (var s = Files.list(rank1)) {
            for (Path p : (Iterable<Path>) s::iterator) Files.delete(p);
        }
        Files.delete(tree.resolve("host." + (SynthTree.HOST_PID_BASE + 1) + ".log"));
        // the sample's records on the tree's Host clock domain, its sidecar naming the tree's parent dispatch
        Files.writeString(
                rank1.resolve("chip_swimlane_records.json"),
                Files.readString(SAMPLE.resolve("chip_swimlane_records.json"))
                        .replace("\"boot-f2e66b93dc48\"", "\"boot-synth\""));
        Files.copy(SAMPLE.resolve("deps.json"), rank1.resolve("deps.json"));
        Files.copy(
                SAMPLE.resolve("name_map_streams_sample_hbg_host_placed.json"), rank1.resolve("name_map_sample.json"));
        identity.put("group_index", 1).put("chip_rank", 1);
        for (String k : List.of("host_pid", "endpoint_dispatch_id", "pipeline_slot", "pipeline_generation"))
            identity.set(k, own.get(k));
        JSON.writerWithDefaultPrettyPrinter()
                .writeValue(rank1.resolve("dispatch_identity.json").toFile(), identity);
        // its Host log's dispatch span names the tree's run
        Files.writeString(
                tree.resolve("host.4242.log"),
                Files.readString(SAMPLE.resolve("host.4242.log"))
                        .replace("run_id=9 ", "run_id=" + SynthTree.RUN_ID + " "));
    }

    private static JsonNode read(Path p) throws IOException {
        return JSON.readTree(p.toFile());
    }

    @Test
    void theHostOrchestratedRankIsPlacedByItsHostRecordsBesideADeviceOrchestratedOne() throws IOException {
        Path json = tmp.resolve("l3.json");
        TreeConvertTest.Run r = TreeConvertTest.convert(tree, json, "d0", null, List.of(), false);
        assertThat(r.partial()).as(r.stderr()).isFalse();
        assertThat(r.stdout()).contains("\u2713 Multi-Rank conversion complete", "  Ranks:  rank0, rank1");
        JsonNode trace = read(json), m = trace.get("metadata");
        assertThat(m.get("trace_status").asText()).isEqualTo("complete");
        assertThat(m.get("runtime").asText()).isEqualTo("host_build_graph");
        assertThat(m.get("host_logs").toString()).contains("host.4242.log", "host.5000.log");

        JsonNode r0 = m.get("ranks").get(0), r1 = m.get("ranks").get(1);
        assertThat(r0.get("host_pairing").get("pid").asLong()).isEqualTo(SynthTree.HOST_PID_BASE);
        assertThat(r0.get("host_capture").isNull()).isTrue();
        assertThat(r1.get("host_pairing").get("pid").asLong()).isEqualTo(4242);
        assertThat(r1.get("host_pairing").get("inv").asLong()).isEqualTo(3);
        assertThat(r1.get("host_pairing").get("source").asText()).isEqualTo("capture_sidecar");
        assertThat(r1.get("host_capture").get("status").asText()).isEqualTo("complete");
        JsonNode p1 = r1.get("placement");
        assertThat(p1.get("outer_pid").asLong()).isEqualTo(4242);
        assertThat(p1.get("outer_inv").asLong()).isEqualTo(3);
        // the capture's own origin is its first Host record (the first upload), not a device cycle
        JsonNode records = read(SAMPLE.resolve("chip_swimlane_records.json"));
        assertThat(r1.get("source_timeline_origin_ns").asLong())
                .isEqualTo(records.get("metadata")
                        .get("host_orchestration_origin_ns")
                        .asLong());

        Map<Integer, String> names = new TreeMap<>();
        for (JsonNode e : trace.get("traceEvents"))
            if (e.get("ph").asText().equals("M") && e.get("name").asText().equals("process_name"))
                names.put(e.get("pid").asInt(), e.get("args").get("name").asText());
        assertThat(names)
                .containsEntry(201, "rank1 / Host Orchestrator")
                .containsEntry(206, "rank1 / AICPU Lifecycle")
                .containsEntry(205, "rank1 / Graph Execution")
                .containsEntry(204, "rank1 / Worker View")
                .containsEntry(104, "rank0 / Worker View")
                .containsEntry(14, "rank1 / Host")
                .doesNotContainKey(106); // the device-orchestrated rank has no lifecycle records
        assertThat(names.get(101)).doesNotContain("Host Orchestrator");

        // on the merged axis (0 = the earliest Host time of the merge): Host records where the Host clock says,
        // the device inside the rank's runner window
        long origin = m.get("global_origin_ns").asLong();
        long firstSubmit = Long.MAX_VALUE;
        for (JsonNode lane : records.get("host_orchestrator_phases"))
            for (JsonNode rec : lane)
                firstSubmit = Math.min(firstSubmit, rec.get("start_host_ns").asLong());
        double runnerFrom = (p1.get("outer_start_ns").asLong() - origin) / 1000.0,
                runnerTo = runnerFrom + p1.get("outer_duration_ns").asLong() / 1000.0;
        long firstUpload =
                records.get("host_device_uploads").get(0).get("start_host_ns").asLong();
        double hostFirst = Double.MAX_VALUE, deviceFirst = Double.MAX_VALUE, deviceLast = 0;
        double uploadTs = Double.NaN, lifecycleFirst = Double.MAX_VALUE, lifecycleLast = 0;
        int worker = 0, host = 0;
        for (JsonNode e : trace.get("traceEvents")) {
            if (!e.get("ph").asText().equals("X")) continue;
            double ts = e.get("ts").asDouble(), end = ts + e.get("dur").asDouble();
            int pid = e.get("pid").asInt();
            String name = e.get("name").asText();
            if (pid == 201 && name.startsWith("submit(")) {
                host++;
                hostFirst = Math.min(hostFirst, ts);
            }
            if (pid == 201 && name.equals("arena_h2d")) uploadTs = ts;
            if (pid == 206) {
                lifecycleFirst = Math.min(lifecycleFirst, ts);
                lifecycleLast = Math.max(lifecycleLast, end);
            }
            if (pid == 204 && !name.startsWith("alloc(") && !name.startsWith("dummy(")) {
                worker++;
                deviceFirst = Math.min(deviceFirst, ts);
                deviceLast = Math.max(deviceLast, end);
            }
            if (pid == 14 && e.get("name").asText().equals("chip.run.runner_run"))
                assertThat(ts).isCloseTo(runnerFrom, org.assertj.core.data.Offset.offset(0.001));
        }
        assertThat(host).isPositive();
        assertThat(worker).isPositive();
        assertThat(hostFirst).isCloseTo((firstSubmit - origin) / 1000.0, org.assertj.core.data.Offset.offset(0.001));
        assertThat(deviceFirst).isGreaterThanOrEqualTo(runnerFrom);
        assertThat(deviceLast).isLessThanOrEqualTo(runnerTo);
        assertThat(hostFirst).isLessThan(deviceFirst); // host orchestration precedes the device
        // the Host uploads on the Host clock too, and the AICPU lifecycle inside the runner window with the device
        assertThat(uploadTs).isCloseTo((firstUpload - origin) / 1000.0, org.assertj.core.data.Offset.offset(0.001));
        assertThat(lifecycleFirst).isGreaterThanOrEqualTo(runnerFrom);
        assertThat(lifecycleLast).isLessThanOrEqualTo(runnerTo);
    }

    @Test
    void bothFormatsShowTheSamePicture() throws IOException {
        Path json = tmp.resolve("m.json");
        List<ConvertJob.Written> w = TreeConvertTest.convert(tree, json, "d0", null, List.of(), false)
                .written();
        Summary j = TraceInspector.inspect(json), p = TraceInspector.inspect(w.get(1).path);
        assertThat(p.problems).as("pftrace problems").isEmpty();
        assertThat(p.processes).isEqualTo(j.processes).containsValue("rank1 / AICPU Lifecycle");
        assertThat(p.slices).isEqualTo(j.slices);
        assertThat(p.flows).isEqualTo(j.flows).isEqualTo(p.flowsShown).isPositive();
    }
}
