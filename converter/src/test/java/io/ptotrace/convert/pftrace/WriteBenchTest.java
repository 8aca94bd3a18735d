package io.ptotrace.convert.pftrace;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.ptotrace.convert.TraceBuilder;
import io.ptotrace.convert.inspect.Summary;
import io.ptotrace.convert.inspect.TraceInspector;
import io.ptotrace.convert.json.ChromeJsonWriter;
import io.ptotrace.convert.picture.TracePicture;
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
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Size and write time of the .pftrace against the compact Chrome JSON for a large synthetic run.
 * Runs only with {@code -Dptotrace.bench=TASKS} (e.g. 200000); prints the figures.
 */
class WriteBenchTest {
    @TempDir
    Path tmp;

    @Test
    void pftraceVersusJson() throws Exception {
        String p = System.getProperty("ptotrace.bench");
        assumeTrue(p != null, "set -Dptotrace.bench=TASKS to run");
        int tasks = Integer.parseInt(p);
        SynthRun.Result r = SynthRun.write(SynthOptions.builder().tasks(tasks).level(4).seed(7).hbViolationShare(0.05)
            .withDeps(true).build(), tmp);
        Run run = new Run(RecordsReader.read(r.recordsFile(), w -> { }), DepsProjection.read(r.depsFile()),
            r.nameMapFile() != null ? NameMap.read(r.nameMapFile()) : null);
        TracePicture pic = TraceBuilder.build(run, true, w -> { }, null).picture;
        System.out.printf(Locale.ROOT, "picture: %d tasks, %d slices, %d counter samples, %d flows%n", tasks, pic.sliceCount(),
            pic.counterCount(), pic.flowCount());
        Path json = tmp.resolve("t.json"), pf = tmp.resolve("t.pftrace");
        long bestJson = Long.MAX_VALUE, bestPf = Long.MAX_VALUE;
        for (int i = 0; i < 3; i++) {
            long t0 = System.nanoTime();
            try (OutputStream o = new BufferedOutputStream(Files.newOutputStream(json), 1 << 16)) { ChromeJsonWriter.write(pic, o); }
            long t1 = System.nanoTime();
            try (OutputStream o = new BufferedOutputStream(Files.newOutputStream(pf), 1 << 16)) { PerfettoProtoWriter.write(pic, o); }
            long t2 = System.nanoTime();
            bestJson = Math.min(bestJson, t1 - t0);
            bestPf = Math.min(bestPf, t2 - t1);
        }
        long js = Files.size(json), ps = Files.size(pf);
        System.out.printf(Locale.ROOT, "json    %,15d bytes  %7.0f ms%n", js, bestJson / 1e6);
        System.out.printf(Locale.ROOT, "pftrace %,15d bytes  %7.0f ms  (size %.3f of JSON, time %.2f of JSON)%n", ps, bestPf / 1e6,
            (double) ps / js, (double) bestPf / bestJson);
        long t3 = System.nanoTime();
        Summary sj = TraceInspector.inspect(json);
        long t4 = System.nanoTime();
        Summary sp = TraceInspector.inspect(pf);
        long t5 = System.nanoTime();
        System.out.printf(Locale.ROOT, "inspect json %.0f ms (%d problems), pftrace %.0f ms (%d problems)%n", (t4 - t3) / 1e6,
            sj.problemCount(), (t5 - t4) / 1e6, sp.problemCount());
        System.out.println(PerfettoProtoWriter.plan(pic));
    }
}
