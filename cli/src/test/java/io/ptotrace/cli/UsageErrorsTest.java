package io.ptotrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Usage errors in one voice: the unknown word named alone, the nearest valid one suggested, exit 2. */
class UsageErrorsTest {
    static final String COMMANDS = "convert, inspect, diff, deps, check, synth, critical-path, compare, open";

    @Test
    void anUnknownCommandIsNamedWithTheNearestOneAndTheList() {
        Cli.Result r = Cli.run("convrt", "run/");
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.stdout()).isEmpty();
        assertThat(r.errLines())
                .containsExactly(
                        "Error: 'convrt' is not a ptotrace command (did you mean 'convert'?); the commands are "
                                + COMMANDS,
                        "Try 'ptotrace --help' for more information.");
        Cli.Result far = Cli.run("frobnicate", "--help");
        assertThat(far.status())
                .as("--help does not turn an unknown command into the top help")
                .isEqualTo(2);
        assertThat(far.errLines().get(0))
                .isEqualTo("Error: 'frobnicate' is not a ptotrace command; the commands are " + COMMANDS);
        assertThat(far.stdout()).isEmpty();
    }

    @Test
    void anUnknownOptionIsNamedAloneWithTheNearestOne() {
        Cli.Result r = Cli.run("convert", "--formt", "json", "testdata/runs/pa_level4");
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.errLines())
                .containsExactly(
                        "Error: unknown option '--formt' (did you mean '--format'?)",
                        "Try 'ptotrace convert --help' for more information.");
        Cli.Result eq = Cli.run("diff", "a", "b", "--fromat=json");
        assertThat(eq.errLines().get(0)).isEqualTo("Error: unknown option '--fromat' (did you mean '--format'?)");
        Cli.Result nothingNear = Cli.run("check", "--zzzzzzzz");
        assertThat(nothingNear.errLines().get(0)).isEqualTo("Error: unknown option '--zzzzzzzz'");
    }

    @Test
    void anExtraArgumentIsNamed() {
        Cli.Result r = Cli.run("inspect", "x", "y");
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.errLines().get(0)).isEqualTo("Error: unexpected argument 'y'");
    }
}
