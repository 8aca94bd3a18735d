package io.ptotrace.model;

import io.ptotrace.io.InputProblem;
import io.ptotrace.io.Inputs;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Reads the legacy {@code kernel_config.py} lexically (never executes it): the top-level
 * {@code KERNELS = [ {...}, ... ]} list, and in each dict literal an integer {@code func_id} and a
 * string {@code name}. Every scan is a loop over the source, so hostile files cost linear time and
 * constant stack.
 */
public final class KernelConfig {
    /** CPython itself refuses deeper bracket nesting ("too many nested parentheses"). */
    static final int MAX_NESTING = 200;
    /** CPython's limit on the digits of an integer it converts to or from text. */
    static final int MAX_DIGITS = 4300;
    /** Far beyond any real config; keeps a stray huge file from exhausting the heap. */
    static final long MAX_BYTES = 64L << 20;

    private final Path file;
    private final String s;

    private KernelConfig(Path file, String s) {
        this.file = file;
        this.s = s;
    }

    public static NameMap read(Path file, Consumer<String> warn) {
        return new KernelConfig(file, load(file)).names(warn);
    }

    private NameMap names(Consumer<String> warn) {
        int start = findKernelsList();
        if (start < 0) throw new InputProblem(file, "kernel_config.py missing KERNELS definition", null);
        Map<String, String> names = new LinkedHashMap<>();
        for (int[] dict : topLevelDicts(start)) {
            Map<String, Member> members = members(dict[0], dict[1]);
            Member id = members.get("func_id");
            Member name = members.get("name");
            Long fid = id == null ? null : funcId(id);
            if (fid == null) {
                String shown = pyRepr(dict[0], dict[1]);
                warn.accept("Warning: Kernel entry missing 'func_id', skipping: "
                        + (shown != null ? shown : s.substring(dict[0], dict[1]).strip()));
                continue;
            }
            String nameLit = name == null ? null : stringLiteral(name.text);
            if (nameLit == null) {
                warn.accept("Warning: Kernel entry for func_id=" + fid + " missing 'name', will use default naming");
                continue;
            }
            names.put(Long.toString(fid), nameLit);
        }
        return new NameMap(names, null);
    }

    // ------------------------------------------------------------------ loading

    static String load(Path file) {
        if (!Files.exists(file))
            throw new InputProblem((String) null, "Kernel config file not found: " + file, null, null);
        byte[] bytes;
        try (InputStream in = Inputs.open(file)) {
            bytes = in.readNBytes((int) MAX_BYTES + 1);
        } catch (IOException e) {
            throw Inputs.cannotRead(file, e);
        }
        if (bytes.length > MAX_BYTES)
            throw new InputProblem(
                    file, "too large for a kernel config (more than " + (MAX_BYTES >> 20) + " MiB)", null);
        String text = new String(bytes, StandardCharsets.UTF_8);
        // U+FFFD is either in the file or stands for bytes that are not UTF-8; only then is the slow check needed.
        if (text.indexOf('\uFFFD') >= 0) checkUtf8(file, bytes);
        return text;
    }

