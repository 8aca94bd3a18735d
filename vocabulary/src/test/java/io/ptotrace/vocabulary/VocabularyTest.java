package io.ptotrace.vocabulary;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class VocabularyTest {
    @Test
    void flowIdsRoundTripEveryKind() {
        for (ArrowKind k : ArrowKind.values()) {
            long id = FlowIds.encode(123_456_789L, k);
            assertThat(FlowIds.kindOf(id)).isEqualTo(k);
            assertThat(FlowIds.jsonFlowId(id)).isEqualTo(123_456_789L);
        }
        assertThat(FlowIds.kindOf(0)).isNull();
        assertThat(FlowIds.kindOf(FlowIds.KIND_MASK)).isNull();
    }

    @Test
    void theCodesTracesWereWrittenWithStay() {
        // traces already written name their kinds by these codes; docs/convert.md lists them
        assertThat(ArrowKind.DEPENDENCY.code()).isEqualTo(1);
        assertThat(ArrowKind.HB_VIOLATION.code()).isEqualTo(2);
        assertThat(ArrowKind.COMPLETE.code()).isEqualTo(3);
        assertThat(ArrowKind.SUBMIT_DISPATCH.code()).isEqualTo(6);
        assertThat(FlowIds.encode(5, ArrowKind.HB_VIOLATION)).isEqualTo(5 * 16 + 2);
    }

    @Test
    void markersAreTheThreeMarkerCategories() {
        assertThat(TraceCategories.isMarker("hb_violation")).isTrue();
        assertThat(TraceCategories.isMarker("arrow_end")).isTrue();
        assertThat(TraceCategories.isMarker("backward_arrow")).isTrue();
        assertThat(TraceCategories.isMarker("flow")).isFalse();
        assertThat(TraceCategories.isMarker(null)).isFalse();
    }

    /** The hb_violation query of convert's manual page is the one built here, up to its comments and final semicolon. */
    @Test
    void theManualDocumentsTheBuiltQueries() throws IOException {
        Path readme = Files.exists(Path.of("docs", "convert.md")) && Files.exists(Path.of("vocabulary"))
                ? Path.of("docs", "convert.md")
                : Path.of("..", "docs", "convert.md");
        List<String> lines = Files.readAllLines(readme);
        int start = -1;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains("extract_arg(m.arg_set_id, 'debug.flow_trace_id')")
                    && lines.get(i - 1).equals("SELECT")) start = i - 1;
        }
        assertThat(start).as("the hb_violation query in docs/convert.md").isGreaterThan(0);
        List<String> query = new ArrayList<>();
        String arrowsOnly = null;
        for (int i = start; !lines.get(i).equals("```"); i++) {
            String l = lines.get(i);
            if (l.startsWith("-- only the arrows:")) {
                arrowsOnly = l;
                continue;
            }
            int comment = l.indexOf("  --");
            query.add((comment >= 0 ? l.substring(0, comment) : l).stripTrailing());
        }
        String text = String.join("\n", query);
        assertThat(text).isEqualTo(TraceQueries.HB_VIOLATIONS_SQL + ";");
        assertThat(arrowsOnly).endsWith("WHERE " + TraceQueries.kindIs("trace_id", ArrowKind.HB_VIOLATION) + ";");
    }
}
