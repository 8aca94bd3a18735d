package io.ptotrace.model.deps;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Times the deps.json byte scan convert reads its projection with, on one thread (no second half), with a visitor
 * that only counts: each scan's wall time and MB/s, and the best and median of REPEAT scans.
 *
 * <pre>java -cp model/target/classes:model/target/test-classes:cli/target/ptotrace.jar \
 *     io.ptotrace.model.deps.DepsScanBench DEPS_JSON [REPEAT]</pre>
 *
 * (bench/deps-scan.sh runs it on the 100k-task synthetic run.)
 */
public final class DepsScanBench {
    private DepsScanBench() {}

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        int repeat = args.length > 1 ? Integer.parseInt(args[1]) : 7;
        double mb = Files.size(file) / 1e6;
        long[] ms = new long[repeat];
        for (int r = 0; r < repeat; r++) {
            long[] seen = new long[2];
            DepsVisitor counter = new DepsVisitor() {
                @Override
                public void task(DepsTask t) {
                    seen[0]++;
                }

                @Override
                public void edge(DepsEdge e) {
                    seen[1]++;
                }
            };
            long t0 = System.nanoTime();
            boolean whole = DepsProjectionScan.read(file, counter, null);
            ms[r] = (System.nanoTime() - t0) / 1_000_000;
            if (!whole) throw new IllegalStateException(file + ": not read by the byte scan");
            if (r == 0) System.out.printf("%s: %.0f MB, %d tasks, %d edges%n", file, mb, seen[0], seen[1]);
        }
        long[] sorted = ms.clone();
        Arrays.sort(sorted);
        System.out.printf(
                "ms per scan: %s; best %d (%.0f MB/s), median %d (%.0f MB/s)%n",
                Arrays.toString(ms),
                sorted[0],
                mb * 1000 / sorted[0],
                sorted[repeat / 2],
                mb * 1000 / sorted[repeat / 2]);
    }
}
