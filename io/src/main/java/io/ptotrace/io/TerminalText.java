package io.ptotrace.io;

/**
 * Text from the inputs (names from a name map) as a text report prints it to a terminal: control characters —
 * the escape that starts a terminal sequence, line breaks, bells — become a visible backslash-u escape ({@code \\u001B}), so a name can
 * neither move the cursor, recolour the screen nor forge a line of its own.
 */
public final class TerminalText {
    private TerminalText() {}

    public static String of(String s) {
        StringBuilder sb = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean bad = Character.isISOControl(c) || c == '\u2028' || c == '\u2029';
            if (bad && sb == null) sb = new StringBuilder(s.length() + 8).append(s, 0, i);
            if (sb == null) continue;
            if (bad) sb.append(String.format("\\u%04X", (int) c));
            else sb.append(c);
        }
        return sb == null ? s : sb.toString();
    }
}
