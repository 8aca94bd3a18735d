package io.ptotrace.convert.picture;

import static org.assertj.core.api.Assertions.assertThat;

import io.ptotrace.convert.pftrace.TestPictures;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ArrowMarksTest {
    @Test
    void arrowsAreMarkedAsTheyAreAdded() {
        TracePicture pic = TestPictures.sample().pic;
        ArrowMarks marks = pic.marks();
        List<String> all = new ArrayList<>();
        for (int m = 0; m < marks.count(); m++)
            all.add(marks.flow(m) + " " + marks.type(m) + " " + marks.category(m) + " " + marks.name(m) + " at "
                    + marks.pid(m) + "/" + marks.tid(m) + " " + marks.ts(m));
        // arrows 2 and 3 are hb_violations (3 also ends before it starts), 4 has no slice at its end, 5 ends before it
        // starts
        assertThat(all)
                .containsExactly(
                        "2 HB_VIOLATION hb_violation hb_violation at 3/10010 52.0",
                        "3 HB_VIOLATION hb_violation hb_violation at 3/10000 0.0",
                        "4 UNBOUND_END arrow_end dispatch (unbound end) at 3/10020 60.0",
                        "5 BACKWARD backward_arrow complete (backward) at 2/30000 45.0");
        assertThat(pic.flowBackward(3)).isTrue();
        assertThat(pic.flowBackward(5)).isTrue();
        assertThat(pic.flowBackward(2)).isFalse();
        assertThat(marks.ofUnboundEnd(4, 1)).isEqualTo(2);
        assertThat(marks.ofUnboundEnd(4, 0)).isEqualTo(-1);
        assertThat(marks.ofUnboundEnd(0, 1)).isEqualTo(-1);
        assertThat(marks.overlapUs(0)).isEqualTo(55.0 - 52.0);
        assertThat(marks.overlapUs(1)).isEqualTo(140.0);
        assertThat(marks.overlapUs(2)).isNaN();
    }

    @Test
    void marksNameBothEndsOfTheirArrow() {
        TracePicture pic = TestPictures.sample().pic;
        Map<String, Object> hb = TestPictures.args(a -> pic.marks().args(1, a));
        Map<String, Object> want = new LinkedHashMap<>();
        want.put("flow_id", new TestPictures.U64(3));
        want.put("flow_trace_id", new TestPictures.U64(3 << 4 | 2));
        want.put("kind", "hb_violation");
        want.put("pred", "func_2_c(r1t2)");
        want.put("pred_pid", 3L);
        want.put("pred_tid", 10010L);
        want.put("pred_ts_us", 103.0);
        want.put("pred_end_us", 140.0);
        want.put("succ", "QK(t0)");
        want.put("succ_pid", 3L);
        want.put("succ_tid", 10000L);
        want.put("succ_ts_us", 0.0);
        want.put("overlap_us", 140.0);
        want.put("backward", true);
        want.put("input_task_count", 1L);
        want.put("output_task_count", 1L);
        assertThat(hb).containsExactlyEntriesOf(want);

        Map<String, Object> unbound = TestPictures.args(a -> pic.marks().args(2, a));
        assertThat(unbound.keySet())
                .containsExactly(
                        "flow_id",
                        "flow_trace_id",
                        "kind",
                        "src",
                        "src_pid",
                        "src_tid",
                        "src_ts_us",
                        "src_end_us",
                        "dst",
                        "dst_pid",
                        "dst_tid",
                        "dst_ts_us",
                        "backward",
                        "unbound");
        assertThat(unbound)
                .containsEntry("dst", "(no slice)")
                .containsEntry("unbound", "end")
                .containsEntry("src", "complete(1)")
                .containsEntry("backward", false);
    }

    @Test
    void overlayArrowsAreMarkedUnderTheirOwnName() {
        TestPictures.Builder b = TestPictures.sample();
        Overlay o = b.pic.overlay("hazard");
        int s = o.slice(4, 10000, 30.0, 1.0, "write after read");
        int f = o.arrow(s, 40.0, 0, 8.0); // ends before it starts
        ArrowMarks marks = b.pic.marks();
        int m = marks.count() - 1;
        assertThat(marks.flow(m)).isEqualTo(f);
        assertThat(marks.type(m)).isEqualTo(ArrowMarks.Type.BACKWARD);
        assertThat(marks.name(m)).isEqualTo("hazard (backward)");
        assertThat(TestPictures.args(a -> marks.args(m, a)))
                .containsEntry("kind", "hazard")
                .containsEntry("src", "write after read");
    }
}
