package io.ptotrace.diff;

/**
 * Report formats (the command line spells them text, json, markdown, html). HTML is a page, not a text report: it is
 * written by the {@link DiffTool.PageRenderer} of the request.
 */
public enum Format {
    TEXT,
    JSON,
    MARKDOWN,
    HTML;

    Renderer renderer(int maxList, boolean color) {
        switch (this) {
            case JSON:
                return new JsonRenderer();
            case MARKDOWN:
                return new MarkdownRenderer(maxList);
            case HTML:
                throw new IllegalStateException("the HTML page is written by a page renderer");
            default:
                return new TextRenderer(maxList, color);
        }
    }
}
