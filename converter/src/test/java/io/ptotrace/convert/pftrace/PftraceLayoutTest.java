package io.ptotrace.convert.pftrace;

import static org.assertj.core.api.Assertions.assertThat;

import io.ptotrace.convert.picture.TracePicture;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Where the layout puts things, read without encoding a byte. */
class PftraceLayoutTest {
    private final TestPictures.Builder b = TestPictures.sample();
    private final TracePicture pic = b.pic;
    private final PftraceLayout layout = PftraceLayout.of(pic);

    private PftraceTrack lane(int pid, int tid) {
        return layout.tracks().stream()
                .filter(t -> t.type() == PftraceTrack.Type.THREAD && t.pid() == pid && t.tid() == tid)
                .findFirst()
                .orElseThrow();
    }

    @Test
    void processesThenTheirLanesThenChildTracksInUuidOrder() {
        List<String> tracks = new ArrayList<>();
        for (PftraceTrack t : layout.tracks())
            tracks.add(t.uuid() + ":" + t.parentUuid() + ":" + t.rank() + " " + t.type() + " " + t.pid() + "/" + t.tid()
                    + " " + t.name());
        assertThat(tracks)
                .containsExactly(
                        "1:0:0 PROCESS 2/-1 AICPU Scheduler",
                        "2:0:1 PROCESS 3/-1 Scheduler View",
                        "3:0:2 PROCESS 4/-1 Worker View",
                        "4:1:0 THREAD 2/30000 Sched_0",
                        "5:4:1 MARKERS 2/30000 arrow markers", // the backward complete arrow's mark
                        "6:1:1 COUNTER 2/3999 shared_ready_queue AIC", // counters hang off their process, after its
                        // threads
                        "7:1:2 COUNTER 2/3999 shared_ready_queue AIV",
                        "8:1:3 COUNTER 2/3999 shared_ready_queue MIX",
                        "9:1:4 COUNTER 2/9101 oh_aic_idle oh_aic_idle",
                        "10:2:0 THREAD 3/10000 AIC_0",
                        "11:10:1 MARKERS 3/10000 arrow markers",
                        "12:2:1 THREAD 3/10010 AIV_1",
                        "13:12:1 OVERFLOW 3/10010 AIV_1 (overflow 1)",
                        "14:12:2 MARKERS 3/10010 arrow markers",
                        "15:2:2 THREAD 3/10020 null", // only an unbound arrow end lies there
                        "16:15:1 MARKERS 3/10020 arrow markers",
                        "17:3:0 THREAD 4/10000 AIC_0",
                        "18:3:1 THREAD 4/10010 AIV_1");
        PftraceTrack backward = layout.trackOfMark(3);
        assertThat(backward.type()).isEqualTo(PftraceTrack.Type.MARKERS);
        assertThat(backward.parentUuid()).isEqualTo(4);
    }

    @Test
    void aSliceOverlappingItsLaneWithoutNestingMovesToAnOverflowTrack() {
        int s1 = 4, s2 = 5; // SF(t1) [52, 105] and func_2_c(r1t2) [103, 140] on 3/10010
        assertThat(b.names.get(s2)).isEqualTo("func_2_c(r1t2)");
        assertThat(layout.trackOfSlice(s1)).isSameAs(lane(3, 10010));
        assertThat(layout.trackOfSlice(s2).type()).isEqualTo(PftraceTrack.Type.OVERFLOW);
        assertThat(layout.trackOfSlice(s2).parentUuid())
                .isEqualTo(lane(3, 10010).uuid());
        assertThat(layout.report().overflowSlices).isEqualTo(1);
        assertThat(layout.report().overflowExamples).containsExactly("3/10010 ts 103.0us: func_2_c(r1t2)");
        for (int s : new int[] {0, 1, 2})
            assertThat(layout.trackOfSlice(s).pid()).isEqualTo(4);
    }

