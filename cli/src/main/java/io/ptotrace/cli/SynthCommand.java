package io.ptotrace.cli;

import io.ptotrace.io.OutputProblem;
import io.ptotrace.synth.SynthOptions;
import io.ptotrace.synth.SynthRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code ptotrace synth}: writes a deterministic synthetic run (records + deps.json + name map). */
@Command(name = "synth", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
    description = {"Write a deterministic synthetic PTO run folder for tests and benchmarks.",
        "Same options and seed => identical bytes. Further generator settings with --set KEY=VALUE:",
        "  tasks, level, seed, rings, era, cores, aic-cores, aiv-cores, clock-freq-hz, hb-violation-share,",
        "  spmd-share, mix-share, dummy-share, alloc-share, predicated-share, with-deps, with-name-map,",
        "  orchestrator-threads, scheduler-threads, edges-per-task, v2-row-share, hazard-annotations, streams"})
public final class SynthCommand implements Callable<Integer> {
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

    @Option(names = "--era", paramLabel = "l2|chip", description = "Capture era (default ${DEFAULT-VALUE}).")
    String era = "l2";

    @Option(names = "--hb-share", paramLabel = "SHARE", description = "Share of dependency pairs violating happens-before (default ${DEFAULT-VALUE}).")
    double hbShare = 0.01;

    @Option(names = "--set", paramLabel = "KEY=VALUE", description = "Any generator setting (see above).")
    Map<String, String> settings = new LinkedHashMap<>();

    @Option(names = {"-v", "--verbose"}, description = "Stack traces on failure.")
    boolean verbose;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        SynthOptions o;
        try {
            SynthOptions.Builder b = SynthOptions.builder().tasks(tasks).level(level).seed(seed).rings(rings)
                .era(SynthOptions.Era.parse(era)).hbViolationShare(hbShare);
            for (Map.Entry<String, String> e : settings.entrySet()) b.set(e.getKey(), e.getValue());
            o = b.build();
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        if (Files.exists(output) && !Files.isDirectory(output))
            throw new OutputProblem(output, "exists and is not a folder; synth writes a run folder");
        try {
            Files.createDirectories(output);
        } catch (IOException e) {
            throw OutputProblem.cannotWrite(output, e);
        }
        SynthRun.Result r = SynthRun.write(o, output);
        System.out.println("wrote " + r.recordsFile() + (r.depsFile() != null ? ", " + r.depsFile() : "")
            + (r.nameMapFile() != null ? ", " + r.nameMapFile() : ""));
        System.out.println("  tasks " + r.tasks() + " (kernel " + r.kernelTasks() + ", alloc " + r.allocTasks() + ", dummy "
            + r.dummyTasks() + ", predicated " + r.predicatedTasks() + "), AICore rows " + r.aicoreRows()
            + ", annotated edges " + r.annotatedEdges() + ", violating pairs " + r.violatingPairs() + "/" + r.timedPairs()
            + String.format(", %.1f s", r.elapsed().toMillis() / 1000.0));
        return ExitCodes.OK;
    }
}
