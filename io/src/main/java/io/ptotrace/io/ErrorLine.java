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
        Throwable oom = outOfMemory(t);
        return "Error: " + describe(oom != null ? oom : unwrap(t));
    }

    /** The out-of-memory error anywhere in {@code t}'s causes (a writer thread's, wrapped by its caller), or null. */
    public static OutOfMemoryError outOfMemory(Throwable t) {
        for (Throwable c = t, prev = null; c != null && c != prev; prev = c, c = c.getCause())
            if (c instanceof OutOfMemoryError) return (OutOfMemoryError) c;
        return null;
    }

    /** What an out-of-memory error says, the same whichever thread ran out. */
    public static String outOfMemoryWords() {
        long mib = Runtime.getRuntime().maxMemory() / (1 << 20);
        long suggestGiB = Math.max(1, (2 * mib + 1023) / 1024); // twice the heap, in whole GiB
        return "out of memory (Java heap of " + mib + " MiB); give Java more, e.g. PTOTRACE_JAVA_OPTS=-Xmx" + suggestGiB
                + "g bin/ptotrace ...";
    }

    private static Throwable unwrap(Throwable t) {
        Throwable c = t;
        while ((c instanceof CompletionException
                        || c instanceof ExecutionException
                        || c instanceof UncheckedIOException)
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
        if (t instanceof OutOfMemoryError) return outOfMemoryWords();
        return "internal error: " + t + " (a bug in ptotrace: please report it with the output of -v)";
    }
}
