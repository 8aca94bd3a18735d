package io.ptotrace.convert.pftrace;

import io.ptotrace.convert.RunPictures;
import io.ptotrace.convert.picture.ArgSet;
import io.ptotrace.convert.picture.TracePicture;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;

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
        TracePicture pic = RunPictures.ofFolder(dir);
        PftraceLayout layout = PftraceLayout.of(pic);
        System.out.printf("%d slices, %d events in the layout%n", pic.sliceCount(), layout.order.length);
        long[] ms = new long[repeat];
        long bytes = 0;
        for (int r = 0; r < repeat; r++) {
            RunPictures.ByteCounter out = new RunPictures.ByteCounter();
            long t0 = System.nanoTime();
            new PftraceEncoder(layout, out, ArgSet.LEAN, PftraceEncoder.IMPORT_WINDOW).encode();
            ms[r] = (System.nanoTime() - t0) / 1_000_000;
            bytes = out.count;
        }
        long[] namesMs = new long[repeat];
        long chars = 0;
        for (int r = 0; r < repeat; r++) {
            long t0 = System.nanoTime();
            for (int i = 0; i < pic.sliceCount(); i++) chars += pic.sliceName(i).length();
            namesMs[r] = (System.nanoTime() - t0) / 1_000_000;
        }
        System.out.printf("ms naming every slice: %s (%d chars)%n", bestAndMedian(namesMs), chars / repeat);
        System.out.printf("ms per encoding: %s; %d bytes%n", bestAndMedian(ms), bytes);
    }

    private static String bestAndMedian(long[] ms) {
        long[] sorted = ms.clone();
        Arrays.sort(sorted);
        return Arrays.toString(ms) + "; best " + sorted[0] + ", median " + sorted[ms.length / 2];
    }
}
