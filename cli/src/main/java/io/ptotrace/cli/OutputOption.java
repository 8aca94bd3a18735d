package io.ptotrace.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** {@code -o/--output FILE} of the commands that write one result file (convert, diff); null means their default place. */
final class OutputOption {
    @Option(
            names = {"-o", "--output"},
            paramLabel = "FILE",
            description =
                    "Write to FILE instead of the default (see above). An input of the command is never overwritten.")
    Path file;
}
