package io.ptotrace.compare;

import io.ptotrace.convert.ProcessLayout;
import io.ptotrace.convert.RankClock;
import io.ptotrace.convert.TraceBuilder;
import io.ptotrace.convert.pftrace.PacketCompression;
import io.ptotrace.convert.pftrace.PftraceTraceWriter;
import io.ptotrace.convert.picture.ArgSet;
import io.ptotrace.convert.picture.TracePicture;
import io.ptotrace.model.Run;
import io.ptotrace.model.Timeline;
import io.ptotrace.model.deps.DepsProjection;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.function.Consumer;

/**
 * Both runs in one Perfetto trace: each drawn by the converter's own rules into one picture, OLD's processes above
 * NEW's ({@code OLD / Worker View}, {@code NEW / Worker View}, …), each run moved so that its first AICore start is
 * at 0, and every kernel slice carrying its matched task and how its duration and start changed.
 */
final class CompareTrace {
    private final TracePicture pic;
    private final Consumer<String> warn;

    private CompareTrace(TracePicture pic, Consumer<String> warn) {
        this.pic = pic;
        this.warn = warn;
    }

    /** Draws the first run of each side; {@code matching} maps each OLD capture's tasks to NEW's of the same rank. */
    static CompareTrace of(
            List<CaptureReader.Read> old, List<CaptureReader.Read> neu, List<int[]> matching, Consumer<String> warn) {
        TracePicture pic = new TracePicture();
        // each side's first AICore start goes to one time, late enough that what came before it (submits, scheduler
        // phases) stays at or after 0, where Perfetto keeps it; the ranks of a tree keep their places on its clock
        double lead = 0;
        for (List<CaptureReader.Read> side : List.of(old, neu))
            lead = Math.max(lead, sideFirst(side) - sideEarliest(side));
        for (List<CaptureReader.Read> side : List.of(old, neu)) {
            double shift = lead - sideFirst(side);
            for (CaptureReader.Read r : side) if (shift != 0) RankClock.shift(r.timeline(), shift);
        }
        int slot = 0;
        TraceBuilder.Result[] oldDrawn = new TraceBuilder.Result[old.size()];
        TraceBuilder.Result[] newDrawn = new TraceBuilder.Result[neu.size()];
        for (int i = 0; i < old.size(); i++) oldDrawn[i] = draw(pic, old.get(i), slot++, "OLD", warn);
        for (int i = 0; i < neu.size(); i++) newDrawn[i] = draw(pic, neu.get(i), slot++, "NEW", warn);
        for (int i = 0; i < old.size(); i++) {
            RunFigures x = old.get(i).figures();
            int j = rankIndex(neu, x.capture.rank());
            int[] map = matching.get(i);
            int[] back = null;
            RunFigures y = null;
            if (j >= 0) {
                y = neu.get(j).figures();
                back = new int[y.taskId.length];
                java.util.Arrays.fill(back, -1);
                for (int t = 0; t < map.length; t++) if (map[t] >= 0) back[map[t]] = t;
            }
            note(pic, old.get(i).timeline(), oldDrawn[i], x, map, y, true);
            if (j >= 0) note(pic, neu.get(j).timeline(), newDrawn[j], y, back, x, false);
        }
        for (int j = 0; j < neu.size(); j++)
            if (rankIndex(old, neu.get(j).figures().capture.rank()) < 0)
                note(pic, neu.get(j).timeline(), newDrawn[j], neu.get(j).figures(), null, null, false);
        return new CompareTrace(pic, warn);
    }

    private static int rankIndex(List<CaptureReader.Read> side, int rank) {
        for (int i = 0; i < side.size(); i++) if (side.get(i).figures().capture.rank() == rank) return i;
        return -1;
    }

    private static TraceBuilder.Result draw(
            TracePicture pic, CaptureReader.Read r, int slot, String side, Consumer<String> warn) {
        Timeline tl = r.timeline();
        Capture c = r.figures().capture;
        DepsProjection deps = c.deps() == null ? null : DepsProjection.read(c.deps(), s -> {});
        String prefix = side + (c.rank() >= 0 ? " rank" + c.rank() : "") + " / ";
        return TraceBuilder.build(
                new Run(tl, deps, r.names()), ProcessLayout.ofSlot(slot, prefix), pic, false, s -> {}, null, null);
    }

