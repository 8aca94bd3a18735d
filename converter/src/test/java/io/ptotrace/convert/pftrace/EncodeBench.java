package io.ptotrace.convert.pftrace;

import io.ptotrace.convert.TraceBuilder;
import io.ptotrace.convert.picture.ArgSet;
import io.ptotrace.convert.picture.TracePicture;
import io.ptotrace.model.NameMap;
import io.ptotrace.model.RecordsReader;
import io.ptotrace.model.Run;
import io.ptotrace.model.deps.DepsProjection;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Stream;

/**
 * Times {@link PftraceEncoder} alone: reads a run folder, draws its picture and lays out its lean trace once,
 * then encodes that layout REPEAT times into a stream that only counts bytes (no deflating), and builds every
 * slice's name REPEAT times (a share of the encoding, and of the JSON writer's work). Prints each time, the best
 * and median, and the packet bytes.
 *
 * <pre>java -cp converter/target/classes:converter/target/test-classes:cli/target/ptotrace.jar \
 *     io.ptotrace.convert.pftrace.EncodeBench RUN_FOLDER [REPEAT]</pre>
 *
 * (bench/encode.sh runs it on a synthetic run.)
 */
public final class EncodeBench {
    private EncodeBench() {}

    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args[0]);
        int repeat = args.length > 1 ? Integer.parseInt(args[1]) : 7;
        Path records = dir.resolve("l2_swimlane_records.json");
        Path names;
        try (Stream<Path> s = Files.list(dir)) {
            names = s.filter(p -> p.getFileName().toString().startsWith("name_map"))
                    .findFirst()
                    .orElse(null);
        }
        Run run = new Run(
                RecordsReader.read(records, w -> {}),
                DepsProjection.read(dir.resolve("deps.json")),
                names == null ? null : NameMap.read(names));
        TracePicture pic = TraceBuilder.build(run, false, w -> {}, null).picture;
        PftraceLayout layout = PftraceLayout.of(pic);
        System.out.printf("%d slices, %d events in the layout%n", pic.sliceCount(), layout.order.length);
        long[] ms = new long[repeat], cpuMs = new long[repeat];
        long bytes = 0;
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        for (int r = 0; r < repeat; r++) {
            Counting out = new Counting();
            long t0 = System.nanoTime(), c0 = threads.getCurrentThreadCpuTime();
            new PftraceEncoder(layout, out, ArgSet.LEAN, PftraceEncoder.IMPORT_WINDOW).encode();
            ms[r] = (System.nanoTime() - t0) / 1_000_000;
            cpuMs[r] = (threads.getCurrentThreadCpuTime() - c0) / 1_000_000;
            bytes = out.bytes;
        }
        long[] namesMs = new long[repeat];
        long chars = 0;
        for (int r = 0; r < repeat; r++) {
            long t0 = System.nanoTime();
            for (int i = 0; i < pic.sliceCount(); i++) chars += pic.sliceName(i).length();
            namesMs[r] = (System.nanoTime() - t0) / 1_000_000;
        }
        long[] namesSorted = namesMs.clone();
        Arrays.sort(namesSorted);
        System.out.printf(
                "ms naming every slice: %s; best %d, median %d (%d chars)%n",
                Arrays.toString(namesMs), namesSorted[0], namesSorted[repeat / 2], chars / repeat);
        long[] sorted = ms.clone(), cpuSorted = cpuMs.clone();
        Arrays.sort(sorted);
        Arrays.sort(cpuSorted);
        System.out.printf(
                "ms per encoding: %s; best %d, median %d; CPU best %d, median %d; %d bytes%n",
                Arrays.toString(ms), sorted[0], sorted[repeat / 2], cpuSorted[0], cpuSorted[repeat / 2], bytes);
    }

    private static final class Counting extends OutputStream {
        long bytes;

        @Override
        public void write(int b) {
            bytes++;
        }

        @Override
        public void write(byte[] b, int off, int len) {
            bytes += len;
        }
    }
}
