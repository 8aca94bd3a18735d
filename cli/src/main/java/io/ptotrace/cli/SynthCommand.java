package io.ptotrace.cli;

import io.ptotrace.io.OutputProblem;
import io.ptotrace.synth.SynthOptions;
import io.ptotrace.synth.SynthRun;
import io.ptotrace.synth.SynthTree;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code ptotrace synth}: writes a deterministic synthetic run (records + deps.json + name map). */
@Command(
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {
            "0:the run (or tree) written",
            "2:bad usage or an output that cannot be written; nothing was written"
        },
        name = "synth",
        description = {
            "Write a deterministic synthetic PTO run folder for tests and benchmarks.",
            "Same options and seed => identical bytes. Further generator settings with --set KEY=VALUE: "
                    + "tasks, level, seed, rings, era, cores, aic-cores, aiv-cores, clock-freq-hz, hb-violation-share, "
                    + "spmd-share, mix-share, dummy-share, alloc-share, predicated-share, with-deps, with-name-map, "
                    + "orchestrator-threads, scheduler-threads, edges-per-task, v2-row-share, hazard-annotations, streams; "
                    + "and, to plant a known change for compare, timing-seed, kernel-scale=NAME:FACTOR[,...], scheduler-scale."
        })
public final class SynthCommand implements Callable<Integer> {
    // a folder, and required: not the result file of convert and diff (OutputOption)
    @Option(
            names = {"-o", "--output"},
            required = true,
            paramLabel = "DIR",
            description = "Run folder to write (created if missing).")
    Path output;

    @Option(
            names = {"-n", "--tasks"},
            paramLabel = "N",
            description = "Submitted tasks, 10 .. 10,000,000 (default ${DEFAULT-VALUE}).")
    int tasks = 10_000;

    @Option(names = "--level", paramLabel = "1-4", description = "Collection level (default ${DEFAULT-VALUE}).")
    int level = 4;

    @Option(names = "--seed", description = "Random seed (default ${DEFAULT-VALUE}).")
    long seed = 1;

    @Option(names = "--rings", description = "Task rings 1..4 (default ${DEFAULT-VALUE}).")
    int rings = 1;

    @Option(
            names = "--era",
            paramLabel = "l2|chip|streams",
            converter = Eras.class,
            description = "Capture era (default l2); streams writes the newest layout and a Host log (host.<pid>.log).")
    io.ptotrace.model.Era era = io.ptotrace.model.Era.L2;

    @Option(
            names = "--hb-share",
            paramLabel = "SHARE",
            description = "Share of dependency pairs violating happens-before (default ${DEFAULT-VALUE}).")
    double hbShare = 0.01;

    @Option(
            names = "--runtime",
            paramLabel = "tmr|hbg",
            description = "Streams era: the runtime the capture names (default tmr).")
    String runtime;

    @Option(
            names = "--ranks",
            paramLabel = "N",
            description = "Write a multi-chip dfx_outputs/ tree of N ranks (streams era) instead of one run.")
    Integer ranks;

    @Option(
            names = "--dispatches",
            paramLabel = "D",
            description = "With --ranks: captures d0..d<D-1> per rank (default ${DEFAULT-VALUE}).")
    int dispatches = 1;

    @Option(names = "--set", paramLabel = "KEY=VALUE", description = "Any generator setting (see above).")
    Map<String, String> settings = new LinkedHashMap<>();

    @Mixin
    VerboseOption verbose;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        SynthOptions o;
        try {
            SynthOptions.Builder b = SynthOptions.builder()
                    .tasks(tasks)
                    .level(level)
                    .seed(seed)
                    .rings(rings)
                    .era(era)
                    .hbViolationShare(hbShare);
            if (ranks != null && era == io.ptotrace.model.Era.L2 && !settings.containsKey("era"))
                b.era(io.ptotrace.model.Era.STREAMS);
            if (runtime != null) b.runtime(runtime);
            for (Map.Entry<String, String> e : settings.entrySet()) b.set(e.getKey(), e.getValue());
            o = b.build();
            if (ranks != null && !o.streamsEra())
                throw new IllegalArgumentException("--ranks writes a streams-era tree; --era "
                        + era.name().toLowerCase(java.util.Locale.ROOT) + " has none");
            if (ranks != null && (ranks < 1 || ranks > 29))
                throw new IllegalArgumentException("--ranks must be in 1..29, got " + ranks);
            if (dispatches < 1 || dispatches > 64)
                throw new IllegalArgumentException("--dispatches must be in 1..64, got " + dispatches);
        } catch (IllegalArgumentException e) { // the generator refuses a setting: a usage error
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        if (Files.exists(output) && !Files.isDirectory(output))
            throw new OutputProblem(output, "exists and is not a folder; synth writes a run folder");
        boolean created = !Files.exists(output);
        try {
            Files.createDirectories(output);
        } catch (IOException e) {
            throw OutputProblem.cannotWrite(output, e);
        }
        PrintWriter out = spec.commandLine().getOut();
        if (ranks != null) {
            SynthTree.Result t;
            try {
                t = SynthTree.write(o, ranks, dispatches, output);
            } catch (IOException | RuntimeException | Error e) {
                if (created) removeIfEmpty(output);
                throw e;
            }
            long tasks = t.captures().stream().mapToLong(SynthRun.Result::tasks).sum();
            out.println(
                    "wrote " + output + ": " + ranks + " rank(s) x " + dispatches + " dispatch(es) (rank<r>/d<d>/), "
                            + t.hostLogs().size() + " Host log(s), " + tasks + " tasks in all");
            out.flush();
            return ExitCodes.OK;
        }
        SynthRun.Result r;
        try {
            r = SynthRun.write(o, output);
        } catch (IOException | RuntimeException | Error e) {
            if (created) removeIfEmpty(output); // nothing was written: not even the folder stays
            throw e;
        }
        out.println("wrote " + r.recordsFile() + (r.depsFile() != null ? ", " + r.depsFile() : "")
                + (r.nameMapFile() != null ? ", " + r.nameMapFile() : ""));
        out.println("  tasks " + r.tasks() + " (kernel " + r.kernelTasks() + ", alloc " + r.allocTasks() + ", dummy "
                + r.dummyTasks() + ", predicated " + r.predicatedTasks() + "), AICore rows " + r.aicoreRows()
                + ", annotated edges " + r.annotatedEdges() + ", violating pairs " + r.violatingPairs() + "/"
                + r.timedPairs()
                + String.format(", %.1f s", r.elapsed().toMillis() / 1000.0));
        out.flush();
        return ExitCodes.OK;
    }

    private static void removeIfEmpty(Path dir) {
        try {
            Files.deleteIfExists(dir);
        } catch (IOException ignored) {
            // not empty or not ours to remove: left as it is
        }
    }

    /** The era names the generator accepts ({@code l2}, {@code chip} and their file and key names). */
    static final class Eras implements CommandLine.ITypeConverter<io.ptotrace.model.Era> {
        @Override
        public io.ptotrace.model.Era convert(String value) {
            try {
                return SynthOptions.parseEra(value);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }
}
