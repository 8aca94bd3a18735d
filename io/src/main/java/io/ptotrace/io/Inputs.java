package io.ptotrace.io;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The one way every reader opens an input file: read-only, and any failure as one {@link InputProblem} line
 * ({@code <file>: no such file}, {@code <file>: permission denied}, {@code <file>: is a folder, not a file}).
 * Pipes and devices open like files, so {@code <(zcat run.json.gz)} works as an input.
 */
public final class Inputs {
    private Inputs() {}

    public static InputStream open(Path file) {
        if (Files.isDirectory(file)) throw new InputProblem(file, "is a folder, not a file", null);
        try {
            InputStream in = Files.newInputStream(file, StandardOpenOption.READ);
            // a pipe, FIFO or device cannot seek: skipping reads instead
            return Files.isRegularFile(file) ? in : new SkipByReading(in);
        } catch (NoSuchFileException e) {
            throw new InputProblem(file, "no such file", null);
        } catch (AccessDeniedException e) {
            throw new InputProblem(file, "permission denied", null);
        } catch (IOException e) {
            throw cannotRead(file, e);
        }
    }

    /** Reads one JSON input from a parser over {@code file}. */
    @FunctionalInterface
    public interface JsonBody {
        void read(JsonParser p) throws IOException;
    }

    /**
     * Opens {@code file}, streams it through {@code body} with a parser of {@code json}, and turns every
     * failure into one {@link InputProblem}: parse errors and limits with their line and column, read errors
     * in words.
     */
    public static void readJson(Path file, JsonFactory json, JsonBody body) {
        try (InputStream in = open(file);
                JsonParser p = json.createParser(in)) {
            try {
                body.read(p);
            } catch (JsonProcessingException e) {
                throw InputProblem.notJson(file, e, p);
            }
        } catch (IOException e) {
            throw cannotRead(file, e);
        }
    }

    /** A stream of a pipe or device: {@code skip} reads and drops the bytes instead of seeking ("illegal seek"). */
    private static final class SkipByReading extends java.io.FilterInputStream {
        private final byte[] drop = new byte[8192];

        SkipByReading(InputStream in) {
            super(in);
        }

        @Override
        public long skip(long n) throws IOException {
            long done = 0;
            while (done < n) {
                int r = in.read(drop, 0, (int) Math.min(drop.length, n - done));
                if (r < 0) break;
                done += r;
            }
            return done;
        }

        @Override
        public int available() throws IOException {
            try {
                return in.available();
            } catch (IOException e) {
                return 0;
            }
        }
    }

    /** {@code <file>: cannot read: <cause in words>} for a failure while reading. */
    public static InputProblem cannotRead(Path file, IOException e) {
        if (e instanceof AccessDeniedException)
            return new InputProblem(file == null ? null : file.toString(), "permission denied", null, e);
        if (e instanceof NoSuchFileException)
            return new InputProblem(file == null ? null : file.toString(), "no such file", null, e);
        return new InputProblem(file == null ? null : file.toString(), "cannot read: " + IoCause.words(e), null, e);
    }
}
