package io.ptotrace.io;

/**
 * Text from the inputs (names from a name map, dtypes, sources, paths) as it may appear in a Markdown report
 * that a pull request shows: nothing it holds can end a table row, open a link or an image, emphasise, or be
 * read as HTML. Line breaks become a visible {@code ⏎}; other control characters their {@code \\uXXXX}.
 */
public final class MarkdownText {
    private MarkdownText() {}

    /**
     * Characters Markdown (GitHub's included: tables, strikethrough, math) gives meaning to anywhere in a line,
     * escaped with a backslash in plain text; {@code - + =} only mean something
     * at the start of a line, where they are escaped too.
     */
    private static final String PUNCTUATION = "\\`*_{}[]#!|~$";

    /** A table cell of plain text. */
    public static String text(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 8);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (isLineBreak(c)) {
                if (c == '\r' && i + 1 < s.length() && s.charAt(i + 1) == '\n') i++;
                sb.append('\u23CE');
            } else if (c == '<') sb.append("&lt;");
            else if (c == '>') sb.append("&gt;");
            else if (c == '&') sb.append("&amp;");
            else if (PUNCTUATION.indexOf(c) >= 0 || (sb.length() == 0 && "-+=".indexOf(c) >= 0))
                sb.append('\\').append(c);
            else if (Character.isISOControl(c)) sb.append(String.format("\\\\u%04X", (int) c));
            else sb.append(c);
        }
        return sb.toString();
    }

    /**
     * A code span for a table cell: fenced by more backticks than any run inside, {@code |} escaped (tables split
     * on it even in code), line breaks and control characters made visible.
     */
    public static String code(String s) {
        StringBuilder body = new StringBuilder(s.length() + 4);
        int run = 0, longest = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            run = c == '`' ? run + 1 : 0;
            longest = Math.max(longest, run);
            if (isLineBreak(c)) {
                if (c == '\r' && i + 1 < s.length() && s.charAt(i + 1) == '\n') i++;
                body.append('\u23CE');
            } else if (c == '|') body.append("\\|");
            else if (Character.isISOControl(c)) body.append(String.format("\\u%04X", (int) c));
            else body.append(c);
        }
        String fence = "`".repeat(longest + 1);
        boolean pad = body.length() > 0 && (body.charAt(0) == '`' || body.charAt(body.length() - 1) == '`');
        return fence + (pad ? " " : "") + body + (pad ? " " : "") + fence;
    }

    private static boolean isLineBreak(char c) {
        return c == '\n'
                || c == '\r'
                || c == '\u000B'
                || c == '\u000C'
                || c == '\u0085'
                || c == '\u2028'
                || c == '\u2029';
    }
}
