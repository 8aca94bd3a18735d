package io.ptotrace.io;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * The one way every command writes its output files: never onto one of its inputs, each file whole or not at
 * all, and every file of one call in place only when all of them were written.
 */
public final class Outputs {
    private Outputs() {}

    /** Fills one output stream. */
    @FunctionalInterface
    public interface Body {
        void write(OutputStream out) throws IOException;
    }

    /** One output of a call: where, and how much (bulk outputs use direct I/O where possible). */
    public record Job(Path path, boolean bulk, Body body) {}

    /**
     * Classifies every output and refuses the call (before anything is written) when an output names a path
     * that cannot be written or is the same file as one of {@code inputs} (same device and inode: hard links
     * and symbolic links count).
     */
    public static List<OutputFile> plan(List<Path> outputs, Collection<Path> inputs) {
        List<OutputFile> files = new ArrayList<>();
        for (Path p : outputs) {
            OutputFile f = OutputFile.of(p);
            Path input = sameFileAs(f.destination(), inputs);
            if (input != null && !f.isStream())
                throw new OutputProblem(
                        p,
                        "is an input of this command" + (samePath(p, input) ? "" : " (the same file as " + input + ")")
                                + "; ptotrace never overwrites its inputs, choose another output name");
            for (OutputFile other : files)
                if (!f.isStream() && other.destination().equals(f.destination()))
                    throw new OutputProblem(
                            p, "is the same file as the output " + other.shown() + "; name two different files");
            files.add(f);
        }
        return files;
    }

    /** An empty set of outputs, for a caller that writes its files itself ({@link OutputSet#add}). */
    public static OutputSet newSet() {
        return new OutputSet();
    }

    /** Writes one output (see {@link #writeAll}). */
    public static void write(Path path, Collection<Path> inputs, boolean bulk, Body body) {
        writeAll(List.of(new Job(path, bulk, body)), inputs, false);
    }

    /**
     * Writes every job's file (concurrently, one thread each, when {@code concurrent}), then puts them all in
     * place together ({@link OutputSet#commit}). On any failure nothing is put in place and no temporary file is
     * left; a write failure comes out as {@link OutputProblem} naming the user's path, a failure of a body's own
     * (bad input found while rendering) unchanged.
     */
    public static void writeAll(List<Job> jobs, Collection<Path> inputs, boolean concurrent) {
        try (OutputSet set = stage(jobs, inputs, concurrent, List.of())) {
            set.commit();
        }
    }

    /**
     * Writes every job's file to its temporary sibling and returns the set, not yet in place: the caller runs
     * whatever else can fail, then {@link OutputSet#commit commits} it (or closes it to drop everything).
     * {@code stale} are files to remove in the same commit (the parts of an earlier split); one that is an input
     * is refused like an output onto an input.
     */
    public static OutputSet stage(List<Job> jobs, Collection<Path> inputs, boolean concurrent, Collection<Path> stale) {
        List<Path> paths = new ArrayList<>();
        for (Job j : jobs) paths.add(j.path());
        List<OutputFile> files = plan(paths, inputs);
        for (Path s : stale) {
            Path input = sameFileAs(s, inputs);
            if (input != null)
                throw new OutputProblem(
                        s,
                        "is an input of this command and would be replaced by this split; choose another output name");
        }
        OutputSet set = new OutputSet();
        boolean staged = false;
        try {
            List<OutputFile.Pending> pending = new ArrayList<>();
            for (OutputFile f : files) pending.add(set.add(f));
            List<CompletableFuture<Void>> running = new ArrayList<>();
            for (int i = 0; i < jobs.size(); i++) {
                OutputFile.Pending p = pending.get(i);
                Job job = jobs.get(i);
                Runnable fill = () -> fill(p, job);
                if (!concurrent || jobs.size() == 1) fill.run(); // stops at the first failure
                else running.add(CompletableFuture.runAsync(fill, r -> new Thread(r, "output-writer").start()));
            }
            // every writer ends before the set may be closed: none goes on writing into a file being removed
            Throwable first = null;
            for (CompletableFuture<Void> r : running) {
                try {
                    join(r);
                } catch (RuntimeException | Error e) {
                    if (first == null) first = e;
                    else if (first != e) first.addSuppressed(e);
                }
            }
            if (first instanceof Error e) throw e;
            if (first != null) throw (RuntimeException) first;
            for (Path s : stale) set.removeOnCommit(s);
            staged = true;
            return set;
        } finally {
            if (!staged) set.close();
        }
    }

    private static void fill(OutputFile.Pending p, Job job) {
        try (OutputStream out = p.open(job.bulk())) {
            job.body().write(out);
        } catch (UncheckedIOException e) {
            throw OutputProblem.cannotWrite(job.path(), e.getCause());
        } catch (IOException e) {
            throw OutputProblem.cannotWrite(job.path(), e);
        }
    }

    private static void join(CompletableFuture<Void> f) {
        try {
            f.join();
        } catch (CompletionException e) {
            Throwable c = e.getCause();
            if (c instanceof RuntimeException) throw (RuntimeException) c;
            if (c instanceof Error) throw (Error) c;
            throw new IllegalStateException(c);
        }
    }

    /** The first of {@code inputs} that is the same file as {@code file}, or null (also when {@code file} does not exist). */
    public static Path sameFileAs(Path file, Collection<Path> inputs) {
        Object key = fileKey(file);
        if (key == null) return null;
        for (Path in : inputs) {
            if (in == null) continue;
            if (Objects.equals(key, fileKey(in))) return in;
        }
        return null;
    }

    private static Object fileKey(Path p) {
        try {
            BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class); // follows links
            return a.fileKey() != null ? a.fileKey() : p.toRealPath();
        } catch (NoSuchFileException e) {
            return null;
        } catch (IOException e) {
            return null;
        }
    }

    private static boolean samePath(Path a, Path b) {
        return a.toAbsolutePath().normalize().equals(b.toAbsolutePath().normalize());
    }
}
