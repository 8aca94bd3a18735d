package io.ptotrace.io;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Where one output goes, decided before anything is written.
 *
 * <ul>
 *   <li>a new name or a regular file: written to a temporary sibling and renamed over it when complete, so the
 *       file appears whole or not at all (an existing file keeps its permission bits);</li>
 *   <li>a symbolic link: the same for the file it points to; the link stays a link;</li>
 *   <li>a character device or FIFO ({@code /dev/null}, a named pipe) and the names of open file descriptors
 *       ({@code /dev/stdout}, {@code /dev/fd/N}): written straight into, since they cannot be replaced;</li>
 *   <li>a folder, block device or socket: refused.</li>
 * </ul>
 */
public final class OutputFile {
    private static final Pattern DESCRIPTOR = Pattern.compile("/dev/(stdout|stderr|fd/\\d+)|/proc/(self|\\d+)/fd/\\d+");
    private static final int MAX_LINKS = 40;

    private final Path shown;
    private final Path destination;
    private final boolean stream;
    private final boolean append;

    private OutputFile(Path shown, Path destination, boolean stream, boolean append) {
        this.shown = shown;
        this.destination = destination;
        this.stream = stream;
        this.append = append;
    }

    /** Classifies {@code path}; throws {@link OutputProblem} for a path that cannot be an output. */
    public static OutputFile of(Path path) {
        Path abs = path.toAbsolutePath().normalize();
        if (DESCRIPTOR.matcher(abs.toString()).matches()) return new OutputFile(path, abs, true, true);
        Path dest;
        try {
            dest = followLinks(abs);
        } catch (IOException e) {
            throw OutputProblem.cannotWrite(path, e);
        }
        BasicFileAttributes a;
        try {
            a = Files.readAttributes(dest, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            Path dir = dest.getParent();
            if (dir == null || !Files.isDirectory(dir))
                throw new OutputProblem(path, "cannot write: folder " + (dir == null ? "/" : dir) + " does not exist");
            return new OutputFile(path, dest, false, false);
        } catch (IOException e) {
            throw OutputProblem.cannotWrite(path, e);
        }
        if (a.isRegularFile()) return new OutputFile(path, dest, false, false);
        if (a.isDirectory()) throw new OutputProblem(path, "is a folder; name a file to write");
        String special = specialKind(dest);
        if (special != null)
            throw new OutputProblem(
                    path, "is a " + special + "; ptotrace writes only files, character devices and pipes");
        return new OutputFile(path, dest, true, false);
    }

    /** The path the user named. */
    public Path shown() {
        return shown;
    }

    /** The file that will hold the output (symbolic links followed). */
    public Path destination() {
        return destination;
    }

    /** True when the output is written straight into a device, pipe or descriptor instead of being replaced. */
    public boolean isStream() {
        return stream;
    }

    /** Starts writing: a temporary sibling of the destination, or the stream target itself. */
    public Pending begin() {
        if (stream) return new Pending(this, null);
        try {
            Path tmp = TempFiles.create(destination.getParent());
            try {
                keepPermissions(tmp);
            } catch (IOException | RuntimeException e) {
                TempFiles.delete(tmp);
                throw e;
            }
            return new Pending(this, tmp);
        } catch (IOException e) {
            throw OutputProblem.cannotWrite(shown, e);
        }
    }

    /** An output being written: {@link #open} once, then {@link #commit} or {@link #abort}. */
    public static final class Pending {
        private final OutputFile target;
        private final Path temp;
        private boolean finished;

        private Pending(OutputFile target, Path temp) {
            this.target = target;
            this.temp = temp;
        }

        public OutputFile target() {
            return target;
        }

        /** The file being written: the temporary sibling, or the stream target. */
        public Path file() {
            return temp != null ? temp : target.destination;
        }

        /**
         * A stream onto {@link #file()}. {@code bulk} selects direct I/O for large outputs where the file system
         * allows it; streams into devices and pipes are always plain.
         */
        public OutputStream open(boolean bulk) throws IOException {
            if (temp != null && bulk) return DirectFileOutput.open(temp);
            if (temp != null)
                return new BufferedOutputStream(
                        Files.newOutputStream(temp, StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE),
                        1 << 16);
            FileChannel ch = target.append
                    ? FileChannel.open(target.destination, StandardOpenOption.WRITE, StandardOpenOption.APPEND)
                    : FileChannel.open(target.destination, StandardOpenOption.WRITE);
            return new BufferedOutputStream(Channels.newOutputStream(ch), 1 << 16);
        }

        /** Puts the written file in place (renames the temporary file over the destination): a set of one. */
        public void commit() {
            if (finished) return;
            OutputSet one = new OutputSet();
            one.adopt(this);
            one.commit();
        }

        Path temp() {
            return temp;
        }

        void markFinished() {
            finished = true;
        }

        /** Drops what was written (the destination is untouched). Safe to call after {@link #commit}. */
        public void abort() {
            if (finished) return;
            finished = true;
            if (temp != null) TempFiles.delete(temp);
        }
    }

    private void keepPermissions(Path tmp) throws IOException {
        if (!Files.isRegularFile(destination, LinkOption.NOFOLLOW_LINKS)) return;
        if (!destination.getFileSystem().supportedFileAttributeViews().contains("posix")) return;
        Set<PosixFilePermission> perms = Files.getPosixFilePermissions(destination, LinkOption.NOFOLLOW_LINKS);
        Files.setPosixFilePermissions(tmp, perms);
    }

    /** The end of a chain of symbolic links (which may not exist yet). */
    private static Path followLinks(Path p) throws IOException {
        Path cur = p;
        for (int i = 0; i < MAX_LINKS; i++) {
            if (!Files.isSymbolicLink(cur)) return cur;
            Path link = Files.readSymbolicLink(cur);
            Path parent = cur.getParent();
            cur = (parent == null ? link : parent.resolve(link)).normalize();
        }
        throw new java.nio.file.FileSystemLoopException(p.toString());
    }

    /** "block device" or "socket" for file kinds that are refused; null for devices and pipes that are written. */
    private static String specialKind(Path p) {
        try {
            int mode = (Integer) Files.getAttribute(p, "unix:mode", LinkOption.NOFOLLOW_LINKS);
            switch (mode & 0170000) {
                case 0060000:
                    return "block device";
                case 0140000:
                    return "socket";
                default:
                    return null;
            }
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException | ClassCastException e) {
            return null;
        }
    }
}
