package io.ptotrace.inspect;

import static io.ptotrace.inspect.TraceInspectorTest.ev;
import static io.ptotrace.inspect.TraceInspectorTest.trace;
import static org.assertj.core.api.Assertions.assertThat;

import io.ptotrace.proto.ThreadDescriptor;
import io.ptotrace.proto.TracePacket;
import io.ptotrace.proto.TracingServiceEvent;
import io.ptotrace.proto.TrackDescriptor;
import io.ptotrace.proto.TrackEvent;
import java.io.ByteArrayInputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** inspect hands events on the way Perfetto's default sorter does at import marks, and counts what it drops. */
class ImportSorterTest {
    static final long[] NO = {};
    static final TrackEvent.Type B = TrackEvent.Type.TYPE_SLICE_BEGIN,
            E = TrackEvent.Type.TYPE_SLICE_END,
            I = TrackEvent.Type.TYPE_INSTANT;
    static final TracePacket THREAD = TracePacket.newBuilder()
            .setTrackDescriptor(TrackDescriptor.newBuilder()
                    .setUuid(10)
                    .setThread(ThreadDescriptor.newBuilder().setPid(3).setTid(10000)))
            .build();

    static List<TracePacket> mark(long ts) {
        TracingServiceEvent flushed =
                TracingServiceEvent.newBuilder().setAllDataSourcesFlushed(true).build();
        TracingServiceEvent read = TracingServiceEvent.newBuilder()
                .setReadTracingBuffersCompleted(true)
                .build();
        List<TracePacket> m = new ArrayList<>();
        for (TracingServiceEvent e : new TracingServiceEvent[] {flushed, flushed, read})
            m.add(TracePacket.newBuilder()
                    .setTimestamp(ts)
                    .setTrustedPacketSequenceId(1)
                    .setServiceEvent(e)
                    .build());
        return m;
    }

    static Summary inspect(List<TracePacket> packets) throws Exception {
        return TraceInspector.inspect(
                new ByteArrayInputStream(trace(packets.toArray(new TracePacket[0]))), "t.pftrace");
    }

    /** Two windows of events separated by marks, then {@code late} (an instant at {@code lateTs}) where {@code at} says. */
    static List<TracePacket> withLateInstant(long lateTs, int at, boolean marks) {
        List<TracePacket> p = new ArrayList<>(List.of(THREAD, ev(0, 10, B, NO, NO), ev(10, 10, E, NO, NO)));
        List<TracePacket> tail = new ArrayList<>(List.of(ev(20, 10, B, NO, NO), ev(30, 10, E, NO, NO)));
        TracePacket late = ev(lateTs, 10, I, new long[] {7}, NO);
        if (marks) p.addAll(mark(10));
        if (at == 1) p.add(late);
        p.addAll(tail);
        if (marks) p.addAll(mark(30));
        if (at == 2) p.add(late);
        p.add(ev(40, 10, I, NO, new long[] {7}));
        return p;
    }

    @Test
    void anEventOlderThanWhatWasHandedOnIsDropped() throws Exception {
        Summary s = inspect(withLateInstant(5, 2, true));
        assertThat(s.problemCounts).containsEntry(Problem.Kind.SORTER_DROPPED, 1L);
        assertThat(s.problems)
                .filteredOn(p -> p.kind == Problem.Kind.SORTER_DROPPED)
                .singleElement()
                .satisfies(p -> assertThat(p.message)
                        .contains("slice with 1 flow id(s)")
                        .contains("0.010 us"));
        assertThat(s.slices).isEqualTo(3); // two slices and the closing instant; the late one is gone
        assertThat(s.flowsShown).isZero(); // its arrow went with it
    }

    @Test
    void handingOnStopsAtTheFirstEventReadAfterThePreviousMark() throws Exception {
        // read between the marks and older than the first window's events: the second mark hands on, in time
        // order, only up to the first event read after the first mark — this one — so it is held, not dropped
        Summary kept = inspect(withLateInstant(5, 1, true));
        assertThat(kept.problemCounts).doesNotContainKey(Problem.Kind.SORTER_DROPPED);
        assertThat(kept.flowsShown).isEqualTo(1);
        // read between the marks but after the first window in time: also in time for its hand-on
        assertThat(inspect(withLateInstant(15, 1, true)).problemCounts).doesNotContainKey(Problem.Kind.SORTER_DROPPED);
    }

    @Test
    void anOldEventAfterTheSecondMarkIsDroppedEvenIfTheFirstWindowStartedEarlier() throws Exception {
        // after the second mark the first window (0..10) is handed on: 10 is the watermark
        assertThat(inspect(withLateInstant(10, 2, true)).problemCounts).doesNotContainKey(Problem.Kind.SORTER_DROPPED);
        assertThat(inspect(withLateInstant(9, 2, true)).problemCounts).containsEntry(Problem.Kind.SORTER_DROPPED, 1L);
    }

    @Test
    void aTraceWithoutMarksIsHeldWhole() throws Exception {
        Summary s = inspect(withLateInstant(5, 2, false));
        assertThat(s.problemCounts).doesNotContainKey(Problem.Kind.SORTER_DROPPED);
        assertThat(s.slices).isEqualTo(4);
        assertThat(s.flowsShown).isEqualTo(1);
    }

    @Test
    void marksNeedTwoFlushesBeforeTheReadCompleted() throws Exception {
        List<TracePacket> p = withLateInstant(5, 2, false);
        TracePacket read = mark(30).get(2);
        p.addAll(3, Arrays.asList(read, read, read));
        assertThat(inspect(p).problemCounts).doesNotContainKey(Problem.Kind.SORTER_DROPPED);
    }
}
