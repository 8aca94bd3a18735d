package io.ptotrace.convert.pftrace;

import static org.assertj.core.api.Assertions.assertThat;

import io.ptotrace.convert.TraceBuilder;
import io.ptotrace.convert.json.ChromeJsonWriter;
import io.ptotrace.convert.picture.FlowKind;
import io.ptotrace.convert.picture.TracePicture;
import io.ptotrace.inspect.Summary;
import io.ptotrace.inspect.TraceInspector;
import io.ptotrace.model.NameMap;
import io.ptotrace.model.RecordsReader;
import io.ptotrace.model.Run;
import io.ptotrace.model.deps.DepsProjection;
import io.ptotrace.synth.SynthOptions;
import io.ptotrace.synth.SynthRun;
import java.io.BufferedOutputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A generated level-4 run with deps, two rings and many happens-before violations, written in both formats
 * and read back by inspect: the .pftrace keeps every arrow and marks every hb_violation, both formats show
 * the same slices and arrows, and the .pftrace is the smaller file. (Write times: bench/convert.sh.)
 */
class GeneratedRunTest {
    @TempDir
    Path tmp;

    @Test
    void bothFormatsOfAGeneratedRunAgreeAndThePftraceKeepsEveryArrow() throws Exception {
        SynthRun.Result r = SynthRun.write(
                SynthOptions.builder()
                        .tasks(3000)
                        .level(4)
                        .seed(7)
                        .rings(2)
                        .hbViolationShare(0.05)
                        .withDeps(true)
                        .build(),
                tmp.resolve("run"));
        Run run = new Run(
                RecordsReader.read(r.recordsFile(), w -> {}),
                DepsProjection.read(r.depsFile()),
                r.nameMapFile() != null ? NameMap.read(r.nameMapFile()) : null);
        TracePicture pic = TraceBuilder.build(run, true, w -> {}, null).picture;
        long hb = 0;
        for (int f = 0; f < pic.flowCount(); f++) if (pic.flowKind(f) == FlowKind.HB_VIOLATION) hb++;
        assertThat(hb).isPositive();

        Path json = tmp.resolve("t.json"), pf = tmp.resolve("t.pftrace");
        try (OutputStream o = new BufferedOutputStream(Files.newOutputStream(json), 1 << 16)) {
            ChromeJsonWriter.write(pic, o);
        }
        PerfettoProtoWriter.Report report;
        try (OutputStream o = new BufferedOutputStream(Files.newOutputStream(pf), 1 << 16)) {
            report = PerfettoProtoWriter.write(pic, o);
        }
        Summary sj = TraceInspector.inspect(json), sp = TraceInspector.inspect(pf);

        assertThat(sp.problems).isEmpty();
        assertThat(sp.slices).isEqualTo(sj.slices).isEqualTo(pic.sliceCount());
        assertThat(sp.flows).isEqualTo(sj.flows).isEqualTo(sp.flowsShown).isEqualTo(pic.flowCount());
        assertThat(sp.flowsByKind).isEqualTo(sj.flowsByKind);
        assertThat(sp.hbViolations)
                .isEqualTo(sp.hbMarkers)
                .isEqualTo(report.hbMarkers)
                .isEqualTo(hb);
        assertThat(sp.markerSlices).isEqualTo(pic.marks().count());
        assertThat(report.bytes).isEqualTo(Files.size(pf)).isLessThan(Files.size(json));
    }
}
