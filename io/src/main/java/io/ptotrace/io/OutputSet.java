package io.ptotrace.io;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;

/**
 * The files one call writes (and the stale files it removes), put in place together or not at all. Every file
 * is first written to its temporary sibling; {@link #commit} then renames them over their targets one by one,
 * keeping each replaced file as a hard link (or, where links are refused, under a temporary name) until the
 * last rename succeeded. When a rename fails, the renames already done are undone, so the previous files are
 * back under their names; a file that did not exist before is removed again. Closing a set that was not
 * committed drops what was written.
 *
 * <p>A shutdown (Ctrl-C, SIGTERM) waits for a commit under way and undoes it when it arrived in the middle, so
 * a stopped command never leaves half a set.
 */
public final class OutputSet implements AutoCloseable {
    /** Test hook: called with each target just before it is renamed into place; may throw to inject a failure. */
    interface RenameHook {
        void before(Path destination) throws IOException;
    }

    static volatile RenameHook renameHook;

    private final List<OutputFile.Pending> files = new ArrayList<>();
    private final List<Path> removals = new ArrayList<>();
    private boolean finished;

    OutputSet() {}

    /** Starts one file of the set (its temporary sibling is created now). */
    public OutputFile.Pending add(OutputFile target) {
        OutputFile.Pending p = target.begin();
        files.add(p);
        return p;
    }

    void adopt(OutputFile.Pending p) {
        files.add(p);
    }

    /** Removes {@code stale} (a regular file, if it still exists) as part of the commit, and restores it on a roll-back. */
    public void removeOnCommit(Path stale) {
        removals.add(stale);
    }

    public List<OutputFile.Pending> files() {
        return List.copyOf(files);
    }

    /** One step of a commit, undone on a roll-back. */
    private record Step(Path destination, Path backup, boolean linked, Path shown) {}

    /** Puts every file in place and removes the stale ones, all or nothing. */
    public void commit() {
        if (finished) return;
        finished = true;
        synchronized (TempFiles.COMMIT) {
            if (TempFiles.stopping()) {
                abortAll();
                throw new OutputProblem(
                        files.isEmpty() ? Path.of(".") : files.get(0).target().shown(), "cannot write: interrupted");
            }
            for (OutputFile.Pending p : files) {
                if (p.temp() == null) continue;
                String bad = notReplaceable(p.target().destination());
                if (bad != null) {
                    abortAll();
                    throw new OutputProblem(p.target().shown(), bad);
                }
            }
            List<Step> done = new ArrayList<>();
            Path failedShown = null;
            IOException failure = null;
            for (OutputFile.Pending p : files) {
                if (p.temp() == null) continue;
                Path dest = p.target().destination();
                Step step = null;
                try {
                    step = keepOld(dest, p.target().shown());
                    RenameHook hook = renameHook;
                    if (hook != null) hook.before(dest);
                    move(p.temp(), dest);
                    TempFiles.release(p.temp());
                    done.add(step);
                } catch (IOException e) {
                    if (step != null && step.backup() != null && !step.linked()) restore(step);
                    else if (step != null && step.backup() != null) TempFiles.delete(step.backup());
                    failure = e;
                    failedShown = p.target().shown();
                    break;
                }
            }
            if (failure == null) {
                for (Path stale : removals) {
                    try {
                        if (!Files.isRegularFile(stale, LinkOption.NOFOLLOW_LINKS)) continue;
                        Path backup = TempFiles.reserve(stale.toAbsolutePath().getParent());
                        move(stale, backup);
                        done.add(new Step(stale, backup, false, stale));
                    } catch (IOException e) {
                        failure = e;
                        failedShown = stale;
                        break;
                    }
                }
            }
            if (failure == null && TempFiles.stopping()) {
                failure = new java.io.InterruptedIOException("stopped");
                failedShown =
                        files.isEmpty() ? Path.of(".") : files.get(0).target().shown();
            }
            if (failure != null) {
                for (int i = done.size() - 1; i >= 0; i--) undo(done.get(i));
                abortAll();
                throw OutputProblem.cannotWrite(failedShown, failure);
            }
            for (Step s : done) if (s.backup() != null) TempFiles.delete(s.backup());
            for (OutputFile.Pending p : files) p.markFinished();
        }
    }

    /** Drops what was written: temporary files deleted, targets untouched. Safe after {@link #commit}. */
    @Override
    public void close() {
        if (finished) return;
        finished = true;
        abortAll();
    }

    private void abortAll() {
        for (OutputFile.Pending p : files) p.abort();
    }

    /** Why {@code dest} cannot be replaced now (it became a folder or another kind of file), or null. */
    private static String notReplaceable(Path dest) {
        BasicFileAttributes a;
        try {
            a = Files.readAttributes(dest, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            return null;
        } catch (IOException e) {
            return "cannot write: " + IoCause.words(e);
        }
        if (a.isRegularFile()) return null;
        if (a.isDirectory()) return "is a folder; name a file to write";
        return "is no longer a regular file; name a file to write";
    }

    /** Keeps the file at {@code dest} (if any) for a roll-back: a hard link, else the file itself moved aside. */
    private static Step keepOld(Path dest, Path shown) throws IOException {
        if (!Files.exists(dest, LinkOption.NOFOLLOW_LINKS)) return new Step(dest, null, false, shown);
        Path dir = dest.toAbsolutePath().getParent();
        for (int attempt = 0; ; attempt++) {
            Path backup = TempFiles.reserve(dir);
            try {
                Files.createLink(backup, dest);
                return new Step(dest, backup, true, shown);
            } catch (FileAlreadyExistsException e) {
                TempFiles.release(backup);
                if (attempt > 100) throw e;
            } catch (IOException | UnsupportedOperationException e) {
                move(dest, backup);
                return new Step(dest, backup, false, shown);
            }
        }
    }

    /** Undoes one step: the previous file back under its name, or the new one removed. */
    private static void undo(Step s) {
        try {
            if (s.backup() != null) restore(s);
            else Files.deleteIfExists(s.destination());
        } catch (IOException ignored) {
            // best effort: the failure that made this necessary is being reported
        }
    }

    private static void restore(Step s) {
        try {
            move(s.backup(), s.destination());
            TempFiles.release(s.backup());
        } catch (IOException ignored) {
            // best effort, as above
        }
    }

    private static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
