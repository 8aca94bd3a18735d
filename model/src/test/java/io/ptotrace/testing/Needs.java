package io.ptotrace.testing;

import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;

/**
 * What a test needs from outside the checkout: the shared conformance samples and Perfetto's trace processor beside
 * it, a browser. Where it is absent the test is reported as skipped with the reason; under CI (the environment
 * variable {@code CI=true}), which always has them, their absence fails the test instead, so a green CI run proves
 * they ran.
 */
public final class Needs {
    private Needs() {}

    /** The folder beside the checkout that holds the shared samples and tools (paths are from a module's folder). */
    public static final Path SHARED = Path.of("..", "..", "shared");

    /** Perfetto's trace processor, the importer ui.perfetto.dev runs. */
    public static final Path TRACE_PROCESSOR =
            SHARED.resolve("tools").resolve("perfetto").resolve("trace_processor_shell");

    /** The build runs under CI, where everything a test may need is present. */
    public static boolean ci() {
        return "true".equalsIgnoreCase(System.getenv("CI"));
    }

    /** Goes on when {@code there}; else skips the calling test with {@code what} as the reason, or fails it under CI. */
    public static void need(boolean there, String what) {
        if (there) return;
        if (ci()) fail(what + " (CI=true: CI always has it, so its absence fails the build)");
        Assumptions.abort(what);
    }

    /** The shared folder {@code SHARED/sub...}, which the test needs. */
    public static Path shared(String... sub) {
        Path p = SHARED;
        for (String s : sub) p = p.resolve(s);
        need(Files.isDirectory(p), "the shared samples are not at " + p);
        return p;
    }

    /** Perfetto's trace processor, which the test needs. */
    public static Path traceProcessor() {
        need(Files.isExecutable(TRACE_PROCESSOR), "Perfetto's trace processor is not at " + TRACE_PROCESSOR);
        return TRACE_PROCESSOR;
    }

    /** Makes a factory's tests; may throw. */
    @FunctionalInterface
    public interface Tests {
        Stream<DynamicTest> make() throws java.io.IOException;
    }

    /**
     * A test factory's tests when {@code there}; else one test that is reported as skipped with the reason (or
     * fails under CI): a factory that aborts itself is counted neither run nor skipped.
     */
    public static Stream<DynamicTest> factory(boolean there, String what, Tests tests) throws java.io.IOException {
        if (there) return tests.make();
        return Stream.of(DynamicTest.dynamicTest("needs: " + what, () -> need(false, what)));
    }
}
