package io.ptotrace.io;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.InputCoercionException;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Jackson's parse failures restated for a user: what is wrong with the file, not how the parser is configured. */
final class JsonWords {
    private JsonWords() {}

    private static final Pattern LIMIT = Pattern.compile(
            "(Document nesting depth|Number value length|String value length|Name length|Token count)[^(]*\\((\\d+)\\) exceeds the maximum allowed \\((\\d+)");
    private static final Pattern NON_NUMERIC = Pattern.compile("Non-standard token '([^']*)'");
    private static final Pattern OUT_OF_RANGE = Pattern.compile("Numeric value \\(([^)]*)\\) out of range of (\\w+)");
    private static final Pattern END_OF_INPUT =
            Pattern.compile("Unexpected end-of-input(?: in ([^:]+))?: expected close marker for (Object|Array)");
    private static final Pattern SOURCE_AT = Pattern.compile("\\[Source: [^\\]]*?; line: (\\d+), column: (\\d+)\\]");
    private static final Pattern START_MARKER = Pattern.compile("line: (\\d+), column: (\\d+)\\]");
    private static final Pattern UNEXPECTED = Pattern.compile(
            "^Unexpected character \\('(.+?)' \\(code (\\d+)\\)\\)(?: in numeric value)?: (.*)$", Pattern.DOTALL);
    private static final Pattern TOKEN = Pattern.compile("^Unrecognized token '(.*)': was expecting", Pattern.DOTALL);
    private static final Pattern CONTROL =
            Pattern.compile("^Illegal (unquoted )?character \\(\\(CTRL-CHAR, code (\\d+)\\)\\)");
    private static final Pattern ESCAPE = Pattern.compile("^Unrecognized character escape '(.+?)'");
    private static final Pattern CLOSE_NONE = Pattern.compile("^Unexpected close marker '(.)': no open");
    private static final Pattern CLOSE_OTHER = Pattern.compile(
            "^Unexpected close marker '(.)': expected '(.)' \\(for (Array|Object) starting at .*?line: (\\d+), column: (\\d+)\\]",
            Pattern.DOTALL);
    /** An unexpected byte Jackson shows as a control character: a C0 control, or a byte of 0x80 and above. */
    private static final Pattern UNEXPECTED_CTRL =
            Pattern.compile("^Unexpected character \\(\\(CTRL-CHAR, code (\\d+)\\)\\)");

    private static final Pattern UTF8 = Pattern.compile("^Invalid UTF-8 (?:middle|start) byte 0x([0-9a-fA-F]{1,2})");

    static String describe(JsonProcessingException e) {
        String m = e.getOriginalMessage() == null ? "parse error" : e.getOriginalMessage();
        if (e instanceof StreamConstraintsException) {
            Matcher l = LIMIT.matcher(m);
            if (l.find()) {
                String limit = l.group(3);
                switch (l.group(1)) {
                    case "Document nesting depth":
                        return "JSON nested deeper than " + limit + " levels";
                    case "Number value length":
                        return "number longer than " + limit + " digits";
                    case "String value length":
                        return "string longer than " + limit + " characters";
                    case "Name length":
                        return "member name longer than " + limit + " characters";
                    default:
                        return "more than " + limit + " JSON tokens";
                }
            }
            return "beyond the reader's limits: " + plain(m);
        }
        if (e instanceof InputCoercionException) {
            Matcher r = OUT_OF_RANGE.matcher(m);
            if (r.find()) return "number " + shorten(r.group(1)) + " out of range (larger than a 64-bit integer)";
            return "number out of range";
        }
        Matcher n = NON_NUMERIC.matcher(m);
        if (n.find()) return "not valid JSON: " + n.group(1) + " is not a JSON number";
        Matcher end = END_OF_INPUT.matcher(m);
        if (end.find()) {
            Matcher at = START_MARKER.matcher(m);
            String what = end.group(2).equals("Object") ? "an object" : "an array";
            return "not valid JSON: the file ends inside " + what
                    + (at.find() ? " opened at line " + at.group(1) + ", column " + at.group(2) : "") + " (truncated?)";
        }
        if (m.contains("maybe a (non-standard) comment")) return "not valid JSON: JSON has no comments ('/' here)";
        String syntax = syntax(m, e.getLocation());
        if (syntax != null) return syntax;
        if (m.startsWith("Unexpected end-of-input"))
            return "not valid JSON: the file ends in the middle of a value (truncated?)";
        return "not valid JSON: " + plain(m);
    }

