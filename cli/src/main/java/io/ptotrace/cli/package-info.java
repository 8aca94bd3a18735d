/**
 * The {@code ptotrace} command line (picocli): {@link io.ptotrace.cli.Main} with one class per subcommand
 * ({@code convert}, {@code inspect}, {@code diff}, {@code synth}). Commands only translate options into a call
 * of the module that does the work; every failure of every command goes through one exception handler, which
 * prints the one error line and maps it to an exit status ({@link io.ptotrace.cli.ExitCodes}). This module also
 * builds the runnable jar that {@code bin/ptotrace} starts.
 */
package io.ptotrace.cli;
