package io.ptotrace.convert;

import io.ptotrace.io.InputProblem;
import io.ptotrace.model.Era;
import io.ptotrace.model.KernelConfig;
import io.ptotrace.model.NameMap;
import io.ptotrace.model.RunLocator;
import io.ptotrace.model.deps.DepsProjection;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/** The files a single run's conversion reads besides its records: which records, deps.json, names, side files. */
final class RunInputs {
    private final ConvertOptions o;
    private final PrintStream out;
    private final PrintStream err;

    RunInputs(ConvertOptions o, PrintStream out, PrintStream err) {
        this.o = o;
        this.out = out;
        this.err = err;
    }

    /** The records file convert reads: the one named, the one in the folder named, or the newest under outputs/. */
    Path resolveInput() throws IOException {
        if (o.input == null) {
            Path found = RunLocator.newestUnderOutputs(o.cwd);
            if (found == null) {
                Path where = o.cwd.toAbsolutePath().normalize().resolve("outputs");
                String names = RunLocator.CAPTURE_NAMES.stream()
                        .map(n -> "outputs/*/" + n)
                        .collect(Collectors.joining(" or "));
                throw new InputProblem(
                        (String) null,
                        "No " + names + " found under " + where + ". Run a test with " + Era.CHIP.runFlag + " (or "
                                + Era.L2.runFlag + ") first, or specify an explicit input.",
                        null,
                        null);
            }
            Path rel = found;
            if (o.verbose) out.println("Auto-selected latest file: " + rel);
            return rel;
        }
        Path in = o.input;
        if (Files.isDirectory(in)) {
            Path rec = RunLocator.recordsIn(in);
            if (rec == null)
                throw new InputProblem(
                        in, "no " + String.join(" or ", RunLocator.CAPTURE_NAMES) + " in this folder", null);
            return rec;
        }
        if (!Files.exists(in)) throw new InputProblem(in, "no such file", null);
        return in;
    }

    /**
     * deps.json's projection, read on at most {@code cores} cores, or none with a warning when it is missing or
     * unreadable.
     */
    static DepsProjection loadDeps(Path depsPath, List<String> warnings, int cores) {
        String noUsable =
                "Warning: no usable deps.json at " + depsPath + "; Perfetto trace will have no dependency arrows. "
                        + "Run a dep_gen capture (--enable-dep-gen) and pass --deps-json <path> to add them.";
        if (!readable(depsPath)) {
            warnings.add(noUsable);
            return DepsProjection.none();
        }
        try {
            DepsProjection p = DepsProjection.read(depsPath, warnings::add, cores);
            if (!p.edgesLoaded()) {
                warnings.add("Warning: " + depsPath + " has no 'edges' array");
                warnings.add(noUsable);
            }
            return p;
        } catch (InputProblem e) {
            warnings.add("Warning: failed to read " + depsPath + ": " + e.getMessage()
                    + (e.where() != null ? " (at " + e.where() + ")" : ""));
            warnings.add(noUsable);
            return DepsProjection.none();
        }
    }

    /** The function names: --func-names, a -k kernel config, or the name map beside the records. */
    NameMap loadNames(Path input) throws IOException {
        if (o.funcNames != null) {
            if (!readable(o.funcNames))
                throw new InputProblem((String) null, "Func names JSON not found: " + o.funcNames, null, null);
            if (o.verbose) out.println("Loading func names from: " + o.funcNames);
            NameMap m = NameMap.read(o.funcNames);
            if (o.verbose) VerboseLines.names(out, m, "");
            return m;
        }
        Path kernelConfig = kernelConfigOf(input);
        if (kernelConfig != null) {
            if (o.verbose) out.println("Loading kernel config from: " + kernelConfig);
            NameMap m = KernelConfig.read(kernelConfig, err::println);
            if (o.verbose) VerboseLines.names(out, m, " from kernel_config.py");
            return m;
        }
        Path sib = RunLocator.uniqueNameMapBeside(input, err::println);
        if (sib == null) return NameMap.EMPTY;
        if (o.verbose) out.println("Auto-discovered func names from: " + sib);
        NameMap m = NameMap.read(sib);
        if (o.verbose) VerboseLines.names(out, m, "");
        return m;
    }

    /**
     * The -k config of a single run: {@code -k FILE}, or the {@code -k PROGRAM=FILE} of the program its folder's
     * dispatch_program.json names (one that names another program, or a folder without the marker, is refused).
     */
    private Path kernelConfigOf(Path input) {
        if (o.kernelConfig != null || o.programKernelConfigs.isEmpty()) return o.kernelConfig;
        Path dir = input.toAbsolutePath().getParent();
        String program = io.ptotrace.model.tree.DispatchProgram.of(dir);
        Path p = program == null ? null : o.programKernelConfigs.get(program);
        if (p != null) return p;
        throw new InputProblem(
                (String) null,
                program == null
                        ? "-k PROGRAM=FILE needs the run's " + io.ptotrace.model.tree.DispatchProgram.FILE + ", and "
                                + dir + " has none; give -k FILE"
                        : "the run in " + dir + " ran program " + program + ", and -k names only "
                                + String.join(", ", o.programKernelConfigs.keySet()),
                null,
                null);
    }

    /** Every file this conversion may read: none of them may be overwritten by its outputs. */
    List<Path> inputFiles(Path input, Path depsPath) throws IOException {
        List<Path> l = new ArrayList<>(List.of(input, depsPath));
        if (o.funcNames != null) l.add(o.funcNames);
        if (o.kernelConfig != null) l.add(o.kernelConfig);
        l.addAll(o.programKernelConfigs.values());
        l.addAll(RunLocator.nameMapsBeside(input));
        l.addAll(io.ptotrace.model.clock.Containment.logsFor(input, o.hostLogs));
        Path sidecar = input.toAbsolutePath().resolveSibling(io.ptotrace.model.clock.Containment.SIDECAR);
        if (Files.exists(sidecar)) l.add(sidecar);
        return l;
    }

    /** A file or a pipe (not a folder) that is there. */
    static boolean readable(Path p) {
        return Files.exists(p) && !Files.isDirectory(p);
    }
}
