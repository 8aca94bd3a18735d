package io.ptotrace.model.util;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Work run beside the caller's (a second input read, a check beside a writer, a cost count beside the
 * writers), its result or failure handed back by {@link #join}. The one way ptotrace runs something on a
 * second thread: a daemon thread, so an abandoned one never keeps the process alive, started at once when
 * the machine has more than one core; on a single core the work runs on the caller's thread inside
 * {@link #start}, where a second thread would only take turns with the first. A failure is rethrown by
 * {@link #join} as it was thrown; waiting goes on through interrupts and keeps the interrupt flag.
 */
public final class SecondThread<T> {
    /** The work: a result, or an unchecked exception, an error or an {@link IOException}. */
    @FunctionalInterface
    public interface Work<T> {
        T run() throws IOException;
    }

    private final Thread thread;
    private volatile T result;
    private volatile Throwable failure;

    private SecondThread(String name, Work<T> work, boolean concurrent) {
        Runnable body = () -> {
            try {
                result = work.run();
            } catch (Throwable e) {
                failure = e;
            }
        };
        if (concurrent) {
            thread = new Thread(body, name);
            thread.setDaemon(true);
            thread.start();
        } else {
            thread = null;
            body.run();
        }
    }

    /** Starts {@code work} on a daemon thread named {@code name} (on one core: runs it now). */
    public static <T> SecondThread<T> start(String name, Work<T> work) {
        return start(name, work, Runtime.getRuntime().availableProcessors());
    }

    /** {@link #start(String, Work)} as on a machine of {@code cores} cores. */
    static <T> SecondThread<T> start(String name, Work<T> work, int cores) {
        return new SecondThread<>(name, work, cores > 1);
    }

    /** Waits for the work to end; true when it ended with a result. */
    public boolean await() {
        if (thread != null) {
            boolean interrupted = false;
            while (true) {
                try {
                    thread.join();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) Thread.currentThread().interrupt();
        }
        return failure == null;
    }

    /** The work's result once it has ended; its failure rethrown as it was thrown. */
    public T join() throws IOException {
        if (await()) return result;
        Throwable f = failure;
        if (f instanceof IOException) throw (IOException) f;
        if (f instanceof RuntimeException) throw (RuntimeException) f;
        if (f instanceof Error) throw (Error) f;
        throw new IllegalStateException(f); // Work declares nothing else
    }

    /** {@link #join} for work that does no I/O of its own: an {@link IOException} comes out unchecked. */
    public T joinUnchecked() {
        try {
            return join();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
