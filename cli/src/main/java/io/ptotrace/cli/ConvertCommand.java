package io.ptotrace.cli;

import io.ptotrace.convert.ConvertJob;
import io.ptotrace.convert.ConvertOptions;
import io.ptotrace.convert.WindowSpec;
import io.ptotrace.convert.estimate.MemoryModel;
import io.ptotrace.convert.overlays.CriticalPathHook;
import io.ptotrace.convert.overlays.HazardOverlay;
import io.ptotrace.convert.pftrace.PacketCompression;
import io.ptotrace.model.tree.DispatchSelection;
import io.ptotrace.model.tree.RankPin;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code ptotrace convert}: a run's records + deps.json → merged_swimlane.json / .pftrace. */
@Command(
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {
            "0:the trace(s) written",
            "1:a tree: a rank could not be read and was left out (the others are in the trace)",
            "2:trouble: bad input, bad usage, or an output that cannot be written; nothing was written"
        },
        name = "convert",
        description = {
            "Convert a PTO run's swimlane records (+ deps.json, name map) into a Perfetto trace.",
            "INPUT is a chip_swimlane_records.json / l2_swimlane_records.json file or a run folder; without it, the newest "
                    + "outputs/*/{chip,l2}_swimlane_records.json under the working directory is used.",
            "INPUT may also be a multi-chip job's dfx_outputs/ folder (rankN/dN/ captures): with --dispatch or --dispatch-id its "
                    + "ranks become one trace, l3_swimlane.json and l3_swimlane.pftrace in that folder (exit status 1 when a rank had to be left out).",
            "Without -o, merged_swimlane.json and merged_swimlane.pftrace are written next to the input. "
                    + "An -o name ending in .pftrace or .perfetto-trace selects protobuf."
        })
public final class ConvertCommand implements Callable<Integer> {
    @Parameters(index = "0", arity = "0..1", paramLabel = "INPUT", description = "Records file or run folder.")
    Path input;

    @Mixin
    OutputOption output;

    @Option(
            names = "--format",
            paramLabel = "json|pftrace|both",
            converter = TraceFormats.class,
            completionCandidates = TraceFormats.class,
            description =
                    "Trace format(s) to write: ${COMPLETION-CANDIDATES} (default: from the -o name; both without -o).")
    ConvertOptions.Format format;

    @Option(
            names = {"-k", "--kernel-config"},
            paramLabel = "[PROGRAM=]KERNEL_CONFIG",
            converter = KernelConfigConverter.class,
            description = "Legacy kernel_config.py with KERNELS (read, never executed). PROGRAM=FILE names the "
                    + "kernels of the dispatches whose dispatch_program.json names that L2 program; repeatable.")
    java.util.List<KernelConfigArg> kernelConfigs = new java.util.ArrayList<>();

    @Option(
            names = "--func-names",
            paramLabel = "PATH",
            description = "Name map JSON (default: the unique sibling name_map*.json).")
    Path funcNames;

    @Option(names = "--deps-json", paramLabel = "PATH", description = "deps.json (default: <input dir>/deps.json).")
    Path depsJson;

    @Mixin
    VerboseOption verbose;

    @Option(
            names = "--host-log",
            paramLabel = "PATH",
            description =
                    "Host log with [STRACE] spans to place a streams-era capture by span containment (repeatable; "
                            + "default: the host_clock_alignment.*.log or host.*.log files beside the capture; for a dfx_outputs tree, those of its "
                            + "root and capture folders). Never modified.")
    java.util.List<Path> hostLogs = new java.util.ArrayList<>();

    @Option(names = "--overhead", description = "Add the 8 scheduler-overhead counter series (needs deps.json).")
    boolean overhead;

    @Option(
            names = "--compress",
            paramLabel = "deflate|none",
            converter = Compressions.class,
            completionCandidates = Compressions.class,
            description =
                    "How the .pftrace stores its packets: deflate (the default: batches of packets deflated, which Perfetto "
                            + "inflates as it imports them; the file is about a third of the size) or none.")
    PacketCompression compression = PacketCompression.DEFLATE;

    @Option(
            names = "--full-args",
            description = "Give the .pftrace every arg of the JSON trace (default: the lean set; see README).")
    boolean fullArgs;

    /** {@code --split} writes every window, {@code --window} one: at most one of them (picocli refuses both). */
    @ArgGroup(exclusive = true, multiplicity = "0..1")
    Windows windows = new Windows();

    static final class Windows {
        @Option(
                names = "--split",
                paramLabel = "BUDGET",
                converter = BudgetConverter.class,
                description =
                        "Also write the .pftrace as consecutive time windows <stem>.part-NN.pftrace, each estimated under BUDGET bytes "
                                + "of trace-processor memory (e.g. 1.5G; units K, M, G), and their index <stem>.parts.json.")
        Long split;

        @Option(
                names = "--window",
                paramLabel = "FROM..TO",
                converter = WindowConverter.class,
                description =
                        "Write only the window of the trace that starts from FROM to TO: times in \u00b5s or task:ID (e.g. task:t5..task:t90); "
                                + "default output merged_swimlane.window.pftrace.")
        WindowSpec window;
    }

    @Option(
            names = "--critical-path",
            description =
                    "Mark the run's static and observed critical paths in the trace (category "
                            + "critical_path: marker slices on the path tasks, arrows along each path, a Critical path track); see critical-path --help.")
    boolean criticalPath;

    @Option(
            names = "--check",
            description = "Run the hazard check (as ptotrace check) on the deps.json and mark every finding in the "
                    + "trace: a slice of category hazard on both tasks and an arrow between them.")
    boolean check;

    @Option(
            names = "--dispatch",
            paramLabel = "dN",
            converter = DispatchConverter.class,
            description = "Directory input (a dfx_outputs/ tree): merge every rank's rankN/dN capture.")
    String dispatch;

