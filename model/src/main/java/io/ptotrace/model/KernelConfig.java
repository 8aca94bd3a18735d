package io.ptotrace.model;

import io.ptotrace.io.InputProblem;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Reads the legacy {@code kernel_config.py} lexically (never executes it): the top-level
 * {@code KERNELS = [ {...}, ... ]} list, and in each dict literal an integer {@code func_id} and a
 * string {@code name}.
 */
public final class KernelConfig {
    private KernelConfig() {}

    public static NameMap read(Path file, Consumer<String> warn) {
        if (!Files.isRegularFile(file)) throw new InputProblem((String) null, "Kernel config file not found: " + file, null, null);
        String src;
        try {
            src = Files.readString(file);
        } catch (IOException e) {
            throw new InputProblem(file, "Cannot load module from: " + file, null);
        }
        int start = findKernelsList(src);
        if (start < 0) throw new InputProblem(file, "kernel_config.py missing KERNELS definition", null);
        Map<String, String> names = new LinkedHashMap<>();
        for (String dict : topLevelDicts(src, start, file)) {
            Map<String, String> members = members(dict);
            String id = members.get("func_id");
            String name = members.get("name");
            Long fid = id == null ? null : parseInt(id);
            if (fid == null) {
                String shown = pyRepr(dict);
                warn.accept("Warning: Kernel entry missing 'func_id', skipping: " + (shown != null ? shown : dict.strip()));
                continue;
            }
            String nameLit = name == null ? null : stringLiteral(name);
            if (nameLit == null) {
                warn.accept("Warning: Kernel entry for func_id=" + fid + " missing 'name', will use default naming");
                continue;
            }
            names.put(Long.toString(fid), nameLit);
        }
        return new NameMap(names, null);
    }

    /** Index just after the '[' of a top-level {@code KERNELS = [}, or −1. */
    private static int findKernelsList(String s) {
        int i = 0, n = s.length();
        boolean lineStart = true;
        while (i < n) {
            char c = s.charAt(i);
            if (c == '#') { while (i < n && s.charAt(i) != '\n') i++; continue; }
            if (c == '"' || c == '\'') { i = skipString(s, i); lineStart = false; continue; }
            if (c == '\n') { lineStart = true; i++; continue; }
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

    static int skipString(String s, int i) {
        char q = s.charAt(i);
        boolean triple = s.startsWith("" + q + q + q, i);
        int j = i + (triple ? 3 : 1);
        while (j < s.length()) {
            char c = s.charAt(j);
            if (c == '\\') { j += 2; continue; }
            if (triple) {
                if (s.startsWith("" + q + q + q, j)) return j + 3;
            } else if (c == q) return j + 1;
            else if (c == '\n') return j;
            j++;
        }
        return j;
    }

    private static List<String> topLevelDicts(String s, int from, Path file) {
        List<String> out = new ArrayList<>();
        int depth = 0, dictStart = -1;
        int i = from;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c == '#') { while (i < s.length() && s.charAt(i) != '\n') i++; continue; }
            if (c == '"' || c == '\'') { i = skipString(s, i); continue; }
            if (c == '[' || c == '(' || c == '{') {
                if (depth == 0 && c == '{') dictStart = i;
                depth++;
            } else if (c == ']' || c == ')' || c == '}') {
                if (depth == 0) return out; // the list's closing bracket
                depth--;
                if (depth == 0 && c == '}' && dictStart >= 0) { out.add(s.substring(dictStart, i + 1)); dictStart = -1; }
            }
            i++;
        }
        throw new InputProblem(file, "Cannot load module from: " + file + " (KERNELS list is not closed)", null);
    }

    /** Top-level {@code key: value} source snippets of one dict literal, keyed by string-literal key. */
    private static Map<String, String> members(String dict) {
        Map<String, String> m = new LinkedHashMap<>();
        for (String t : splitTopLevel(dict.substring(1, dict.length() - 1))) {
            int colon = keyEnd(t);
            if (colon < 0) continue;
            String key = stringLiteral(t.substring(0, colon).strip());
            if (key != null) m.put(key, t.substring(colon + 1).strip());
        }
        return m;
    }

