package io.ptotrace.convert;

import io.ptotrace.convert.estimate.CostCounter;
import io.ptotrace.convert.estimate.MemoryModel;
import io.ptotrace.convert.json.JsonPrelude;
import io.ptotrace.convert.pftrace.PacketCompression;
import io.ptotrace.convert.pftrace.PftraceLayout;
import io.ptotrace.convert.pftrace.PftraceTraceWriter;
import io.ptotrace.convert.picture.ArgSet;
import io.ptotrace.convert.picture.OverlayContext;
import io.ptotrace.convert.picture.OverlayProducer;
import io.ptotrace.convert.picture.PictureWindows;
import io.ptotrace.convert.picture.TracePicture;
import io.ptotrace.convert.picture.TraceWriter;
import io.ptotrace.io.InputProblem;
import io.ptotrace.io.OutputFile;
import io.ptotrace.io.OutputProblem;
import io.ptotrace.io.OutputSet;
import io.ptotrace.io.Outputs;
import io.ptotrace.model.NameMap;
import io.ptotrace.model.ReadOptions;
import io.ptotrace.model.RecordsReader;
import io.ptotrace.model.Run;
import io.ptotrace.model.RunLocator;
import io.ptotrace.model.Timeline;
import io.ptotrace.model.deps.DepsProjection;
import io.ptotrace.model.util.SecondThread;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * {@code ptotrace convert} as a library call: find the inputs, read the run (records and deps.json on
 * two threads), build the picture, write the trace file(s) atomically, print the reports.
 */
public final class ConvertJob {
    /** Pictures up to this many events write their JSON and protobuf files at the same time, whatever the heap. */
    static final long CONCURRENT_WRITE_LIMIT = 5_000_000;

    /**
     * Larger pictures do too when the heap holds this many bytes an event (slices, counter samples, two arrow
     * ends): the run, the picture and both writers at once peaked at about 55 (1M tasks, 32.6M events: 1.78 GB after
     * a collection in a 2 GiB heap, with no full collection).
     */
    static final long CONCURRENT_WRITE_HEAP_PER_EVENT = 64;

    /** Whether a picture of {@code events} events writes its two files at once in a heap of {@code maxHeap} bytes. */
    static boolean writeTogether(long events, long maxHeap) {
        return events <= CONCURRENT_WRITE_LIMIT || maxHeap / CONCURRENT_WRITE_HEAP_PER_EVENT >= events;
    }

    private final ConvertOptions o;
    private final PrintStream out;
    private final PrintStream err;
    private final Progress progress;

    /** Whether the trace has dependency arrows to keep: the closing lines promise them only then. */
    boolean arrows = true;

    public ConvertJob(ConvertOptions o, PrintStream out, PrintStream err, boolean progressToTerminal) {
        this.o = o;
        this.out = out;
        this.err = err;
        this.progress = new Progress(err, progressToTerminal);
    }

    /** One written trace file. */
    public static final class Written {
        public final Path path;
        public final ConvertOptions.Format format;

        Written(Path path, ConvertOptions.Format format) {
            this.path = path;
            this.format = format;
        }

        /** Whether {@code written} holds a file of {@code format}. */
        static boolean any(List<Written> written, ConvertOptions.Format format) {
            for (Written w : written) if (w.format == format) return true;
            return false;
        }

        /** What writing a picture leaves for the reports. */
        static final class Outcome {
            final TraceSplit split;
            final Map<Path, long[]> sizes;
            final SecondThread<CostCounter.Both> costs;
            final JsonTraceCheck jsonCheck;
            private String reportText, droppedArrows;

            Outcome(
                    TraceSplit split,
                    Map<Path, long[]> sizes,
                    SecondThread<CostCounter.Both> costs,
                    JsonTraceCheck jsonCheck) {
                this.split = split;
                this.sizes = sizes;
                this.costs = costs;
                this.jsonCheck = jsonCheck;
            }

            /** Renders the report and the arrow check's warning (both can still fail) while the files are staged. */
            void render(Report report) {
                droppedArrows = jsonCheck == null ? null : jsonCheck.warning();
                ByteArrayOutputStream buf = new ByteArrayOutputStream();
                PrintStream rep = new PrintStream(buf, true, StandardCharsets.UTF_8);
                report.print(rep, this);
                rep.flush();
                reportText = buf.toString(StandardCharsets.UTF_8);
            }

