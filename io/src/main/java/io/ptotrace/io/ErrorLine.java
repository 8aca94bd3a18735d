package io.ptotrace.io;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.FileSystemException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;

/** The one line a command prints when it fails: what went wrong, with the user's file, in words. */
public final class ErrorLine {
    private ErrorLine() {}

    private static final AtomicBoolean SAID = new AtomicBoolean();

    /** {@code Error: <file>: <what> (at <where>)}, or the nearest that {@code t} allows. */
    public static String of(Throwable t) {
        return "Error: " + (outOfMemory(t) ? outOfMemoryWords() : describe(unwrap(t)));
    }

    /**
     * Whether {@code t} is, or came from, running out of memory: an out-of-memory error anywhere in its causes (a
     * writer thread's, wrapped by its caller), or a class whose static initialiser ran out of memory (the JVM then
     * reports {@link ExceptionInInitializerError}, and {@link NoClassDefFoundError} at each later use, naming the
     * error only in words).
     */
    public static boolean outOfMemory(Throwable t) {
        for (Throwable c = t, prev = null; c != null && c != prev; prev = c, c = c.getCause()) {
            if (c instanceof OutOfMemoryError) return true;
            if ((c instanceof ExceptionInInitializerError || c instanceof NoClassDefFoundError)
                    && String.valueOf(c.getMessage()).contains("java.lang.OutOfMemoryError")) return true;
        }
        return false;
    }

    /** Starts a command: it has said no error line yet. */
    public static void begin() {
        SAID.set(false);
    }

    /**
     * Prints a command's one error line for {@code t}, unless a thread of the command has printed one already (a
     * helper thread that runs out of memory and the main thread that then fails with it would say it twice).
     *
     * @return whether this call printed it
     */
    public static boolean sayOnce(PrintStream err, Throwable t) {
        if (!SAID.compareAndSet(false, true)) return false;
        err.println(of(t));
        err.flush();
        return true;
    }

    /** {@link #sayOnce(PrintStream, Throwable)} to a writer. */
    public static boolean sayOnce(java.io.PrintWriter err, Throwable t) {
        if (!SAID.compareAndSet(false, true)) return false;
        err.println(of(t));
        err.flush();
        return true;
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
