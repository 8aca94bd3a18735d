package io.ptotrace.convert;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * Writes files through temporary siblings and renames, so a failure never leaves partial output:
 * either every file of a call is in place, or none of them was touched.
 */
public final class AtomicFile {
    private AtomicFile() {}

    /** The body that fills the stream. */
    @FunctionalInterface
    public interface Body { void write(OutputStream out) throws IOException; }

    public static void write(Path target, Body body) throws IOException {
        writeAll(List.of(target), List.of(body), false);
    }

    /**
     * Fills every target (concurrently, one thread each, when {@code concurrent}), then renames them
     * all into place.
     */
    public static void writeAll(List<Path> targets, List<Body> bodies, boolean concurrent) throws IOException {
        List<Path> temps = new ArrayList<>();
        boolean done = false;
        try {
            for (Path t : targets) temps.add(temp(t.toAbsolutePath()));
            List<CompletableFuture<Void>> jobs = new ArrayList<>();
            for (int i = 0; i < targets.size(); i++) {
                Path tmp = temps.get(i);
                Body body = bodies.get(i);
                Runnable fill = () -> {
                    try (OutputStream out = DirectFileOutput.open(tmp)) {
                        body.write(out);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                };
                if (!concurrent || targets.size() == 1) join(run(fill)); // stops at the first failure
                else jobs.add(CompletableFuture.runAsync(fill, r -> new Thread(r, "trace-writer").start()));
            }
            for (CompletableFuture<Void> j : jobs) join(j);
            for (int i = 0; i < targets.size(); i++) move(temps.get(i), targets.get(i).toAbsolutePath());
            done = true;
        } finally {
            if (!done) for (Path t : temps) Files.deleteIfExists(t);
        }
    }

    private static CompletableFuture<Void> run(Runnable r) {
        try {
            r.run();
            return CompletableFuture.completedFuture(null);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    private static void join(CompletableFuture<Void> j) throws IOException {
        try {
            j.join();
        } catch (CompletionException e) {
            Throwable c = e.getCause();
            if (c instanceof UncheckedIOException) throw ((UncheckedIOException) c).getCause();
            if (c instanceof RuntimeException) throw (RuntimeException) c;
            if (c instanceof Error) throw (Error) c;
            throw new IOException(c);
        }
    }

    private static Path temp(Path abs) throws IOException {
        Path dir = abs.getParent();
        String prefix = "." + abs.getFileName() + ".";
        return dir.getFileSystem().supportedFileAttributeViews().contains("posix")
            ? Files.createTempFile(dir, prefix, ".tmp", PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-r--r--")))
            : Files.createTempFile(dir, prefix, ".tmp");
    }

    private static void move(Path tmp, Path abs) throws IOException {
        try {
            Files.move(tmp, abs, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