            /** Prints the report rendered before the commit, then convert's warning that Perfetto will drop arrows of the JSON trace. */
            void print(PrintStream out, PrintStream err) {
                out.print(reportText);
                if (droppedArrows != null) err.println(droppedArrows);
            }
        }
    }

    /** What is printed once the files are in place; rendered before they are, since it can still fail. */
    @FunctionalInterface
    interface Report {
        void print(PrintStream rep, Written.Outcome done);
    }

    /** The JSON trace's first chunks, rendered while the arrows were drawn (null: none). */
    private JsonPrelude jsonPrelude;

    /** The .pftrace's layout of the slices and counters, made while the arrows were drawn (null: none). */
    private PftraceLayout.Started pftraceLayout;

    private void dropPrelude() {
        if (jsonPrelude != null) jsonPrelude.cancel();
        jsonPrelude = null;
        pftraceLayout = null;
    }

    /** Whether the trace leaves out part of its input (a rank of a tree that could not be read). */
    private boolean partial;

    /** True after {@link #run} when the trace written leaves out part of its input (exit status 1). */
    public boolean partial() {
        return partial;
    }

    /** Runs the conversion; throws {@link InputProblem} on bad input. Returns the files written. */
    public List<Written> run() throws IOException {
        Path given = o.input == null ? null : o.cwd.resolve(o.input);
        if (given != null
                && Files.isDirectory(given)
                && RunLocator.recordsIn(given) == null
                && RunLocator.isTreeRoot(given)) {
            TreeConvertJob tree = new TreeConvertJob(this, o, out, err, progress);
            List<Written> w = tree.run();
            partial = tree.partial();
            return w;
        }
        if (o.dispatch != null || o.dispatchId != null)
            throw new InputProblem(
                    (String) null,
                    "--dispatch and --dispatch-id are only valid when input is a dfx_outputs directory",
                    null,
                    null);
        if (!o.rankPins.isEmpty())
            throw new InputProblem(
                    (String) null, "--rank-pid is only valid when input is a dfx_outputs directory", null, null);
        RunInputs runInputs = new RunInputs(o, out, err);
        Path input = runInputs.resolveInput();
        if (o.verbose) out.println("Reading performance data from: " + input);
        Path depsPath = o.depsJson != null ? o.depsJson : RunLocator.depsBeside(input);

        for (Path log : o.hostLogs)
            if (!Files.exists(log)) throw new InputProblem(log, "no such file (given as --host-log)", null);
        List<Written> written = targets(input.getParent(), "merged_swimlane");
        List<Path> inputs = runInputs.inputFiles(input, depsPath);
        List<Path> planned = written.stream().map(w -> w.path).collect(Collectors.toList());
        if (o.splitBudget != null) {
            if (!Written.any(written, ConvertOptions.Format.PFTRACE))
                throw new InputProblem(
                        (String) null,
                        "--split cuts the .pftrace into windows, but this conversion writes only "
                                + "JSON: add --format both, or name a .pftrace with -o",
                        null,
                        null);
            Path whole = pftraceTarget(written);
            if (OutputFile.of(whole).isStream())
                throw new OutputProblem(
                        whole,
                        "is a device or pipe, and --split writes a set of files beside it "
                                + "(<stem>.part-NN.pftrace, <stem>.parts.json); name a regular file with -o");
            planned.add(TraceSplit.indexPath(whole));
        }
        for (Outputs.Job j : o.alongside) planned.add(j.path());
        Outputs.plan(planned, inputs); // refuse before reading

        progress.say("reading " + input + (RunInputs.readable(depsPath) ? " and " + depsPath : ""));
        List<String> depsWarnings = new ArrayList<>();
        // deps.json is read beside the records, which take this thread's core: on two cores it is read on the other
        // one alone, rather than in two halves that three threads would share with the records (the reading then
        // ended with the records' last part on one core; 1M tasks, 6 pairs: the reading step 0.90x)
        int depsCores = Runtime.getRuntime().availableProcessors() - 1;
        SecondThread<DepsProjection> depsRead =
                SecondThread.start("deps-read", () -> RunInputs.loadDeps(depsPath, depsWarnings, depsCores));
        ReadOptions readOptions = new ReadOptions(o.hostLogs);
        Timeline tl = RecordsReader.read(input, o.keepCycles ? readOptions.keepingCycles() : readOptions, err::println);
        if (o.verbose) VerboseLines.summary(out, tl);
        NameMap names = runInputs.loadNames(input);
        DepsProjection deps = depsRead.joinUnchecked();
        depsWarnings.forEach(err::println);
        if (o.verbose && deps.edgesLoaded()) {
            out.println("  Using deps.json edges (" + deps.pairCount() + " total) from " + depsPath);
            if (deps.hasKernelMap())
                out.println(
                        "  Using deps.json kernel_ids for " + deps.kernelMapSize() + " tasks (level=1 name recovery)");
        }

        Run run = new Run(tl, deps, names);
        // the statistics table reads only the run: made beside the build, which leaves the second core idle
        SecondThread<String> statistics = SecondThread.start("statistics", () -> StatisticsReport.render(run));
        progress.say("building the trace of " + tl.rows + " task rows");
        if (o.verbose) {
            out.println("Generating Chrome Trace JSON...");
            out.println("  Tasks: " + tl.rows);
            if (names.size() > 0) out.println("  Function names: " + names.size() + " entries");
            out.println("  Unique cores: "
                    + java.util.Arrays.stream(tl.coreId).distinct().count());
        }
        List<String> mappingLine =
                new ArrayList<>(); // printed after the dependency summary, where the reference prints it
        // on two cores the JSON trace's first chunks and the .pftrace's slices are laid out while the arrows are drawn
        boolean early = !o.overhead
                && o.window == null
                && o.overlays.isEmpty()
                && Runtime.getRuntime().availableProcessors() > 1;
        boolean prelude = early && Written.any(written, ConvertOptions.Format.JSON);
        boolean layoutEarly = early && o.splitBudget == null && Written.any(written, ConvertOptions.Format.PFTRACE);
        Written.Outcome done;
        try {
            TraceBuilder.Result result = TraceBuilder.build(
                    run,
                    ProcessLayout.SINGLE,
                    new TracePicture(),
                    o.overhead,
                    err::println,
                    !o.verbose
                            ? null
                            : s -> {
                                if (s.startsWith("  Core-to-thread mapping")) mappingLine.add(s);
                                else out.println(s);
                            },
                    prelude || layoutEarly
                            ? p -> {
                                if (prelude) jsonPrelude = JsonPrelude.start(p);
                                if (layoutEarly) pftraceLayout = PftraceLayout.start(p);
                            }
                            : null);
            TracePicture pic = result.picture;
            if (o.verbose) VerboseLines.flows(out, deps, result, mappingLine);
            OverlayContext overlayContext =
                    new OverlayContext(run, pic, depsPath, result::workerSlice, result::recordSlice);
            for (OverlayProducer producer : o.overlays) producer.applyTo(overlayContext);

            arrows = deps.edgesLoaded();
            done = write(pic, written, inputs, (rep, d) -> {
                rep.println();
                rep.println("\u2713 Conversion complete");
                rep.println("  Input:  " + input);
                for (Written w : written) rep.println("  Output: " + w.path);
                reportFiles(rep, d, written);
                rep.print(statistics.joinUnchecked());
                rep.print(HbReport.render(result.stats, deps.edgesLoaded(), result.picture));
            });
        } finally {
            dropPrelude();
        }
        if (o.overhead && !deps.edgesLoaded())
            err.println(
                    "Warning: --overhead needs deps.json for task readiness; no deps found, Overhead Analysis track skipped.");
        for (Written w : written) if (o.verbose) out.println("JSON written to: " + w.path);
        progress.done();
        done.print(out, err);
        return written;
    }

