package io.ptotrace.io;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The temporary files of outputs being written. Names are short ({@code .ptotrace-xxxxxx.tmp}), so any name
 * the file system allows as an output leaves room for its temporary sibling; every live one is removed by a
 * shutdown hook when the JVM is stopped (Ctrl-C, SIGTERM) before the output was renamed into place.
 */
public final class TempFiles {
    private TempFiles() {}

    private static final String ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final Set<Path> LIVE = new LinkedHashSet<>();
    private static boolean hookInstalled, shuttingDown;
    /** Held while a set of outputs is renamed into place; the shutdown hook waits for it. */
    static final Object COMMIT = new Object();

    private static volatile boolean stopping;

    /**
     * Told of each temporary file as soon as it exists: the fault-injection tests act at that moment (a folder
     * appearing, a signal) instead of racing the write. With the system property {@code
     * ptotrace.faults.holdTemp=FILE} set, a command creates FILE and then waits there until it is stopped.
     */
    public static volatile Consumer<Path> created = holdFromProperty();

    private static Consumer<Path> holdFromProperty() {
        String marker = System.getProperty("ptotrace.faults.holdTemp");
        if (marker == null) return p -> {};
        return p -> {
            try {
                Files.writeString(Path.of(marker), p.toString());
                while (true) Thread.sleep(60_000);
            } catch (IOException | InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        };
    }

    /** Creates a new empty temporary file in {@code dir} (mode rw-r--r-- where the file system has modes). */
    public static Path create(Path dir) throws IOException {
        boolean posix = dir.getFileSystem().supportedFileAttributeViews().contains("posix");
        FileAttribute<?>[] attrs = posix
                ? new FileAttribute<?>[] {
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-r--r--"))
                }
                : new FileAttribute<?>[0];
        for (int attempt = 0; ; attempt++) {
            Path p = dir.resolve(".ptotrace-" + randomName(6) + ".tmp");
            try {
                synchronized (TempFiles.class) {
                    if (shuttingDown)
                        throw new java.io.InterruptedIOException("stopped before " + dir + " was written");
                    installHook();
                    Files.createFile(p, attrs);
                    LIVE.add(p);
                }
                created.accept(p);
                return p;
            } catch (FileAlreadyExistsException e) {
                if (attempt > 100) throw e;
            }
        }
    }

    /**
     * A new temporary name in {@code dir}, not created (for a hard link or a rename onto it), removed by the
     * shutdown hook like the others.
     */
    static Path reserve(Path dir) throws IOException {
        synchronized (TempFiles.class) {
            if (shuttingDown) throw new java.io.InterruptedIOException("stopped before " + dir + " was written");
            installHook();
            for (int attempt = 0; ; attempt++) {
                Path p = dir.resolve(".ptotrace-" + randomName(6) + ".tmp");
                if (!Files.exists(p, java.nio.file.LinkOption.NOFOLLOW_LINKS) && !LIVE.contains(p)) {
                    LIVE.add(p);
                    return p;
                }
                if (attempt > 100) throw new FileAlreadyExistsException(p.toString());
            }
        }
    }

    /** True once the JVM is shutting down (a commit under way then rolls back). */
    public static boolean stopping() {
        return stopping;
    }

    /** Forgets a temporary file that was renamed into place or deleted. */
    public static void release(Path p) {
        synchronized (TempFiles.class) {
            LIVE.remove(p);
        }
    }

    /** Deletes a temporary file (if it is still there) and forgets it. */
    public static void delete(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException ignored) {
            // best effort: the caller is already reporting the failure that made this necessary
        }
        release(p);
    }

    /** The temporary files not yet renamed or deleted (for tests). */
    static synchronized Set<Path> live() {
        return Set.copyOf(LIVE);
    }

    private static String randomName(int n) {
        StringBuilder sb = new StringBuilder(n);
        for (int i = 0; i < n; i++) sb.append(ALPHABET.charAt(RANDOM.nextInt(ALPHABET.length())));
        return sb.toString();
    }

    private static void installHook() {
        if (hookInstalled) return;
        hookInstalled = true;
        Runtime.getRuntime().addShutdownHook(new Thread(TempFiles::deleteAll, "ptotrace-temp-cleanup"));
    }

    private static void deleteAll() {
        stopping = true;
        synchronized (COMMIT) { // a commit under way finishes or rolls back first
            deleteLive();
        }
    }

    /**
     * Deletes every live file, each on its own: the hook may run because the heap ran out, and an error deleting
     * one file (out of memory included) must neither skip the others nor end the hook with an uncaught error.
     */
    private static void deleteLive() {
        synchronized (TempFiles.class) {
            shuttingDown = true;
            for (java.util.Iterator<Path> it = LIVE.iterator(); it.hasNext(); ) {
                Path p = it.next();
                try {
                    Files.deleteIfExists(p);
                } catch (IOException | RuntimeException | OutOfMemoryError ignored) {
                    // nothing more can be done while the JVM is going down
                }
                it.remove();
            }
        }
    }
}