    private static double sideFirst(List<CaptureReader.Read> side) {
        double m = Double.POSITIVE_INFINITY;
        for (CaptureReader.Read r : side) m = Math.min(m, firstStart(r.timeline()));
        return m;
    }

    private static double sideEarliest(List<CaptureReader.Read> side) {
        double m = Double.POSITIVE_INFINITY;
        for (CaptureReader.Read r : side) m = Math.min(m, earliest(r.timeline()));
        return m;
    }

    private static double firstStart(Timeline tl) {
        double first = Double.POSITIVE_INFINITY;
        for (int k = 0; k < tl.rows; k++) first = Math.min(first, tl.start[k]);
        return first == Double.POSITIVE_INFINITY ? 0 : first;
    }

    /** The earliest time the run's trace draws: a row's receive or dispatch, a phase record, an upload. */
    private static double earliest(Timeline tl) {
        double e = firstStart(tl);
        for (int k = 0; k < tl.rows; k++) {
            if (tl.receive[k] >= 0) e = Math.min(e, tl.receive[k]);
            if (tl.aicpuJoined && tl.dispatch[k] >= 0) e = Math.min(e, tl.dispatch[k]);
        }
        for (int k = 0; k < tl.phases.size(); k++) e = Math.min(e, tl.phases.startUs(k));
        for (Timeline.Upload u : tl.uploads) e = Math.min(e, u.startUs);
        if (tl.streams != null)
            for (Timeline.Lifecycle l : tl.streams.lifecycle)
                for (double v : l.us) if (!Double.isNaN(v)) e = Math.min(e, v);
        return e;
    }

    /** Puts each task's match and change on its kernel slices. */
    private static void note(
            TracePicture pic,
            Timeline tl,
            TraceBuilder.Result drawn,
            RunFigures self,
            int[] map,
            RunFigures other,
            boolean isOld) {
        for (int r = 0; r < tl.rows; r++) {
            int s = drawn.workerSlice(r);
            if (s < 0) continue;
            int t = self.taskOf(tl.taskId[r]);
            if (t < 0) continue;
            int u = map == null ? -1 : map[t];
            if (u < 0) {
                pic.note(s, "compare", isOld ? "only in OLD" : "only in NEW");
                continue;
            }
            double dDur = isOld ? other.taskDurUs[u] - self.taskDurUs[t] : self.taskDurUs[t] - other.taskDurUs[u];
            double dStart =
                    isOld ? other.taskStartUs[u] - self.taskStartUs[t] : self.taskStartUs[t] - other.taskStartUs[u];
            pic.note(s, "compare_matched", other.taskLabel(u));
            pic.note(s, "compare_duration_delta_us", dDur);
            pic.note(s, "compare_start_delta_us", dStart);
        }
    }

    /** Once written: the file's bytes and the trace's bytes before its packets were deflated. */
    private final long[] size = {-1, -1};

    /**
     * What Perfetto's trace processor is estimated to hold for this trace (the converter's memory model), counting
     * the bytes deflating saved once it is written.
     */
    long estimate() {
        return io.ptotrace.convert.estimate.MemoryModel.estimate(
                        io.ptotrace.convert.estimate.CostCounter.pftrace(pic, ArgSet.LEAN), false)
                - io.ptotrace.convert.estimate.MemoryModel.unmappedBytes(size);
    }

    /** Writes the lean .pftrace, its packets deflated as convert's are by default. */
    void write(OutputStream out) throws IOException {
        PacketCompression.Sizes written = PacketCompression.DEFLATE.write(out, s -> {
            for (String w : new PftraceTraceWriter(ArgSet.LEAN).write(pic, s)) warn.accept(w);
        });
        size[0] = written.file();
        size[1] = written.plain();
    }
}
