package io.ptotrace.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;

/** The one error line: out of memory in the same words wherever it was thrown and however it was wrapped. */
class ErrorLineTest {
    private static final String OOM = "Error: out of memory \\(Java heap of \\d+ MiB\\); give Java more, e\\.g\\. "
            + "PTOTRACE_JAVA_OPTS=-Xmx\\d+g bin/ptotrace \\.\\.\\.";

    @Test
    void outOfMemoryReadsTheSameFromAnyThread() {
        OutOfMemoryError e = new OutOfMemoryError("Java heap space");
        for (Throwable t : new Throwable[] {
            e,
            new CompletionException(e),
            new ExecutionException(e),
            new IOException(e),
            new UncheckedIOException(new IOException(e)),
            OutputProblem.cannotWrite(Path.of("out.json"), new IOException(e)),
            new IllegalStateException("the JSON trace could not be checked", e)
        }) {
            assertThat(ErrorLine.of(t))
                    .as(t.toString())
                    .matches(OOM)
                    .doesNotContain("java.lang", "cannot write", "out.json");
        }
    }

    @Test
    void theSuggestedHeapIsLargerThanTheOneThatRanOut() {
        long mib = Runtime.getRuntime().maxMemory() / (1 << 20);
        String line = ErrorLine.of(new OutOfMemoryError());
        long suggested = Long.parseLong(line.replaceAll(".*-Xmx(\\d+)g.*", "$1"));
        assertThat(suggested * 1024).isGreaterThan(mib);
        assertThat(line).contains("Java heap of " + mib + " MiB");
    }

    @Test
    void aWriterThreadsOutOfMemoryIsNotAWriteFailure() throws Exception {
        Path f = java.nio.file.Files.createTempFile("ptotrace-errorline", ".bin");
        try {
            Throwable thrown = null;
            try {
                Outputs.write(f, java.util.List.of(), false, out -> {
                    throw new OutOfMemoryError("Java heap space");
                });
            } catch (Throwable t) {
                thrown = t;
            }
            assertThat(ErrorLine.of(thrown)).matches(OOM);
        } finally {
            java.nio.file.Files.deleteIfExists(f);
        }
    }
}
