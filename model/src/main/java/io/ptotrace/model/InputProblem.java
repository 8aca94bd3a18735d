package io.ptotrace.model;

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
        return new InputProblem(file == null ? null : file.toString(), message, location(p.currentTokenLocation()), null);
    }

    /** "not valid JSON: ..." with Jackson's message, less its internal source description. */
    public static InputProblem notJson(Path file, com.fasterxml.jackson.core.JsonProcessingException e) {
        String msg = e.getOriginalMessage() == null ? "parse error" : e.getOriginalMessage();
        msg = msg.replaceAll("\\s*\\(start marker at \\[Source:[^\\]]*\\][^)]*\\)", "")
            .replaceAll("\\s*at \\[Source:[^\\]]*\\]", "")
            .replaceAll("\\s+", " ").strip();
        return new InputProblem(file == null ? null : file.toString(), "not valid JSON: " + msg, location(e.getLocation()), e);
    }

    /** "cannot read: ..." for a file the system would not read (the exception's message, or its kind). */
    public static InputProblem cannotRead(Path file, java.io.IOException e) {
        String msg = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return new InputProblem(file == null ? null : file.toString(), "cannot read: " + msg, null, e);
    }

    public static String location(JsonLocation loc) {
        if (loc == null || loc.getLineNr() < 0) return null;
        return "line " + loc.getLineNr() + ", column " + loc.getColumnNr();
    }

    public String file() { return file; }

    public String where() { return where; }

    /** One line: {@code <file>: <message> (at line L, column C)}. */
    public String oneLine() {
        StringBuilder sb = new StringBuilder();
        if (file != null) sb.append(file).append(": ");
        sb.append(getMessage());
        if (where != null) sb.append(" (at ").append(where).append(')');
        return sb.toString();
    }
}