    @Test
    void eventsInTimeOrderBeginsBeforeCountersBeforeEnds() {
        for (int k = 1; k < layout.eventCount(); k++) {
            long a = layout.eventNs(k - 1), c = layout.eventNs(k);
            assertThat(a).isLessThanOrEqualTo(c);
            if (a == c)
                assertThat(layout.eventType(k - 1).ordinal())
                        .isLessThanOrEqualTo(layout.eventType(k).ordinal());
        }
        assertThat(layout.eventCount())
                .isEqualTo(2 * (pic.sliceCount() + pic.marks().count()) + layout.report().counterValues);
    }

    @Test
    void anArrowsIdGoesOnWhicheverOfItsEndsComesFirst() {
        // arrows 0 (t0 → t1) and 5 (t0 → complete(1)) start on t0's begin; 0 terminates on t1's end
        assertThat(arrowsOn(PftraceLayout.EventType.BEGIN, 0)).containsExactly(0, 5);
        assertThat(arrowsOn(PftraceLayout.EventType.END, 1)).contains(~0);
        // arrow 3 ends on s0 [0, 55] and starts on s2 at 103: s0's end comes first and carries the id
        assertThat(arrowsOn(PftraceLayout.EventType.END, 3)).contains(3);
        assertThat(arrowsOn(PftraceLayout.EventType.BEGIN, 5)).contains(~3);
        // arrow 4 has no destination slice: its mark takes the end
        int mark = pic.marks().ofUnboundEnd(4, 1);
        assertThat(arrowsOn(PftraceLayout.EventType.END, pic.sliceCount() + mark))
                .contains(~4);
    }

    @Test
    void everyArrowStartsOnTheEarlierOfItsTwoEventsAndTerminatesOnTheLater() {
        int[] seq = new int[2 * (pic.sliceCount() + pic.marks().count())];
        java.util.Arrays.fill(seq, -1);
        for (int k = 0; k < layout.eventCount(); k++)
            if (layout.eventType(k) != PftraceLayout.EventType.COUNTER) {
                int code = layout.eventItem(k) * 2 + (layout.eventType(k) == PftraceLayout.EventType.END ? 1 : 0);
                seq[code] = k;
            }
        List<List<Integer>> carried = new ArrayList<>();
        for (int k = 0; k < layout.eventCount(); k++) {
            List<Integer> l = new ArrayList<>();
            for (int f : layout.eventArrows(k)) l.add(f);
            carried.add(l);
        }
        int flows = pic.flowCount();
        assertThat(flows).isGreaterThan(3);
        int carriedIds = 0;
        for (List<Integer> l : carried) carriedIds += l.size();
        assertThat(carriedIds).isEqualTo(2 * flows); // each arrow twice, nothing else
        for (int f = 0; f < flows; f++) {
            int src = pic.flowSrcSlice(f) >= 0
                    ? pic.flowSrcSlice(f)
                    : pic.sliceCount() + pic.marks().ofUnboundEnd(f, 0);
            int dst = pic.flowDstSlice(f) >= 0
                    ? pic.flowDstSlice(f)
                    : pic.sliceCount() + pic.marks().ofUnboundEnd(f, 1);
            int begin = seq[src * 2], end = seq[dst * 2 + 1];
            assertThat(carried.get(Math.min(begin, end)))
                    .as("arrow %d's first event", f)
                    .contains(f);
            assertThat(carried.get(Math.max(begin, end)))
                    .as("arrow %d's second event", f)
                    .contains(~f);
        }
    }

    private List<Integer> arrowsOn(PftraceLayout.EventType type, int item) {
        for (int k = 0; k < layout.eventCount(); k++) {
            if (layout.eventType(k) != type || layout.eventItem(k) != item) continue;
            List<Integer> l = new ArrayList<>();
            for (int f : layout.eventArrows(k)) l.add(f);
            return l;
        }
        throw new AssertionError("no " + type + " of item " + item);
    }
}
