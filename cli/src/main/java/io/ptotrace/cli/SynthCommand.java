package io.ptotrace.cli;

import io.ptotrace.io.OutputProblem;
import io.ptotrace.synth.SynthOptions;
import io.ptotrace.synth.SynthRun;
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
@Command(name = "synth",
    description = {"Write a deterministic synthetic PTO run folder for tests and benchmarks.",
        "Same options and seed => identical bytes. Further generator settings with --set KEY=VALUE: "
            + "tasks, level, seed, rings, era, cores, aic-cores, aiv-cores, clock-freq-hz, hb-violation-share, "
            + "spmd-share, mix-share, dummy-share, alloc-share, predicated-share, with-deps, with-name-map, "
            + "orchestrator-threads, scheduler-threads, edges-per-task, v2-row-share, hazard-annotations, streams."})
public final class SynthCommand implements Callable<Integer> {
    // a folder, and required: not the result file of convert and diff (OutputOption)
    @Option(names = {"-o", "--output"}, required = true, paramLabel = "DIR", description = "Run folder to write (created if missing).")
    Path output;

    @Option(names = {"-n", "--tasks"}, paramLabel = "N", description = "Submitted tasks, 10 .. 10,000,000 (default ${DEFAULT-VALUE}).")
    int tasks = 10_000;

    @Option(names = "--level", paramLabel = "1-4", description = "Collection level (default ${DEFAULT-VALUE}).")
    int level = 4;

    @Option(names = "--seed", description = "Random seed (default ${DEFAULT-VALUE}).")
    long seed = 1;

    @Option(names = "--rings", description = "Task rings 1..4 (default ${DEFAULT-VALUE}).")
    int rings = 1;

    @Option(names = "--era", paramLabel = "l2|chip", converter = Eras.class, description = "Capture era (default l2).")
    SynthOptions.Era era = SynthOptions.Era.L2;

    @Option(names = "--hb-share", paramLabel = "SHARE", description = "Share of dependency pairs violating happens-before (default ${DEFAULT-VALUE}).")
    double hbShare = 0.01;

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
            SynthOptions.Builder b = SynthOptions.builder().tasks(tasks).level(level).seed(seed).rings(rings)
                .era(era).hbViolationShare(hbShare);
            for (Map.Entry<String, String> e : settings.entrySet()) b.set(e.getKey(), e.getValue());
            o = b.build();
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
        SynthRun.Result r;
        try {
            r = SynthRun.write(o, output);
        } catch (IOException | RuntimeException | Error e) {
            if (created) removeIfEmpty(output); // nothing was written: not even the folder stays
            throw e;
        }
        PrintWriter out = spec.commandLine().getOut();
        out.println("wrote " + r.recordsFile() + (r.depsFile() != null ? ", " + r.depsFile() : "")
            + (r.nameMapFile() != null ? ", " + r.nameMapFile() : ""));
        out.println("  tasks " + r.tasks() + " (kernel " + r.kernelTasks() + ", alloc " + r.allocTasks() + ", dummy "
            + r.dummyTasks() + ", predicated " + r.predicatedTasks() + "), AICore rows " + r.aicoreRows()
            + ", annotated edges " + r.annotatedEdges() + ", violating pairs " + r.violatingPairs() + "/" + r.timedPairs()
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
    static final class Eras implements CommandLine.ITypeConverter<SynthOptions.Era> {
        @Override
        public SynthOptions.Era convert(String value) {
            try {
                return SynthOptions.Era.parse(value);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }
}
