package io.ptotrace.viewer.page;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ptotrace.viewer.layout.GraphLayout;
import io.ptotrace.viewer.layout.LayoutGraph;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The page model's ids, marks and focus, and the header the writer gives the script. */
class GraphPageTest {
    private static GraphPage twoTasks() {
        GraphPage p = new GraphPage(2, 1);
        p.node(0, "(1, 5)", "QK", "QK", GraphPage.Style.AIC, 0, 1);
        p.node(1, "(1, 6)", null, "dummy", GraphPage.Style.PLAIN, 0, 1);
        p.edge(0, 0, 1, 0, null);
        p.layout(GraphLayout.compute(new LayoutGraph(2, new int[] {0}, new int[] {1}), GraphLayout.Effort.LAYERED));
        return p;
    }

    @Test
    void rawIdsKeepAllSixtyFourBits() {
        GraphPage p = twoTasks();
        p.nodeId(0, (1L << 32) | 5);
        p.nodeId(1, 0xFEDCBA9876543210L);
        assertThat(p.nodeId(0)).isEqualTo((1L << 32) | 5);
        assertThat(p.nodeId(1)).isEqualTo(0xFEDCBA9876543210L);
    }

    @Test
    void marksAreBitsWithALegendLineAndAtMostEight() {
        GraphPage p = twoTasks();
        int critical = p.addMark("critical", "on the critical path");
        int hazard = p.addMark("hazard", "a write-after-read hazard");
        assertThat(critical).isEqualTo(1);
        assertThat(hazard).isEqualTo(2);
        p.mark(1, critical);
        p.mark(1, hazard);
        assertThat(p.marks(1)).isEqualTo(3);
        assertThat(p.marks(0)).isZero();
        for (int i = 2; i < 8; i++) p.addMark("m" + i, "mark " + i);
        assertThatThrownBy(() -> p.addMark("ninth", "one too many")).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void theHeaderCarriesFocusAndMarksAndTheSameBytesComeTwice() throws Exception {
        GraphPage p = twoTasks();
        p.focus(1);
        p.mark(0, p.addMark("critical", "on the critical path"));
        assertThatThrownBy(() -> p.focus(2)).isInstanceOf(IllegalArgumentException.class);
        ByteArrayOutputStream a = new ByteArrayOutputStream(), b = new ByteArrayOutputStream();
        PageWriter.write(p, a);
        PageWriter.write(p, b);
        assertThat(a.toByteArray()).isEqualTo(b.toByteArray());
        String html = a.toString(StandardCharsets.UTF_8);
        assertThat(html).contains("id=\"minimap\"", "id=\"help\"", "aria-label=");
        int open = html.indexOf('>', html.indexOf("id=\"graph-data\"")) + 1;
        byte[] block = java.util.Base64.getMimeDecoder().decode(html.substring(open, html.indexOf("</script>", open)));
        java.io.InputStream in = new java.util.zip.InflaterInputStream(new java.io.ByteArrayInputStream(block));
        byte[] data = in.readAllBytes();
        int len = (data[0] & 255) | (data[1] & 255) << 8 | (data[2] & 255) << 16 | (data[3] & 255) << 24;
        String header = new String(data, 4, len, StandardCharsets.UTF_8);
        // the page is told the inflated size, to take the block into one buffer
        assertThat(html).contains("data-size=\"" + data.length + "\"");
        assertThat(header)
                .contains(
                        "\"focus\":[1]",
                        "\"marks\":[[\"critical\",\"on the critical path\"]]",
                        "[\"idHigh\",\"i32\"",
                        "[\"marks\",\"u8\"");
    }
}
