package io.ptotrace.convert;

import io.ptotrace.convert.estimate.CostCounter;
import io.ptotrace.convert.estimate.MemoryModel;
import io.ptotrace.convert.estimate.TraceCosts;
import io.ptotrace.convert.estimate.WindowCuts;
import io.ptotrace.convert.json.JsonParts;
import io.ptotrace.convert.pftrace.PftraceParts;
import io.ptotrace.convert.pftrace.PftraceTraceWriter;
import io.ptotrace.convert.picture.ArgSet;
import io.ptotrace.convert.picture.PictureWindows;
import io.ptotrace.convert.picture.TracePicture;
import io.ptotrace.io.OutputProblem;
import io.ptotrace.io.Outputs;
import io.ptotrace.model.util.SecondThread;
import java.io.Closeable;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * A merged trace drawn and rendered one part at a time (the Host block, then each rank), so that memory holds one
 * part's picture instead of a picture of every rank: each part's trace goes to temporary files beside the output,
 * and the files are joined at the end (JSON: section by section, the same bytes as from one picture; .pftrace:
 * every part's events merged by time).
 *
 * <p>With {@code --split}, each part's weights over time are kept while it is rendered; the windows are cut over
 * all of them, and each part is drawn once more and cut into its pieces of every window, each window's pieces
 * merged into its file like the parts into the trace. A window still over the budget cuts all of them again.
 */
final class TreeParts {
    /** The parts of a merged trace, drawn one at a time and as often as asked: a part drawn again is the same picture. */
    interface Pictures {
        int count();

        /** What the progress line says while part {@code p} is drawn. */
        String label(int p);

        /** Part {@code p}, numbered from the given bases; {@code again} when it was drawn before (its warnings given). */
        TracePicture draw(int p, int jsonIdBase, int flowIdBase, boolean again) throws IOException;
    }

    private final ConvertJob job;
    private final ConvertOptions o;
    private final PrintStream err;
    private final Progress progress;

    TreeParts(ConvertJob job, ConvertOptions o, PrintStream err, Progress progress) {
        this.job = job;
        this.o = o;
        this.err = err;
        this.progress = progress;
    }

    ConvertJob.Written.Outcome write(
            Pictures parts,
            List<ConvertJob.Written> written,
            List<Path> inputs,
            Map<String, Object> metadata,
            ConvertJob.Report report)
            throws IOException {
        boolean json = ConvertJob.Written.any(written, ConvertOptions.Format.JSON);
        boolean proto = ConvertJob.Written.any(written, ConvertOptions.Format.PFTRACE);
        ArgSet argSet = o.fullArgs ? ArgSet.FULL : ArgSet.LEAN;
        Path dir = partsFolder(written);
        Path output = written.get(0).path;
        int n = parts.count();
        Bases bases = new Bases(n);
        Weights weights = o.splitBudget == null ? null : new Weights(argSet);
        try (JsonParts jsonParts = json ? new JsonParts(dir) : null;
                PftraceParts protoParts = proto ? new PftraceParts(dir, argSet) : null) {
            PartSums sums = new PartSums(new CostCounter.Parts(n, argSet, json), jsonParts, protoParts);
            for (int p = 0; p < n; p++) {
                progress.say(parts.label(p) + " and rendering it");
                bases.json[p] = sums.nextJsonId;
                bases.flow[p] = sums.nextFlowId;
                TracePicture pic = parts.draw(p, bases.json[p], bases.flow[p], false);
                if (weights != null) weights.add(pic);
                sums.add(pic, output);
            }
            String overflow = protoParts == null ? null : PftraceTraceWriter.overflowWarning(protoParts.report());
            if (overflow != null) err.println(overflow);
            Map<ConvertOptions.Format, Outputs.Body> bodies = new EnumMap<>(ConvertOptions.Format.class);
            if (json) bodies.put(ConvertOptions.Format.JSON, stream -> jsonParts.writeTo(stream, metadata));
            if (proto) bodies.put(ConvertOptions.Format.PFTRACE, protoParts::writeTo);
            JsonTraceCheck check =
                    json ? JsonTraceCheck.ofCounts(sums.backward, sums.unbound, sums.flows, proto) : null;
            CostCounter.Both costs = sums.costs.total();
            Path trace = ConvertJob.pftraceTarget(written);
            try (Windows windows = weights == null
                    ? null
                    : Windows.cut(
                            parts, bases, weights, costs.pftrace(), o.splitBudget, trace, argSet, dir, progress)) {
                return job.writeRendered(
                        written,
                        inputs,
                        bodies,
                        windows == null ? null : windows.split,
                        windows == null ? null : windows.bodies(),
                        costs,
                        check,
                        report);
            }
        }
    }

    /** Where each part's numbering of Chrome ids and arrows starts in the whole trace. */
    private static final class Bases {
        final int[] json, flow;

        Bases(int n) {
            json = new int[n];
            flow = new int[n];
        }
    }

    /** Each part's weights over its own time extent, to cut the windows over all of them. */
    private static final class Weights {
        final ArgSet args;
        final List<WindowCuts> parts = new ArrayList<>();
        double lo = Double.POSITIVE_INFINITY, hi = Double.NEGATIVE_INFINITY;

        Weights(ArgSet args) {
            this.args = args;
        }

        void add(TracePicture pic) {
            double[] e = WindowCuts.extent(pic);
            if (e == null) return;
            lo = Math.min(lo, e[0]);
            hi = Math.max(hi, e[1]);
            parts.add(WindowCuts.weigh(pic, args, e[0], Math.nextUp(e[1])));
        }
    }

    /** The --split windows of a trace written part by part: their index entries and their files, merged from pieces. */
    private static final class Windows implements Closeable {
        final List<PftraceParts> files = new ArrayList<>();
        TraceSplit split;

        /**
         * Cuts the windows over every part's weights, draws each part again and puts its piece of each window into
         * that window's file; while one window is estimated over the budget, all are cut again into more.
         */
        static Windows cut(
                Pictures parts,
                Bases bases,
                Weights weights,
                TraceCosts whole,
                long budget,
                Path trace,
                ArgSet args,
                Path dir,
                Progress progress)
                throws IOException {
            double lo = weights.lo, hi = weights.hi;
            WindowCuts all = lo < hi ? WindowCuts.combine(weights.parts, lo, Math.nextUp(hi)) : null;
            int pieces = TraceSplit.firstPieces(budget, whole);
            for (int round = 0; ; round++) {
                double[] cuts = all == null ? new double[0] : all.even(pieces);
                String[] names = TraceSplit.labels(trace, cuts.length + 1);
                Windows ws = new Windows();
                boolean kept = false;
                try {
                    Tally tally = new Tally(names.length, parts.count(), args);
                    for (int k = 0; k < names.length; k++) ws.files.add(new PftraceParts(dir, args));
                    for (int p = 0; p < parts.count(); p++) {
                        progress.say(parts.label(p) + " again and cutting it into " + names.length + " window(s)");
                        TracePicture pic = parts.draw(p, bases.json[p], bases.flow[p], true);
                        PictureWindows pw = new PictureWindows(pic, cuts, names);
                        for (int k = 0; k < names.length; k++) {
                            TracePicture piece = pw.window(k, tally.json[k], tally.flows[k]);
                            tally.add(k, piece);
                            try {
                                ws.files.get(k).add(piece);
                            } catch (IOException e) {
                                throw OutputProblem.cannotWrite(trace.resolveSibling(names[k]), e);
                            }
                        }
                    }
                    long worst = 0;
                    double worstFrom = lo;
                    List<TraceSplit.Part> entries = new ArrayList<>();
                    for (int k = 0; k < names.length; k++) {
                        double from = k == 0 ? lo : cuts[k - 1], to = k == cuts.length ? hi : cuts[k];
                        TraceCosts c = tally.costs[k].total().pftrace();
                        long est = MemoryModel.estimate(c, false);
                        if (est > worst) {
                            worst = est;
                            worstFrom = from;
                        }
                        entries.add(new TraceSplit.Part(
                                trace.resolveSibling(names[k]),
                                from,
                                to,
                                tally.tasks[k],
                                tally.slices[k],
                                tally.marks[k],
                                tally.cross[k],
                                tally.flows[k],
                                c.counterValues(),
                                est));
                    }
                    if (worst <= budget) {
                        ws.split = TraceSplit.written(budget, entries, trace);
                        for (int k = 0; k < names.length; k++)
                            ws.split.wrote(k, ws.files.get(k).report().counterValues);
                        kept = true;
                        return ws;
                    }
                    pieces = TraceSplit.nextPieces(budget, pieces, names.length, round, worst, worstFrom);
                } finally {
                    if (!kept) ws.close();
                }
            }
        }

        /** Each window's file body: its pieces merged by time. */
        List<Outputs.Body> bodies() {
            List<Outputs.Body> l = new ArrayList<>();
            for (PftraceParts f : files) l.add(f::writeTo);
            return l;
        }

        @Override
        public void close() {
            for (PftraceParts f : files) f.close();
        }
    }

    /** What each window's pieces add up to: numbering, costs and the index's counts. */
    private static final class Tally {
        final int[] json, flows, tasks, slices, marks, cross;
        final CostCounter.Parts[] costs;

        Tally(int windows, int parts, ArgSet args) {
            json = new int[windows];
            flows = new int[windows];
            tasks = new int[windows];
            slices = new int[windows];
            marks = new int[windows];
            cross = new int[windows];
            costs = new CostCounter.Parts[windows];
            for (int k = 0; k < windows; k++) costs[k] = new CostCounter.Parts(parts, args, false);
        }

        void add(int k, TracePicture piece) {
            costs[k].add(piece);
            json[k] = piece.nextJsonId();
            flows[k] += piece.flowCount();
            tasks[k] += TaskNames.taskCount(piece);
            slices[k] += piece.sliceCount();
            marks[k] += piece.marks().count();
            cross[k] += TraceSplit.crossMarkers(piece);
        }
    }

    /** Where the parts' temporary files go: beside the first output written to a file, else the system's temporary folder. */
    private Path partsFolder(List<ConvertJob.Written> written) throws IOException {
        for (ConvertJob.Written w : written) {
            if (io.ptotrace.io.OutputFile.of(w.path).isStream()) continue;
            Path parent = o.cwd.resolve(w.path).toAbsolutePath().getParent();
            if (parent != null) return parent;
        }
        return Path.of(System.getProperty("java.io.tmpdir"));
    }

    /** What the parts rendered so far add up to: numbering, estimate, arrows the JSON trace loses. */
    private static final class PartSums {
        final CostCounter.Parts costs;
        final JsonParts jsonParts;
        final PftraceParts protoParts;
        int nextJsonId, nextFlowId;
        long flows, backward, unbound;

        PartSums(CostCounter.Parts costs, JsonParts jsonParts, PftraceParts protoParts) {
            this.costs = costs;
            this.jsonParts = jsonParts;
            this.protoParts = protoParts;
        }

        /** Renders a part and counts it; a file system that refuses the temporary files is named as the output's. */
        void add(TracePicture pic, Path output) {
            try {
                render(pic);
            } catch (IOException e) {
                throw OutputProblem.cannotWrite(output, e);
            }
        }

        /** Renders a part (its JSON on a second thread beside its .pftrace) and counts it. */
        private void render(TracePicture pic) throws IOException {
            SecondThread<Void> jsonDone = jsonParts == null
                    ? null
                    : SecondThread.start("json-part", () -> {
                        jsonParts.add(pic);
                        return null;
                    });
            try {
                if (protoParts != null) protoParts.add(pic);
                costs.add(pic);
                long[] dropped = JsonTraceCheck.droppedArrows(pic);
                backward += dropped[0];
                unbound += dropped[1];
                flows += pic.flowCount();
                nextJsonId = pic.nextJsonId();
                nextFlowId += pic.flowCount();
            } finally {
                if (jsonDone != null) jsonDone.await(); // never leave it writing into files about to be deleted
            }
            if (jsonDone != null) jsonDone.join();
        }
    }
}
