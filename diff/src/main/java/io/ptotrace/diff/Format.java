package io.ptotrace.diff;

/** Report formats (the command line spells them text, json, markdown). */
public enum Format {
    TEXT, JSON, MARKDOWN;

    Renderer renderer(int maxList, boolean color) {
        switch (this) {
            case JSON: return new JsonRenderer();
            case MARKDOWN: return new MarkdownRenderer(maxList);
            default: return new TextRenderer(maxList, color);
        }
    }
}
