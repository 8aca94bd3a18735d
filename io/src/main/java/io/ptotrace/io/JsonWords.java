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
    private static final Pattern END_OF_INPUT = Pattern.compile("Unexpected end-of-input(?: in ([^:]+))?: expected close marker for (Object|Array)");
    private static final Pattern SOURCE_AT = Pattern.compile("\\[Source: [^\\]]*?; line: (\\d+), column: (\\d+)\\]");
    private static final Pattern START_MARKER = Pattern.compile("line: (\\d+), column: (\\d+)\\]");

    static String describe(JsonProcessingException e) {
        String m = e.getOriginalMessage() == null ? "parse error" : e.getOriginalMessage();
        if (e instanceof StreamConstraintsException) {
            Matcher l = LIMIT.matcher(m);
            if (l.find()) {
                String limit = l.group(3);
                switch (l.group(1)) {
                    case "Document nesting depth": return "JSON nested deeper than " + limit + " levels";
                    case "Number value length": return "number longer than " + limit + " digits";
                    case "String value length": return "string longer than " + limit + " characters";
                    case "Name length": return "member name longer than " + limit + " characters";
                    default: return "more than " + limit + " JSON tokens";
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
        if (m.startsWith("Unexpected end-of-input")) return "not valid JSON: the file ends in the middle of a value (truncated?)";
        return "not valid JSON: " + plain(m);
    }

    /** The message less source descriptions, parser feature names and line breaks. */
    private static String plain(String m) {
        // "(for Array starting at [Source: ...; line: 1, column: 17])" keeps its place: "... at line 1, column 17)"
        return SOURCE_AT.matcher(m).replaceAll("line $1, column $2").replaceAll("\\s*\\((?:start marker at|for \\w+ starting at) \\[Source:[^\\]]*\\][^)]*\\)", "")
            .replaceAll("\\s*at \\[Source:[^\\]]*\\]", "")
            .replaceAll("\\s*\\[Source:[^\\]]*\\]", "")
            .replaceAll(";?\\s*\\(?(?:enable|disable) `?\\w+\\.\\w+`?[^)]*\\)?", "")
            .replaceAll("\\s*\\(not recognized as one since Feature '\\w+' not enabled for parser\\)", "")
            .replaceAll("`?(?:StreamReadConstraints|JsonReadFeature|StreamReadFeature|JsonParser\\.Feature)[.\\w()]*`?", "")
            .replaceAll("\\s+", " ").strip();
    }

    private static String shorten(String number) {
        return number.length() <= 40 ? number : number.substring(0, 20) + "..." + " (" + number.length() + " digits)";
    }
}
