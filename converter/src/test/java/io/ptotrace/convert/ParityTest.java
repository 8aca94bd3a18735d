package io.ptotrace.convert;

import static org.assertj.core.api.Assertions.assertThat;

import io.ptotrace.convert.json.ChromeJsonWriter;
import io.ptotrace.convert.pftrace.PerfettoProtoWriter;
import io.ptotrace.convert.picture.TracePicture;
import io.ptotrace.inspect.Summary;
import io.ptotrace.inspect.TraceInspector;
import io.ptotrace.model.RunLocator;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * For every sample run under testdata/ (runs/* and conformance/*, except the cases that expect an error), the
 * Chrome JSON and the .pftrace of the same picture, read back through inspect, describe the same processes,
 * threads, slice counts, counters and flows; the .pftrace has no structural problem. A run that does not
 * convert fails the test; only a checkout without testdata/ skips it.
 */
class ParityTest {
    @TempDir
    Path tmp;

    static List<Path> runs() throws IOException {
        List<Path> out = new ArrayList<>();
        for (String sub : new String[] {"runs", "conformance"}) {
            for (Path root : new Path[] {Path.of("testdata", sub), Path.of("..", "testdata", sub)}) {
                if (!Files.isDirectory(root)) continue;
                try (Stream<Path> s = Files.list(root)) {
                    for (Path d : s.sorted().collect(Collectors.toList()))
                        if (records(d) != null && !Files.exists(d.resolve("expected_error.txt"))) out.add(d);
                }
                break;
            }
        }
        return out;
    }

    static Path records(Path dir) {
        return Files.isDirectory(dir) ? RunLocator.recordsIn(dir) : null;
    }

    @TestFactory
    List<DynamicTest> jsonAndPftraceAgree() throws IOException {
        List<Path> runs = runs();
        assertThat(runs).as("sample runs under testdata/").isNotEmpty();
        List<DynamicTest> tests = new ArrayList<>();
        for (Path dir : runs) {
            for (boolean overhead : new boolean[] {false, true}) {
                tests.add(DynamicTest.dynamicTest(
                        dir.getFileName() + (overhead ? " --overhead" : ""), () -> check(dir, overhead)));
            }
        }
        return tests;
    }

    void check(Path dir, boolean overhead) throws Exception {
        Path records = records(dir);
        TracePicture pic = RunPictures.of(records, overhead);
        Path json = tmp.resolve(dir.getFileName() + ".json"), pf = tmp.resolve(dir.getFileName() + ".pftrace");
        try (OutputStream o = Files.newOutputStream(json)) {
            ChromeJsonWriter.write(pic, o);
        }
        try (OutputStream o = Files.newOutputStream(pf)) {
            PerfettoProtoWriter.write(pic, o);
        }
        Summary j = TraceInspector.inspect(json), p = TraceInspector.inspect(pf);

        assertThat(p.problems).as("pftrace problems").isEmpty();
        assertThat(p.processes).isEqualTo(j.processes);
        assertThat(p.threads).isEqualTo(j.threads);
        assertThat(p.slices).isEqualTo(j.slices).isEqualTo(pic.sliceCount());
        // the lean .pftrace leaves out counter values that repeat the one before them on their track
        assertThat(p.counterSamples).isLessThanOrEqualTo(j.counterSamples);
        if (j.counterSamples > 0) assertThat(p.counterSamples).isPositive();
        assertThat(p.counterTracks).isEqualTo(j.counterTracks);
        assertThat(p.flows).isEqualTo(j.flows).isEqualTo(pic.flowCount());
        assertThat(p.flowsShown).isEqualTo(pic.flowCount());
        assertThat(p.flowsByKind).isEqualTo(j.flowsByKind);
        assertThat(p.hbViolations).isEqualTo(j.hbViolations).isEqualTo(p.hbMarkers);
        // what the picture check predicts for the JSON is what inspect finds in the written file
        Summary predicted = PictureInspection.summarize(pic, TraceInspector.Format.JSON);
        assertThat(predicted.problemCounts).isEqualTo(j.problemCounts);
        assertThat(predicted.flowsShown).isEqualTo(j.flowsShown);
        if (!j.clean())
            System.out.println(dir.getFileName() + (overhead ? " --overhead" : "") + ": JSON " + j.problemCounts);
    }
}
