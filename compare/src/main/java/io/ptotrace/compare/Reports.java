package io.ptotrace.compare;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/** Renders a comparison in the format asked for: each format is one class that only renders. */
public final class Reports {
    private Reports() {}

    public static void write(Comparison c, ReportFormat format, OutputStream out) throws IOException {
        switch (format) {
            case TEXT -> out.write(TextReport.render(c).getBytes(StandardCharsets.UTF_8));
            case MARKDOWN -> out.write(MarkdownReport.render(c).getBytes(StandardCharsets.UTF_8));
            case JSON -> JsonReport.write(c, out);
            case HTML -> out.write(HtmlReport.render(c).getBytes(StandardCharsets.UTF_8));
        }
        out.flush();
    }
}