    /**
     * Writes the picture's trace files (and the --split windows, or only the --window) as one set, the
     * memory estimate counted beside the writers; {@code report} is rendered before the set is committed, so
     * a failure there leaves the previous files. {@code inputs} may not be overwritten.
     */
    Written.Outcome write(TracePicture pic, List<Written> written, List<Path> inputs, Report report)
            throws IOException {
        if (o.window != null) pic = window(pic);
        TracePicture shownPic = pic;
        Path partsOf = pftraceTarget(written);
        TraceSplit split = null;
        ArgSet argSet = o.fullArgs ? ArgSet.FULL : ArgSet.LEAN;
        // the memory estimate is counted beside the writers, or first when the windows need it
        boolean jsonWritten = Written.any(written, ConvertOptions.Format.JSON);
        SecondThread<CostCounter.Both> costs =
                SecondThread.start("trace-costs", () -> CostCounter.count(shownPic, argSet, jsonWritten));
        if (o.splitBudget != null) {
            progress.say("cutting " + partsOf + " into windows under " + MemoryModel.shown(o.splitBudget));
            split = TraceSplit.plan(
                    pic, o.splitBudget, partsOf, argSet, costs.joinUnchecked().pftrace());
        }

        // the JSON check (arrows Perfetto will drop) reads the JSON trace while it is written
        boolean withPftrace = Written.any(written, ConvertOptions.Format.PFTRACE);
        JsonTraceCheck jsonCheck = jsonWritten ? new JsonTraceCheck(shownPic, withPftrace) : null;
        Map<ConvertOptions.Format, TraceWriter> writers =
                TraceWriters.of(argSet, jsonCheck, jsonPrelude, pftraceLayout);
        List<Outputs.Job> jobs = new ArrayList<>();
        Map<Path, long[]> sizes = new LinkedHashMap<>();
        for (Written w : written)
            jobs.add(new Outputs.Job(
                    w.path,
                    true,
                    counted(
                            sizes,
                            w.path,
                            w.format,
                            stream -> writers.get(w.format)
                                    .write(shownPic, stream)
                                    .forEach(err::println))));
        if (split != null) {
            TraceSplit s = split;
            // its warnings are the whole trace's; what it wrote of each window goes into the index
            PftraceTraceWriter windowWriter = new PftraceTraceWriter(argSet);
            for (int k = 0; k < s.parts.size(); k++) {
                int part = k;
                // each window is built while its file is written, and dropped after
                jobs.add(new Outputs.Job(
                        s.parts.get(k).path(),
                        true,
                        counted(
                                sizes,
                                s.parts.get(k).path(),
                                ConvertOptions.Format.PFTRACE,
                                stream -> s.wrote(
                                        part,
                                        windowWriter.writeReporting(s.windows.window(part), stream).counterValues))));
            }
            jobs.add(new Outputs.Job(s.index, false, stream -> s.writeIndex(stream, partsOf)));
        }
        jobs.addAll(o.alongside);
        progress.say("writing " + written.stream().map(w -> w.path.toString()).collect(Collectors.joining(" and "))
                + (split != null ? " and " + split.parts.size() + " window(s)" : ""));
        // two writers at once need room for both; on two cores they take about a fifth off a 1M-task conversion
        long events = (long) pic.sliceCount() + pic.counterCount() + 2L * pic.flowCount();
        boolean together =
                split == null && writeTogether(events, Runtime.getRuntime().maxMemory());
        List<Path> stale = split == null ? List.of() : split.staleParts();
        try (OutputSet staged = Outputs.stage(jobs, inputs, together, stale)) {
            Written.Outcome done = new Written.Outcome(split, sizes, costs, jsonCheck);
            // everything that can still fail (the estimate, the arrow check, the reports) runs before the first rename
            done.render(report);
            staged.commit();
            return done;
        }
    }