    private static String stripComments(String s) {
        StringBuilder b = new StringBuilder();
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c == '"' || c == '\'') { int j = skipString(s, i); b.append(s, i, j); i = j; continue; }
            if (c == '#') { while (i < s.length() && s.charAt(i) != '\n') i++; continue; }
            b.append(c);
            i++;
        }
        return b.toString();
    }

    private static int keyEnd(String t) {
        int i = 0;
        while (i < t.length()) {
            char c = t.charAt(i);
            if (c == '"' || c == '\'') { i = skipString(t, i); continue; }
            if (c == ':') return i;
            i++;
        }
        return -1;
    }

    private static Long parseInt(String lit) {
        String t = lit.strip().replace("_", "");
        try {
            if (t.startsWith("0x") || t.startsWith("0X")) return Long.parseLong(t.substring(2), 16);
            return Long.parseLong(t);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    // ------------------------------------------------------------------ Python repr of literal entries

    /** Python's repr of a literal (str, int, True/False/None, list, tuple, dict of those), or null. */
    static String pyRepr(String lit) {
        String t = stripComments(lit).strip();
        if (t.isEmpty()) return null;
        char c = t.charAt(0);
        if (c == '{' || c == '[' || c == '(') {
            char close = c == '{' ? '}' : c == '[' ? ']' : ')';
            if (t.charAt(t.length() - 1) != close || skipBracket(t) != t.length()) return null;
            List<String> parts = splitTopLevel(t.substring(1, t.length() - 1));
            StringBuilder b = new StringBuilder().append(c);
            for (int i = 0; i < parts.size(); i++) {
                if (i > 0) b.append(", ");
                String part = parts.get(i);
                if (c == '{') {
                    int colon = keyEnd(part);
                    if (colon < 0) return null;
                    String k = pyRepr(part.substring(0, colon)), v = pyRepr(part.substring(colon + 1));
                    if (k == null || v == null) return null;
                    b.append(k).append(": ").append(v);
                } else {
                    String v = pyRepr(part);
                    if (v == null) return null;
                    b.append(v);
                }
            }
            if (c == '(' && parts.size() == 1) b.append(',');
            return b.append(close).toString();
        }
        if (t.equals("True") || t.equals("False") || t.equals("None")) return t;
        String str = stringLiteral(t);
        if (str != null) return pyStrRepr(str);
        if (t.matches("[+-]?\\s*(0|[1-9](_?[0-9])*)")) return new java.math.BigInteger(t.replaceAll("[\\s_+]", "")).toString();
        if (t.matches("[+-]?\\s*0[xX](_?[0-9a-fA-F])+")) {
            boolean neg = t.startsWith("-");
            java.math.BigInteger v = new java.math.BigInteger(t.replaceAll("[\\s_+-]", "").substring(2), 16);
            return (neg ? v.negate() : v).toString();
        }
        return null;
    }

    /** Index just after the bracket group starting at 0 (strings and comments respected). */
    private static int skipBracket(String s) {
        int depth = 0, i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c == '#') { while (i < s.length() && s.charAt(i) != '\n') i++; continue; }
            if (c == '"' || c == '\'') { i = skipString(s, i); continue; }
            if (c == '[' || c == '(' || c == '{') depth++;
            else if (c == ']' || c == ')' || c == '}') { if (--depth == 0) return i + 1; }
            i++;
        }
        return -1;
    }

    /** Top-level comma-separated parts of a bracket body, comments removed, empty trailing part dropped. */
    private static List<String> splitTopLevel(String body) {
        List<String> parts = new ArrayList<>();
        int depth = 0, last = 0, i = 0;
        while (i < body.length()) {
            char c = body.charAt(i);
            if (c == '#') { while (i < body.length() && body.charAt(i) != '\n') i++; continue; }
            if (c == '"' || c == '\'') { i = skipString(body, i); continue; }
            if (c == '[' || c == '(' || c == '{') depth++;
            else if (c == ']' || c == ')' || c == '}') depth--;
            else if (c == ',' && depth == 0) { parts.add(body.substring(last, i)); last = i + 1; }
            i++;
        }
        parts.add(body.substring(last));
        List<String> out = new ArrayList<>();
        for (String p : parts) {
            String q = stripComments(p).strip();
            if (!q.isEmpty()) out.add(q);
        }
        return out;
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
        while (!t.isEmpty() && "rRuU".indexOf(t.charAt(0)) >= 0 && t.length() > 1 && (t.charAt(1) == '"' || t.charAt(1) == '\'' || "rRuU".indexOf(t.charAt(1)) >= 0)) {
            if (t.charAt(0) == 'r' || t.charAt(0) == 'R') raw = true;
            t = t.substring(1);
        }
        if (t.isEmpty() || (t.charAt(0) != '"' && t.charAt(0) != '\'')) return null;
        int end = skipString(t, 0);
        if (end != t.length()) return null;
        char q = t.charAt(0);
        boolean triple = t.startsWith("" + q + q + q);
        String inner = triple ? t.substring(3, t.length() - 3) : t.substring(1, t.length() - 1);
        if (raw) return inner;
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < inner.length(); i++) {
            char c = inner.charAt(i);
            if (c == '\\' && i + 1 < inner.length()) {
                char d = inner.charAt(++i);
                switch (d) {
                    case 'n': b.append('\n'); break;
                    case 't': b.append('\t'); break;
                    case '\\': b.append('\\'); break;
                    case '\'': b.append('\''); break;
                    case '"': b.append('"'); break;
                    default: b.append('\\').append(d);
                }
            } else b.append(c);
        }
        return b.toString();
    }
}
