package io.ptotrace.convert;

import io.ptotrace.convert.estimate.CostCounter;
import io.ptotrace.convert.estimate.MemoryModel;
import io.ptotrace.convert.estimate.TraceCosts;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * convert's lines on memory: for each trace written, its size and the trace processor's estimated memory
 * for it; for a trace estimated over the threshold, how to open it anyway.
 */
final class MemoryReport {
    private MemoryReport() {}

    static void print(
            PrintStream out,
            List<ConvertJob.Written> written,
            CostCounter.Both costs,
            TraceSplit split,
            Map<Path, long[]> sizes,
            Long budget) {
        long threshold = budget != null ? budget : MemoryModel.DEFAULT_THRESHOLD;
        Path over = null, overJson = null;
        for (ConvertJob.Written w : written) {
            boolean json = w.format == ConvertOptions.Format.JSON;
            long est = estimate(json ? costs.json() : costs.pftrace(), json, sizes.get(w.path));
            line(out, w.path, sizes, est);
            if (est > threshold) {
                if (json) overJson = w.path;
                else over = w.path;
            }
        }
        if (split != null) {
            boolean heldWhole = costs.pftrace().heldBytes() > 0;
            for (TraceSplit.Part p : split.parts) {
                long saved = heldWhole ? 0 : MemoryModel.unmappedBytes(size(sizes.get(p.path())));
                line(out, p.path(), sizes, p.estimate() - saved);
            }
        }
        String limit = MemoryModel.shown(threshold);
        if (over != null) {
            out.println(over.getFileName() + " is estimated above " + limit
                    + ", more than a browser tab may hold: open it with the native "
                    + "trace processor (trace_processor --httpd " + over + ", then ui.perfetto.dev offers to use it)"
                    + (split != null
                            ? ", or open its windows listed in " + split.index
                            : ", or write browser-sized windows with --split 1.5G"));
        } else if (overJson != null) {
            out.println(overJson.getFileName() + " is estimated above " + limit
                    + ", more than a browser tab may hold: open the .pftrace "
                    + "(--format both), or use the native trace processor (trace_processor --httpd " + overJson
                    + ", then ui.perfetto.dev offers to use it)");
        }
    }

    /**
     * A trace held whole (the JSON, or a .pftrace without import marks: counted with held bytes) is estimated with
     * the bytes of the trace written (before its packets were compressed) in place of the count's guess: it keeps
     * the batches it inflates as it would keep the plain file. A trace the processor frees as it goes (a lean
     * .pftrace, with import marks) whose packets were compressed maps fewer bytes ({@link MemoryModel#unmappedBytes}).
     */
    static long estimate(TraceCosts c, boolean json, long[] size) {
        boolean held = json || c.heldBytes() > 0;
        if (held && size != null && size[1] >= 0) c = c.withHeldBytes(size[1]);
        return MemoryModel.estimate(c, json) - (held ? 0 : MemoryModel.unmappedBytes(size(size)));
    }

    /** {file bytes, bytes before compression}; unknown: {-1, -1}. */
    private static long[] size(long[] size) {
        return size == null ? new long[] {-1, -1} : size;
    }

    private static void line(PrintStream out, Path path, Map<Path, long[]> sizes, long estimate) {
        long[] size = sizes.get(path);
        String bytes = size == null || size[0] < 0 ? "" : MemoryModel.shown(size[0]) + ", ";
        out.println(path.getFileName() + ": " + bytes + "est. " + MemoryModel.shown(estimate)
                + " in Perfetto's trace processor");
    }
}
