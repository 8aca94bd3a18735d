package io.ptotrace.convert;

import io.ptotrace.convert.picture.ArgSink;
import io.ptotrace.convert.picture.CounterKind;
import io.ptotrace.convert.picture.JsonMember;
import io.ptotrace.model.PhaseTable;
import io.ptotrace.model.util.PagedColumns;
import java.util.List;

/** The counter series of the trace. */
final class CounterKinds {
    private CounterKinds() {}

    /** The shared ready queue's depth by core type after a complete or dispatch record (the ref is the record). */
    static final class ReadyQueue extends CounterKind {
        private final PhaseTable pt;

        ReadyQueue(PhaseTable pt) {
            super("queue");
            this.pt = pt;
        }

        @Override
        public String name(int ref) {
            return "shared_ready_queue";
        }

        @Override
        public void args(int ref, ArgSink a) {
            List<?> e = (List<?>) pt.value(ref, PhaseTable.SHARED_AT_END);
            a.raw("AIC", e.get(0));
            a.raw("AIV", e.get(1));
            a.raw("MIX", e.get(2));
        }
    }

    /**
     * Samples of the scheduler-overhead series (the ref is the sample); its events keep the member order the
     * reference's overhead pass writes.
     */
    static final class Overhead extends CounterKind {
        private static final List<JsonMember> ORDER = List.of(
                JsonMember.PH,
                JsonMember.CAT,
                JsonMember.NAME,
                JsonMember.PID,
                JsonMember.TID,
                JsonMember.TS,
                JsonMember.ARGS);
        private final List<String> series;
        private int samples;
        private final PagedColumns.Bytes seriesOf = new PagedColumns.Bytes();
        private final PagedColumns.Longs values = new PagedColumns.Longs();

        /** {@code series}: the series names, at most 256. */
        Overhead(List<String> series) {
            super("overhead", ORDER);
            this.series = List.copyOf(series);
        }

        /** Records a sample of series {@code s}; returns its ref. */
        int sample(int s, long value) {
            int i = samples++;
            seriesOf.set(i, (byte) s);
            values.set(i, value);
            return i;
        }

        int sampleCount() {
            return samples;
        }

        @Override
        public String name(int ref) {
            return series.get(seriesOf.get(ref) & 0xFF);
        }

        @Override
        public void args(int ref, ArgSink a) {
            a.i64(name(ref), values.get(ref));
        }
    }
}
