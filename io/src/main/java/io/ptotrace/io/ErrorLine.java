package io.ptotrace.io;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystemException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/** The one line a command prints when it fails: what went wrong, with the user's file, in words. */
public final class ErrorLine {
    private ErrorLine() {}

    /** {@code Error: <file>: <what> (at <where>)}, or the nearest that {@code t} allows. */
    public static String of(Throwable t) {
        return "Error: " + describe(unwrap(t));
    }

    private static Throwable unwrap(Throwable t) {
        Throwable c = t;
        while ((c instanceof CompletionException || c instanceof ExecutionException || c instanceof UncheckedIOException)
            && c.getCause() != null) c = c.getCause();
        return c;
    }

    private static String describe(Throwable t) {
        if (t instanceof InputProblem) return ((InputProblem) t).oneLine();
        if (t instanceof OutputProblem) return ((OutputProblem) t).oneLine();
        if (t instanceof FileSystemException) {
            FileSystemException f = (FileSystemException) t;
            return f.getFile() == null ? IoCause.words(f) : f.getFile() + ": " + IoCause.words(f);
        }
        if (t instanceof IOException) return IoCause.words((IOException) t);
        if (t instanceof OutOfMemoryError)
            return "out of memory (" + Runtime.getRuntime().maxMemory() / (1 << 20)
                + " MiB heap); give Java more, e.g. PTOTRACE_JAVA_OPTS=-Xmx8g bin/ptotrace ...";
        return "internal error: " + t + " (a bug in ptotrace: please report it with the output of -v)";
    }
}