    private static void checkUtf8(Path file, byte[] bytes) {
        CharsetDecoder d = StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length);
        CoderResult r = d.decode(in, out, true);
        if (!r.isError()) r = d.flush(out);
        if (!r.isError()) return;
        out.flip();
        throw new InputProblem(
                file,
                "byte 0x" + String.format("%02x", bytes[in.position()] & 0xff) + " is not valid UTF-8",
                where(out, out.limit()));
    }

    // ------------------------------------------------------------------ lexical scanning

    /** "line L, column C" (both from 1) of offset {@code pos}. */
    private static String where(CharSequence text, int pos) {
        int line = 1, lineStart = 0;
        for (int i = 0; i < pos; i++) {
            if (text.charAt(i) == '\n') {
                line++;
                lineStart = i + 1;
            }
        }
        return "line " + line + ", column " + (pos - lineStart + 1);
    }

    private InputProblem problem(String msg, int pos) {
        return new InputProblem(file, msg, where(s, pos));
    }

    /** Index just after the string literal whose opening quote is at {@code i}, or −1 if it is not closed. */
    static int skipString(String t, int i) {
        char q = t.charAt(i);
        boolean triple = t.startsWith("" + q + q + q, i);
        int j = i + (triple ? 3 : 1);
        while (j < t.length()) {
            char c = t.charAt(j);
            if (c == '\\') {
                j += t.startsWith("\r\n", j + 1) ? 3 : 2;
                continue;
            }
            if (triple) {
                if (t.startsWith("" + q + q + q, j)) return j + 3;
            } else if (c == q) return j + 1;
            else if (c == '\n') return -1;
            j++;
        }
        return -1;
    }

    /** Like {@link #skipString} on the source, but an unclosed string is the file's problem. */
    private int stringEnd(int i) {
        int end = skipString(s, i);
        if (end < 0) {
            char q = s.charAt(i);
            boolean triple = s.startsWith("" + q + q + q, i);
            throw problem(triple ? "unterminated triple-quoted string literal" : "unterminated string literal", i);
        }
        return end;
    }

    private int lineEnd(int i, int to) {
        while (i < to && s.charAt(i) != '\n') i++;
        return i;
    }

    /** Index just after the '[' of a top-level {@code KERNELS = [}, or −1. */
    private int findKernelsList() {
        int i = 0, n = s.length();
        boolean lineStart = true;
        while (i < n) {
            char c = s.charAt(i);
            if (c == '#') {
                i = lineEnd(i, n);
                continue;
            }
            if (c == '"' || c == '\'') {
                i = stringEnd(i);
                lineStart = false;
                continue;
            }
            if (c == '\n') {
                lineStart = true;
                i++;
                continue;
            }
            if (lineStart && s.startsWith("KERNELS", i)) {
                int j = i + 7;
                while (j < n && (s.charAt(j) == ' ' || s.charAt(j) == '\t')) j++;
                if (j < n && s.charAt(j) == ':') { // annotated assignment
                    while (j < n && s.charAt(j) != '=' && s.charAt(j) != '\n') j++;
                }
                if (j < n && s.charAt(j) == '=') {
                    j++;
                    while (j < n && Character.isWhitespace(s.charAt(j))) j++;
                    if (j < n && s.charAt(j) == '[') return j + 1;
                }
            }
            lineStart = false;
            i++;
        }
        return -1;
    }

    /** Source ranges [start, end) of the dict literals directly inside the list that starts at {@code from}. */
    private List<int[]> topLevelDicts(int from) {
        List<int[]> out = new ArrayList<>();
        int depth = 0, dictStart = -1;
        int i = from;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c == '#') {
                i = lineEnd(i, s.length());
                continue;
            }
            if (c == '"' || c == '\'') {
                i = stringEnd(i);
                continue;
            }
            if (c == '[' || c == '(' || c == '{') {
                if (depth + 1 >= MAX_NESTING) throw problem("brackets nested more than " + MAX_NESTING + " deep", i);
                if (depth == 0 && c == '{') dictStart = i;
                depth++;
            } else if (c == ']' || c == ')' || c == '}') {
                if (depth == 0) return out; // the list's closing bracket
                depth--;
                if (depth == 0 && c == '}' && dictStart >= 0) {
                    out.add(new int[] {dictStart, i + 1});
                    dictStart = -1;
                }
            }
            i++;
        }
        throw new InputProblem(
                file, "Cannot load module from: " + file + " (KERNELS list is not closed)", where(s, from - 1));
    }

    /** Source ranges of the top-level comma-separated parts of s[from, to), parts that hold only comments dropped. */
    private List<int[]> splitTopLevel(int from, int to) {
        List<int[]> parts = new ArrayList<>();
        int depth = 0, last = from, i = from;
        while (i < to) {
            char c = s.charAt(i);
            if (c == '#') {
                i = lineEnd(i, to);
                continue;
            }
            if (c == '"' || c == '\'') {
                i = stringEnd(i);
                continue;
            }
            if (c == '[' || c == '(' || c == '{') depth++;
            else if (c == ']' || c == ')' || c == '}') depth--;
            else if (c == ',' && depth == 0) {
                addPart(parts, last, i);
                last = i + 1;
            }
            i++;
        }
        addPart(parts, last, to);
        return parts;
    }

    private void addPart(List<int[]> parts, int from, int to) {
        if (firstToken(from, to) < to) parts.add(new int[] {from, to});
    }

    /** First index in [from, to) that is neither white space nor in a comment, else {@code to}. */
    private int firstToken(int from, int to) {
        int i = from;
        while (i < to) {
            char c = s.charAt(i);
            if (c == '#') i = lineEnd(i, to);
            else if (Character.isWhitespace(c)) i++;
            else return i;
        }
        return to;
    }

    /** s[from, to) without comments, stripped. */
    private String clean(int from, int to) {
        StringBuilder b = new StringBuilder();
        int i = from;
        while (i < to) {
            char c = s.charAt(i);
            if (c == '"' || c == '\'') {
                int j = stringEnd(i);
                b.append(s, i, j);
                i = j;
                continue;
            }
            if (c == '#') {
                i = lineEnd(i, to);
                continue;
            }
            b.append(c);
            i++;
        }
        return b.toString().strip();
    }

    /** A dict member's value: its source text (comments removed) and where it starts. */
    private record Member(String text, int at) {}

    /** Top-level {@code key: value} members of the dict literal s[from, to), keyed by string-literal key. */
    private Map<String, Member> members(int from, int to) {
        Map<String, Member> m = new LinkedHashMap<>();
        for (int[] part : splitTopLevel(from + 1, to - 1)) {
            int colon = keyEnd(part[0], part[1]);
            if (colon < 0) continue;
            String key = stringLiteral(clean(part[0], colon));
            if (key != null) m.put(key, new Member(clean(colon + 1, part[1]), firstToken(colon + 1, part[1])));
        }
        return m;
    }

    private int keyEnd(int from, int to) {
        int i = from;
        while (i < to) {
            char c = s.charAt(i);
            if (c == '#') {
                i = lineEnd(i, to);
                continue;
            }
            if (c == '"' || c == '\'') {
                i = stringEnd(i);
                continue;
            }
            if (c == ':') return i;
            i++;
        }
        return -1;
    }

    /** The value of an integer func_id, null if it is not an integer literal; one too big for 64 bits is a problem. */
    private Long funcId(Member m) {
        String t = m.text.replace("_", "");
        boolean hex = t.startsWith("0x") || t.startsWith("0X");
        String digits = hex ? t.substring(2) : t;
        try {
            return Long.parseLong(digits, hex ? 16 : 10);
        } catch (NumberFormatException e) {
            if (!isInteger(digits, hex ? 16 : 10)) return null;
            String shown =
                    m.text.length() <= 40 ? m.text : m.text.substring(0, 20) + "… (" + m.text.length() + " characters)";
            throw problem("func_id " + shown + " does not fit in a 64-bit integer", m.at);
        }
    }

    /** What {@link Long#parseLong(String, int)} would take as a number, were it not too big. */
    private static boolean isInteger(String t, int radix) {
        int i = t.startsWith("-") || t.startsWith("+") ? 1 : 0;
        if (i == t.length()) return false;
        for (; i < t.length(); i++) {
            if (Character.digit(t.charAt(i), radix) < 0) return false;
        }
        return true;
    }

    // ------------------------------------------------------------------ Python repr of literal entries

    /** An open bracket while building a repr, and how far its current comma-separated part has got. */
    private static final class Frame {
        final char open;
        int parts;
        /** list or tuple: 0 empty part, 1 value; dict: 0 empty part, 1 key, 2 colon, 3 value. */
        int state;

        Frame(char open) {
            this.open = open;
        }
    }

    /**
     * Python's repr of the literal in s[from, to) (str, int, True/False/None, list, tuple, dict of those),
     * or null. Parts that hold nothing are skipped, and a parenthesised single value is shown as a tuple.
     */
    private String pyRepr(int from, int to) {
        StringBuilder b = new StringBuilder();
        ArrayDeque<Frame> open = new ArrayDeque<>();
        boolean done = false; // the one top-level value is complete
        int i = from;
        while (true) {
            i = firstToken(i, to);
            if (i >= to) return done && open.isEmpty() ? b.toString() : null;
            char c = s.charAt(i);
            Frame f = open.peek();
            if (c == ',' || c == ':' || c == ']' || c == ')' || c == '}') {
                if (f == null) return null;
                boolean dict = f.open == '{';
                if (c == ':') {
                    if (!dict || f.state != 1) return null;
                    f.state = 2;
                    b.append(": ");
                } else {
                    if (f.state != 0 && f.state != (dict ? 3 : 1)) return null;
                    f.state = 0;
                    if (c != ',') {
                        if (c != (f.open == '{' ? '}' : f.open == '[' ? ']' : ')')) return null;
                        if (f.open == '(' && f.parts == 1) b.append(',');
                        b.append(c);
                        open.pop();
                    }
                }
                i++;
                continue;
            }
            // a value: its place in the enclosing part first
            if (f == null) {
                if (done) return null;
                done = true;
            } else if (f.state == 0) {
                if (f.parts++ > 0) b.append(", ");
                f.state = 1;
            } else if (f.open == '{' && f.state == 2) {
                f.state = 3;
            } else {
                return null;
            }
            if (c == '[' || c == '(' || c == '{') {
                open.push(new Frame(c));
                b.append(c);
                i++;
                continue;
            }
            i = atom(i, to, b);
            if (i < 0) return null;
        }
    }

    /** Appends the repr of the str, int, True, False or None at {@code i}; returns the index after it, or −1. */
    private int atom(int i, int to, StringBuilder b) {
        char c = s.charAt(i);
        if (c == '"' || c == '\'') {
            int end = stringEnd(i);
            b.append(pyStrRepr(stringLiteral(s.substring(i, end))));
            return end;
        }
        boolean negative = false;
        int w = i;
        if (c == '+' || c == '-') {
            negative = c == '-';
            w = i + 1;
            while (w < to) { // only ASCII white space and comments between a sign and its digits
                char d = s.charAt(w);
                if (d == '#') w = lineEnd(w, to);
                else if (d == ' ' || d == '\t' || d == '\n' || d == '\u000B' || d == '\f' || d == '\r') w++;
                else break;
            }
        }
        int end = w;
        while (end < to && (Character.isLetterOrDigit(s.charAt(end)) || s.charAt(end) == '_')) end++;
        String word = s.substring(w, end);
        if (w == i) {
            if (word.equals("True") || word.equals("False") || word.equals("None")) {
                b.append(word);
                return end;
            }
            if (end < to && (s.charAt(end) == '"' || s.charAt(end) == '\'') && isStringPrefix(word)) {
                int close = stringEnd(end);
                b.append(pyStrRepr(stringLiteral(s.substring(i, close))));
                return close;
            }
        }
        String digits = intDigits(word);
        if (digits == null) return -1;
        if (digits.length() > MAX_DIGITS) {
            throw problem("integer literal too long (" + digits.length() + " digits; at most " + MAX_DIGITS + ")", w);
        }
        BigInteger v = word.length() > 1 && (word.charAt(1) == 'x' || word.charAt(1) == 'X')
                ? new BigInteger(digits, 16)
                : new BigInteger(digits);
        b.append((negative ? v.negate() : v).toString());
        return end;
    }

    private static boolean isStringPrefix(String word) {
        if (word.isEmpty()) return false;
        for (int k = 0; k < word.length(); k++) {
            if ("rRuU".indexOf(word.charAt(k)) < 0) return false;
        }
        return true;
    }

    /**
     * The digits of a decimal ({@code 0} or {@code [1-9](_?[0-9])*}) or hexadecimal
     * ({@code 0[xX](_?[0-9a-fA-F])+}) integer literal, underscores and prefix removed, or null.
     */
    private static String intDigits(String w) {
        boolean hex = w.length() > 2 && w.charAt(0) == '0' && (w.charAt(1) == 'x' || w.charAt(1) == 'X');
        int k = hex ? 2 : 0;
        if (!hex && w.startsWith("0")) return w.length() == 1 ? "0" : null;
        StringBuilder d = new StringBuilder(w.length());
        boolean afterDigit = hex; // "0x_1" is allowed, "1__2" and "1_" are not
        for (; k < w.length(); k++) {
            char c = w.charAt(k);
            if (c == '_') {
                if (!afterDigit) return null;
                afterDigit = false;
            } else if (hex
                    ? (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')
                    : c >= '0' && c <= '9') {
                d.append(c);
                afterDigit = true;
            } else {
                return null;
            }
        }
        return afterDigit && d.length() > 0 ? d.toString() : null;
    }

    /** Python 3 repr of a str. */
    private static String pyStrRepr(String v) {
        char q = v.indexOf('\'') >= 0 && v.indexOf('"') < 0 ? '"' : '\'';
        StringBuilder b = new StringBuilder().append(q);
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            if (c == '\\') b.append("\\\\");
            else if (c == q) b.append('\\').append(c);
            else if (c == '\n') b.append("\\n");
            else if (c == '\r') b.append("\\r");
            else if (c == '\t') b.append("\\t");
            else if (c < 0x20 || c == 0x7f) b.append(String.format("\\x%02x", (int) c));
            else b.append(c);
        }
        return b.append(q).toString();
    }

    /** The value of a plain (optionally r/u-prefixed) single string literal, or null. */
    static String stringLiteral(String lit) {
        String t = lit.strip();
        boolean raw = false;
        int p = 0;
        while (p + 1 < t.length() && "rRuU".indexOf(t.charAt(p)) >= 0) {
            char next = t.charAt(p + 1);
            if (next != '"' && next != '\'' && "rRuU".indexOf(next) < 0) break;
            if (t.charAt(p) == 'r' || t.charAt(p) == 'R') raw = true;
            p++;
        }
        if (p == t.length() || (t.charAt(p) != '"' && t.charAt(p) != '\'')) return null;
        int end = skipString(t, p);
        if (end != t.length()) return null;
        char q = t.charAt(p);
        int quotes = t.startsWith("" + q + q + q, p) ? 3 : 1;
        String inner = t.substring(p + quotes, t.length() - quotes);
        if (raw) return inner;
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < inner.length(); i++) {
            char c = inner.charAt(i);
            if (c == '\\' && i + 1 < inner.length()) {
                char d = inner.charAt(++i);
                switch (d) {
                    case 'n':
                        b.append('\n');
                        break;
                    case 't':
                        b.append('\t');
                        break;
                    case '\\':
                        b.append('\\');
                        break;
                    case '\'':
                        b.append('\'');
                        break;
                    case '"':
                        b.append('"');
                        break;
                    default:
                        b.append('\\').append(d);
                }
            } else b.append(c);
        }
        return b.toString();
    }
}