    /**
     * Writes trace files whose content is already rendered elsewhere ({@code bodies}, by format: a trace written
     * part by part), as one set like {@link #write}, with the --split windows' files ({@code windows}, by part, and
     * their index) when {@code split} is given: {@code report} is rendered before the set is committed.
     */
    Written.Outcome writeRendered(
            List<Written> written,
            List<Path> inputs,
            Map<ConvertOptions.Format, Outputs.Body> bodies,
            TraceSplit split,
            List<Outputs.Body> windows,
            CostCounter.Both costs,
            JsonTraceCheck jsonCheck,
            Report report)
            throws IOException {
        List<Outputs.Job> jobs = new ArrayList<>();
        Map<Path, long[]> sizes = new LinkedHashMap<>();
        for (Written w : written)
            jobs.add(new Outputs.Job(w.path, true, counted(sizes, w.path, w.format, bodies.get(w.format))));
        if (split != null) {
            for (int k = 0; k < split.parts.size(); k++) {
                Path part = split.parts.get(k).path();
                jobs.add(new Outputs.Job(
                        part, true, counted(sizes, part, ConvertOptions.Format.PFTRACE, windows.get(k))));
            }
            jobs.add(new Outputs.Job(split.index, false, stream -> split.writeIndex(stream, pftraceTarget(written))));
        }
        jobs.addAll(o.alongside);
        progress.say("writing " + written.stream().map(w -> w.path.toString()).collect(Collectors.joining(" and "))
                + (split != null ? " and " + split.parts.size() + " window(s)" : ""));
        List<Path> stale = split == null ? List.of() : split.staleParts();
        try (OutputSet staged = Outputs.stage(jobs, inputs, split == null, stale)) {
            Written.Outcome done =
                    new Written.Outcome(split, sizes, SecondThread.start("trace-costs", () -> costs), jsonCheck);
            done.render(report);
            staged.commit();
            return done;
        }
    }

