package io.ptotrace.convert.pftrace;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.ptotrace.convert.ConvertJob;
import io.ptotrace.convert.ConvertOptions;
import io.ptotrace.proto.TrackDescriptor;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Input strings with unpaired UTF-16 surrogates: both traces show U+FFFD for them, and nothing is logged. */
class UnpairedSurrogateTest {
    // the escapes are JSON's: the files hold what a fuzzer wrote
    static final String RECORDS = """
        {"l2_swimlane_level": 2,
         "metadata": {"clock_freq_hz": 1000000, "num_cores": 3, "core_types": ["aic", "aiv", "aiv\\udc00"]},
         "aicore_tasks": [[0, 0, 1, 110, 150, 2], [1, 1, 1, 160, 200, 3], [2, 2, 1, 210, 230, 1]],
         "aicpu_tasks": [[0, 1, 100, 155], [1, 1, 152, 205], [2, 1, 205, 240]]}
        """;
    static final String DEPS = """
        {"tasks": [
           {"task_id": "0", "scope": "auto", "kernel_ids": [0, -1, -1], "block_num": 1, "args": []},
           {"task_id": "1", "scope": "auto", "kernel_ids": [-1, 1, -1], "block_num": 1, "args": []},
           {"task_id": "2", "scope": "auto", "kernel_ids": [-1, 1, -1], "block_num": 1, "args": []}],
         "tensors": [],
         "edges": [{"pred": "0", "succ": "1", "arg": 0, "source": "creator", "tensor_id": "1"}]}
        """;
    static final String NAMES = """
        {"callable_id_to_name": {"0": "QK\\ud800", "1": "\\ud83d\\ude00SF"}}
        """;

    @TempDir
    Path dir;

    @Test
    void bothTracesCarryReplacementCharactersAndNothingGoesToStderr() throws Exception {
        Path run = dir.resolve("run");
        Files.createDirectories(run);
        Files.writeString(run.resolve("l2_swimlane_records.json"), RECORDS);
        Files.writeString(run.resolve("deps.json"), DEPS);
        ConvertOptions o = new ConvertOptions();
        o.input = run;
        o.funcNames = Files.writeString(dir.resolve("names.json"), NAMES);
        o.format = ConvertOptions.Format.BOTH;

        ByteArrayOutputStream out = new ByteArrayOutputStream(),
                err = new ByteArrayOutputStream(),
                syserr = new ByteArrayOutputStream();
        List<LogRecord> logged = new ArrayList<>();
        Handler h = new Handler() {
            @Override
            public void publish(LogRecord r) {
                logged.add(r);
            }

            @Override
            public void flush() {}

            @Override
            public void close() {}
        };
        Logger root = Logger.getLogger("");
        PrintStream oldErr = System.err;
        root.addHandler(h);
        System.setErr(new PrintStream(syserr, true, StandardCharsets.UTF_8));
        try {
            new ConvertJob(
                            o,
                            new PrintStream(out, true, StandardCharsets.UTF_8),
                            new PrintStream(err, true, StandardCharsets.UTF_8),
                            false)
                    .run();
        } finally {
            System.setErr(oldErr);
            root.removeHandler(h);
        }
        assertThat(logged).extracting(LogRecord::getMessage).isEmpty();
        assertThat(syserr.toString(StandardCharsets.UTF_8)).isEmpty();
        assertThat(err.toString(StandardCharsets.UTF_8)).isEmpty();

        String shownName = "QK\uFFFD(t0)", emojiName = "\uD83D\uDE00SF(t1)", thread = "AIV\uFFFD_2";

        byte[] json = Files.readAllBytes(run.resolve("merged_swimlane.json"));
        assertThat(new String(json, StandardCharsets.US_ASCII))
                .containsIgnoringCase("QK\\uFFFD(t0)")
                .doesNotContainIgnoringCase("\\uD800")
                .doesNotContainIgnoringCase("\\uDC00");
        List<String> jsonNames = new ArrayList<>();
        for (JsonNode e : new ObjectMapper().readTree(json).get("traceEvents")) {
            if (e.has("name")) jsonNames.add(e.get("name").asText());
            if (e.path("args").has("name"))
                jsonNames.add(e.get("args").get("name").asText());
        }
        assertThat(jsonNames).contains(shownName, emojiName, thread);

        Readback pb = new Readback(Files.readAllBytes(run.resolve("merged_swimlane.pftrace")));
        assertThat(pb.errors).isEmpty();
        assertThat(pb.slices).extracting(s -> s.name).contains(shownName, emojiName);
        assertThat(pb.tracks.values())
                .extracting(TrackDescriptor::getThread)
                .extracting(t -> t.getThreadName())
                .contains(thread);
    }
}
