package io.ptotrace.diff;

import java.util.Locale;

/** Report formats. */
public enum Format {
    TEXT, JSON, MARKDOWN;

    /** text, json, markdown (or md), any case. */
    public static Format parse(String s) {
        switch (s.trim().toLowerCase(Locale.ROOT)) {
            case "text": case "txt": return TEXT;
            case "json": return JSON;
            case "markdown": case "md": return MARKDOWN;
            default: throw new IllegalArgumentException("expected text, json or markdown, not '" + s + "'");
        }
    }

    Renderer renderer(int maxList, boolean color) {
        switch (this) {
            case JSON: return new JsonRenderer();
            case MARKDOWN: return new MarkdownRenderer(maxList);
            default: return new TextRenderer(maxList, color);
        }
    }
}