    @Option(
            names = "--dispatch-id",
            paramLabel = "RUN:SLOT",
            converter = DispatchIdConverter.class,
            description =
                    "Directory input: merge the captures whose dispatch_identity.json names parent dispatch RUN:SLOT.")
    String dispatchId;

    @Option(
            names = "--rank-pid",
            paramLabel = "RANK=PID[:INV]",
            converter = RankPinConverter.class,
            description =
                    "Directory input: place RANK's capture in Host process PID (invocation INV) of the Host logs; repeatable.")
    java.util.List<RankPin> rankPins = new java.util.ArrayList<>();

    @Option(
            names = "--open",
            description = "After converting, serve the trace to ui.perfetto.dev as ptotrace open does (the .pftrace "
                    + "when one was written) and wait until the browser has fetched it.")
    boolean open;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    private CommandLine.ParameterException usage(String message) {
        return new CommandLine.ParameterException(spec.commandLine(), message);
    }

    @Override
    public Integer call() throws Exception {
        ConvertOptions o = new ConvertOptions();
        o.input = input;
        o.output = output.file;
        o.format = format;
        for (KernelConfigArg k : kernelConfigs) {
            if (k.program == null) {
                if (o.kernelConfig != null) throw usage("-k FILE given twice: " + o.kernelConfig + ", " + k.file);
                o.kernelConfig = k.file;
            } else if (o.programKernelConfigs.put(k.program, k.file) != null)
                throw usage("-k " + k.program + "=… given twice");
        }
        if (o.kernelConfig != null && !o.programKernelConfigs.isEmpty())
            throw usage("-k FILE names every dispatch's kernels; it cannot be combined with -k PROGRAM=FILE");
        o.funcNames = funcNames;
        o.depsJson = depsJson;
        o.verbose = verbose.verbose;
        o.overhead = overhead;
        o.hostLogs = hostLogs;
        o.splitBudget = windows.split;
        o.window = windows.window;
        o.fullArgs = fullArgs;
        o.compression = compression;
        if (criticalPath) {
            o.keepCycles = true;
            o.overlays.add(CriticalPathHook.of(depsJson, System.err));
        }
        if (check) o.overlays.add(HazardOverlay.producer(funcNames, System.out, System.err::println));
        o.dispatch = dispatch;
        o.dispatchId = dispatchId;
        o.rankPins = rankPins;
        // the job prints its reports to streams, not to picocli's writers
        ConvertJob job = new ConvertJob(o, System.out, System.err, Progress.wanted());
        java.util.List<ConvertJob.Written> written = job.run();
        if (open) {
            if (windows.split != null)
                System.err.println("Warning: --open serves one file: open a part with ptotrace open PART.pftrace");
            else if (!written.isEmpty()) {
                ConvertJob.Written pick = written.stream()
                        .filter(w -> w.format == io.ptotrace.convert.ConvertOptions.Format.PFTRACE)
                        .findFirst()
                        .orElse(written.get(0));
                System.out.println();
                OpenCommand.serve(pick.path, io.ptotrace.io.TraceServer.PORT, true, System.out, System.err);
            }
        }
        // a merged trace that had to leave a rank out is written, but is not a full success
        return job.partial() ? ExitCodes.DIFFERENCES : ExitCodes.OK;
    }

    /** One -k value: a kernel config, and the L2 program it is for (null: every dispatch). */
    static final class KernelConfigArg {
        final String program;
        final Path file;

        KernelConfigArg(String program, Path file) {
            this.program = program;
            this.file = file;
        }
    }

    /** {@code PROGRAM=FILE} when the text before the first = is a program name and the whole is no file. */
    static final class KernelConfigConverter implements CommandLine.ITypeConverter<KernelConfigArg> {
        @Override
        public KernelConfigArg convert(String value) {
            int eq = value.indexOf('=');
            if (eq > 0 && value.substring(0, eq).matches("[^/\\\\]+") && !java.nio.file.Files.exists(Path.of(value))) {
                if (eq == value.length() - 1)
                    throw new CommandLine.TypeConversionException("'" + value + "' names no kernel config after the =");
                return new KernelConfigArg(value.substring(0, eq), Path.of(value.substring(eq + 1)));
            }
            return new KernelConfigArg(null, Path.of(value));
        }
    }

    static final class DispatchConverter implements CommandLine.ITypeConverter<String> {
        @Override
        public String convert(String value) {
            try {
                return DispatchSelection.checkDispatch(value);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }

    static final class DispatchIdConverter implements CommandLine.ITypeConverter<String> {
        @Override
        public String convert(String value) {
            try {
                DispatchSelection.parseDispatchId(value);
                return value;
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }

    static final class RankPinConverter implements CommandLine.ITypeConverter<RankPin> {
        @Override
        public RankPin convert(String value) {
            try {
                return RankPin.parse(value);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }

    static final class BudgetConverter implements CommandLine.ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            try {
                return MemoryModel.parseSize(value);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }

    static final class WindowConverter implements CommandLine.ITypeConverter<WindowSpec> {
        @Override
        public WindowSpec convert(String value) {
            try {
                return WindowSpec.parse(value);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }

    static final class Compressions extends Choices<PacketCompression> {
        Compressions() {
            add(PacketCompression.DEFLATE, "deflate");
            add(PacketCompression.NONE, "none");
        }
    }

    static final class TraceFormats extends Choices<ConvertOptions.Format> {
        TraceFormats() {
            add(ConvertOptions.Format.JSON, "json");
            add(ConvertOptions.Format.PFTRACE, "pftrace", "protobuf", "perfetto");
            add(ConvertOptions.Format.BOTH, "both");
        }
    }
}
