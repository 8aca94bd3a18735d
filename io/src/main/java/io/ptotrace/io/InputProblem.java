package io.ptotrace.io;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import java.nio.file.Path;

/** Bad input: which file, what is wrong, and where. The one way readers report unusable input. */
public final class InputProblem extends RuntimeException {
    private final String file;
    private final String where;

    public InputProblem(Path file, String message, String where) {
        this(file == null ? null : file.toString(), message, where, null);
    }

    public InputProblem(String file, String message, String where, Throwable cause) {
        super(message, cause);
        this.file = file;
        this.where = where;
    }

    public static InputProblem at(Path file, JsonParser p, String message) {
        return new InputProblem(
                file == null ? null : file.toString(), message, location(p.currentTokenLocation()), null);
    }

    /**
     * A parser failure in the user's words: "not valid JSON: ..." for syntax errors, the limit for documents
     * beyond the parser's limits, "number ... out of range" for numbers too large for their use; never the
     * parser's own vocabulary (feature names, source descriptions).
     */
    public static InputProblem notJson(Path file, com.fasterxml.jackson.core.JsonProcessingException e) {
        return new InputProblem(
                file == null ? null : file.toString(), JsonWords.describe(e), location(e.getLocation()), e);
    }

    /** As {@link #notJson(Path, com.fasterxml.jackson.core.JsonProcessingException)}, placed by the parser where the failure has no location (a limit). */
    public static InputProblem notJson(Path file, com.fasterxml.jackson.core.JsonProcessingException e, JsonParser p) {
        return notJson(file == null ? null : file.toString(), e, p);
    }

    /** The same for an input known by name only (a stream). */
    public static InputProblem notJson(
            String file, com.fasterxml.jackson.core.JsonProcessingException e, JsonParser p) {
        String where = location(e.getLocation());
        if (where == null && p != null) where = location(p.currentLocation());
        return new InputProblem(file, JsonWords.describe(e), where, e);
    }

    public static String location(JsonLocation loc) {
        if (loc == null || loc.getLineNr() < 0) return null;
        return "line " + loc.getLineNr() + ", column " + loc.getColumnNr();
    }

    public String file() {
        return file;
    }

    public String where() {
        return where;
    }

    /** One line: {@code <file>: <message> (at line L, column C)}. */
    public String oneLine() {
        StringBuilder sb = new StringBuilder();
        if (file != null) sb.append(file).append(": ");
        sb.append(getMessage());
        if (where != null) sb.append(" (at ").append(where).append(')');
        return sb.toString();
    }
}