    /** The "Parts", "To visualize" and memory lines after the output names. */
    void reportFiles(PrintStream rep, Written.Outcome done, List<Written> written) {
        TraceSplit split = done.split;
        if (split != null) {
            rep.println("  Parts:  " + split.parts.size() + " window(s) of the .pftrace, each estimated under "
                    + MemoryModel.shown(split.budget) + ", listed in " + split.index);
        }
        rep.println();
        rep.println("To visualize: Open https://ui.perfetto.dev/ and drag in " + written.get(0).path);
        for (Written w : written)
            if (w.format == ConvertOptions.Format.PFTRACE && w != written.get(0))
                rep.println("  (or " + w.path + ": the native Perfetto trace, faster to load"
                        + (arrows ? ", with every arrow)" : ")"));
        MemoryReport.print(rep, written, done.costs.joinUnchecked(), split, done.sizes, o.splitBudget);
    }

    /** The one window --window asks for, as a picture of its own. */
    private TracePicture window(TracePicture pic) {
        double[] range = o.window.resolve(pic, err::println);
        String outside = "(outside the window " + o.window + ")";
        return new PictureWindows(pic, new double[] {range[0], Math.nextUp(range[1])}, new String[] {
                    outside, "(the window)", outside
                })
                .window(1);
    }

    /** The .pftrace the parts are named after: the one written, or the JSON's name with that extension. */
    static Path pftraceTarget(List<Written> written) {
        for (Written w : written) if (w.format == ConvertOptions.Format.PFTRACE) return w.path;
        return withExt(written.get(0).path, ".pftrace");
    }

    /**
     * The body of one trace file: a .pftrace's packets stored as {@code --compress} says. Records in {@code sizes} the
     * bytes of the file and the bytes of the trace before compression.
     */
    private Outputs.Body counted(Map<Path, long[]> sizes, Path path, ConvertOptions.Format format, Outputs.Body body) {
        long[] size = {-1, -1};
        sizes.put(path, size);
        PacketCompression compression =
                format == ConvertOptions.Format.PFTRACE ? o.compression : PacketCompression.NONE;
        return stream -> {
            PacketCompression.Sizes written = compression.write(stream, body::write);
            size[0] = written.file();
            size[1] = written.plain();
        };
    }

    /**
     * Output paths and formats from -o / --format (.json → JSON, .pftrace → protobuf); without -o both,
     * {@code <stem>.json} and {@code <stem>.pftrace} in {@code dir}.
     */
    List<Written> targets(Path dir, String stem) {
        List<Written> l = new ArrayList<>();
        ConvertOptions.Format f = o.format;
        if (o.output == null) {
            String name = o.window != null ? stem + ".window.json" : stem + ".json";
            Path base = dir == null ? Path.of(name) : dir.resolve(name);
            if (f == null) f = o.window != null ? ConvertOptions.Format.PFTRACE : ConvertOptions.Format.BOTH;
            if (f != ConvertOptions.Format.PFTRACE) l.add(new Written(base, ConvertOptions.Format.JSON));
            if (f != ConvertOptions.Format.JSON)
                l.add(new Written(withExt(base, ".pftrace"), ConvertOptions.Format.PFTRACE));
            return l;
        }
        ConvertOptions.Format named = ConvertOptions.Format.ofName(o.output);
        if (f == null) f = named;
        if (f == ConvertOptions.Format.BOTH) {
            // the -o name is the file of its own format; the other one gets the other extension
            if (OutputFile.of(o.output).isStream())
                throw new OutputProblem(
                        o.output,
                        "is a device or pipe, and --format both writes its second file beside it; name a regular "
                                + "file with -o, or write one format (--format json or --format pftrace)");
            boolean proto = named == ConvertOptions.Format.PFTRACE;
            l.add(new Written(proto ? withExt(o.output, ".json") : o.output, ConvertOptions.Format.JSON));
            l.add(new Written(proto ? o.output : withExt(o.output, ".pftrace"), ConvertOptions.Format.PFTRACE));
        } else l.add(new Written(o.output, f));
        return l;
    }

    private static Path withExt(Path p, String ext) {
        String n = p.getFileName().toString();
        int dot = n.lastIndexOf('.');
        String stem = dot > 0 ? n.substring(0, dot) : n;
        Path parent = p.getParent();
        return parent == null ? Path.of(stem + ext) : parent.resolve(stem + ext);
    }
}
