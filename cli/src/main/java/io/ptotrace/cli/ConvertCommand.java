package io.ptotrace.cli;

import io.ptotrace.convert.ConvertJob;
import io.ptotrace.convert.ConvertOptions;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code ptotrace convert}: a run's records + deps.json → merged_swimlane.json / .pftrace. */
@Command(name = "convert", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
    description = {
        "Convert a PTO run's swimlane records (+ deps.json, name map) into a Perfetto trace.",
        "INPUT is a chip_swimlane_records.json / l2_swimlane_records.json file or a run folder; without it, the newest",
        "outputs/*/{chip,l2}_swimlane_records.json under the working directory is used."})
public final class ConvertCommand implements Callable<Integer> {
    @Parameters(index = "0", arity = "0..1", paramLabel = "INPUT", description = "Records file or run folder.")
    Path input;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE",
        description = "Output file (default: merged_swimlane.json and .pftrace next to the input). A name ending in .pftrace or .perfetto-trace selects protobuf.")
    Path output;

    @Option(names = "--format", paramLabel = "json|pftrace|both", description = "Trace format(s) to write (default: from the -o name; both without -o).",
        converter = FormatConverter.class)
    ConvertOptions.Format format;

    @Option(names = {"-k", "--kernel-config"}, paramLabel = "KERNEL_CONFIG", description = "Legacy kernel_config.py with KERNELS (read, never executed).")
    Path kernelConfig;

    @Option(names = "--func-names", paramLabel = "PATH", description = "Name map JSON (default: the unique sibling name_map*.json).")
    Path funcNames;

    @Option(names = "--deps-json", paramLabel = "PATH", description = "deps.json (default: <input dir>/deps.json).")
    Path depsJson;

    @Option(names = {"-v", "--verbose"}, description = "Progress details on stdout; stack traces on failure.")
    boolean verbose;

    @Option(names = "--overhead", description = "Add the 8 scheduler-overhead counter series (needs deps.json).")
    boolean overhead;

    @Override
    public Integer call() throws Exception {
        ConvertOptions o = new ConvertOptions();
        o.input = input;
        o.output = output;
        o.format = format;
        o.kernelConfig = kernelConfig;
        o.funcNames = funcNames;
        o.depsJson = depsJson;
        o.verbose = verbose;
        o.overhead = overhead;
        new ConvertJob(o, System.out, System.err, Progress.wanted()).run();
        return ExitCodes.OK;
    }

    /** Accepts json, pftrace, both (any case). */
    static final class FormatConverter implements picocli.CommandLine.ITypeConverter<ConvertOptions.Format> {
        @Override
        public ConvertOptions.Format convert(String v) {
            switch (v.toLowerCase(java.util.Locale.ROOT)) {
                case "json": return ConvertOptions.Format.JSON;
                case "pftrace": case "protobuf": case "perfetto": return ConvertOptions.Format.PFTRACE;
                case "both": return ConvertOptions.Format.BOTH;
                default: throw new picocli.CommandLine.TypeConversionException("expected json, pftrace or both, not '" + v + "'");
            }
        }
    }
}
