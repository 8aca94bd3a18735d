package io.ptotrace.convert.json;

import io.ptotrace.convert.RunPictures;
import io.ptotrace.convert.picture.TracePicture;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Times the JSON trace's rendering alone: reads a run folder and draws its picture once, then renders the JSON
 * trace REPEAT times on one thread into a stream that only counts bytes (no file). Prints each time, the best and
 * median, and the bytes.
 *
 * <pre>java -cp converter/target/classes:converter/target/test-classes:cli/target/ptotrace.jar \
 *     io.ptotrace.convert.json.JsonRenderBench RUN_FOLDER [REPEAT]</pre>
 *
 * (bench/json-render.sh runs it on a synthetic run.)
 */
public final class JsonRenderBench {
    private JsonRenderBench() {}

    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args[0]);
        int repeat = args.length > 1 ? Integer.parseInt(args[1]) : 7;
        TracePicture pic = RunPictures.ofFolder(dir);
        System.out.printf(
                "%d slices, %d flows, %d counter samples%n", pic.sliceCount(), pic.flowCount(), pic.counterCount());
        long[] ms = new long[repeat];
        long bytes = 0;
        for (int r = 0; r < repeat; r++) {
            RunPictures.ByteCounter out = new RunPictures.ByteCounter();
            long t0 = System.nanoTime();
            ChromeJsonWriter.write(pic, out, 1);
            ms[r] = (System.nanoTime() - t0) / 1_000_000;
            bytes = out.count;
        }
        long[] sorted = ms.clone();
        Arrays.sort(sorted);
        System.out.printf(
                "ms per rendering: %s; best %d, median %d; %d bytes%n",
                Arrays.toString(ms), sorted[0], sorted[repeat / 2], bytes);
    }
}