    /** The common syntax errors, said as a person would; null for the rest. */
    private static String syntax(String m, com.fasterxml.jackson.core.JsonLocation at) {
        Matcher ctrl = UNEXPECTED_CTRL.matcher(m);
        if (ctrl.find()) {
            int code = Integer.parseInt(ctrl.group(1));
            if (code >= 0x80) return "bad UTF-8 byte " + hex(code) + " (JSON files are UTF-8 text)";
            if (code == 0x1F && at != null && at.getLineNr() == 1 && at.getColumnNr() <= 2)
                return "not JSON (looks gzip-compressed: decompress it first, e.g. gunzip -k, or pass it as <(zcat FILE))";
            return "not valid JSON: control character " + hex(code) + " between values (a binary file?)";
        }
        Matcher u = UNEXPECTED.matcher(m);
        if (u.find()) {
            String found = "found " + shown(u.group(1), Integer.parseInt(u.group(2)));
            String rest = u.group(3);
            if (rest.startsWith("was expecting comma to separate Array"))
                return "not valid JSON: expected , or ] after an array element, " + found;
            if (rest.startsWith("was expecting comma to separate Object"))
                return "not valid JSON: expected , or } after a member, " + found;
            if (rest.startsWith("was expecting a colon"))
                return "not valid JSON: expected : after a member name, " + found;
            if (rest.startsWith("was expecting double-quote to start field name"))
                return "not valid JSON: expected a member name in double quotes, " + found
                        + (u.group(1).equals("}") ? " (a comma before it?)" : "");
            if (rest.startsWith("expected a value") || rest.startsWith("expected a valid value"))
                return "not valid JSON: expected a value, " + found
                        + (u.group(1).equals("]") || u.group(1).equals("}") ? " (a comma before it?)" : "");
            if (rest.startsWith("Decimal point not followed"))
                return "not valid JSON: a digit must follow the decimal point, " + found;
            if (rest.startsWith("Exponent indicator not followed"))
                return "not valid JSON: a digit must follow the exponent, " + found;
            if (rest.startsWith("expected digit (0-9) to follow minus sign"))
                return "not valid JSON: a digit must follow the minus sign, " + found;
            if (rest.contains("plus sign")) return "not valid JSON: JSON numbers have no plus sign";
            if (rest.contains("expected space separating root-level values"))
                return "not valid JSON: a second value after the first, " + found;
            return "not valid JSON: unexpected " + shown(u.group(1), Integer.parseInt(u.group(2)));
        }
        Matcher t = TOKEN.matcher(m);
        if (t.find())
            return "not valid JSON: '" + shorten(t.group(1))
                    + "' is not a JSON value (strings need double quotes; true, false and null are lower case)";
        Matcher c = CONTROL.matcher(m);
        if (c.find()) {
            int code = Integer.parseInt(c.group(2));
            if (c.group(1) != null) {
                if (code == '\n' || code == '\r')
                    return "not valid JSON: a line break inside a string (write it as \\n)";
                if (code == '\t') return "not valid JSON: a tab inside a string (write it as \\t)";
                return "not valid JSON: control character " + hex(code) + " inside a string (write it escaped, \\u00"
                        + hex(code).substring(2) + ")";
            }
            if (code == 0x1F && at != null && at.getLineNr() == 1 && at.getColumnNr() <= 2)
                return "not JSON (looks gzip-compressed: decompress it first, e.g. gunzip -k, or pass it as <(zcat FILE))";
            return "not valid JSON: control character " + hex(code) + " between values (a binary file?)";
        }
        Matcher esc = ESCAPE.matcher(m);
        if (esc.find()) return "not valid JSON: bad escape \\" + esc.group(1) + " in a string";
        if (m.startsWith("Invalid numeric value: Leading zeroes"))
            return "not valid JSON: a number cannot start with 0 (leading zeroes)";
        Matcher none = CLOSE_NONE.matcher(m);
        if (none.find()) return "not valid JSON: " + none.group(1) + " closes nothing (one too many?)";
        Matcher other = CLOSE_OTHER.matcher(m);
        if (other.find())
            return "not valid JSON: expected " + other.group(2) + " to close the "
                    + other.group(3).toLowerCase(java.util.Locale.ROOT) + " opened at line " + other.group(4)
                    + ", column " + other.group(5) + ", found " + other.group(1);
        Matcher utf = UTF8.matcher(m);
        if (utf.find())
            return "bad UTF-8 byte 0x" + utf.group(1).toUpperCase(java.util.Locale.ROOT)
                    + " (JSON files are UTF-8 text)";
        return null;
    }

    /** A character as the user sees it: itself, or its code for what does not print. */
    private static String shown(String ch, int code) {
        return code < 0x20 || code == 0x7F ? "character " + hex(code) : "'" + ch + "'";
    }

    private static String hex(int code) {
        return String.format("0x%02X", code);
    }

    /** The message less source descriptions, parser feature names and line breaks. */
    private static String plain(String m) {
        // "(for Array starting at [Source: ...; line: 1, column: 17])" keeps its place: "... at line 1, column 17)"
        return SOURCE_AT
                .matcher(m)
                .replaceAll("line $1, column $2")
                .replaceAll("\\s*\\((?:start marker at|for \\w+ starting at) \\[Source:[^\\]]*\\][^)]*\\)", "")
                .replaceAll("\\s*at \\[Source:[^\\]]*\\]", "")
                .replaceAll("\\s*\\[Source:[^\\]]*\\]", "")
                .replaceAll(";?\\s*\\(?(?:enable|disable) `?\\w+\\.\\w+`?[^)]*\\)?", "")
                .replaceAll("\\s*\\(not recognized as one since Feature '\\w+' not enabled for parser\\)", "")
                .replaceAll(
                        "`?(?:StreamReadConstraints|JsonReadFeature|StreamReadFeature|JsonParser\\.Feature)[.\\w()]*`?",
                        "")
                .replaceAll("\\s+", " ")
                .strip();
    }

    private static String shorten(String number) {
        return number.length() <= 40 ? number : number.substring(0, 20) + "..." + " (" + number.length() + " digits)";
    }
}
