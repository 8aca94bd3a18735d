package io.ptotrace.io;

import java.io.IOException;
import java.nio.file.Path;

/**
 * An output that could not be written, or may not be: {@code <the user's output path>: <what happened>}.
 * Never names a temporary file.
 */
public final class OutputProblem extends RuntimeException {
    private final String file;

    public OutputProblem(Path file, String message) {
        this(file, message, null);
    }

    public OutputProblem(Path file, String message, Throwable cause) {
        super(message, cause);
        this.file = String.valueOf(file);
    }

    /** {@code <file>: cannot write: <cause in words>}. */
    public static OutputProblem cannotWrite(Path file, IOException e) {
        return new OutputProblem(file, "cannot write: " + IoCause.words(e), e);
    }

    public String file() {
        return file;
    }

    public String oneLine() {
        return file + ": " + getMessage();
    }
}
