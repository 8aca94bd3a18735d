package io.ptotrace.inspect;

/** One structural problem: what Perfetto would lose or misplace, and where. */
public final class Problem {
    public enum Kind {
        /** A flow start ("s" / flow_ids) that nothing terminates: no arrow. */
        UNTERMINATED_FLOW(true, "flow start without an end"),
        /** A flow end ("f" / terminating_flow_ids) with no start anywhere: no arrow. */
        DANGLING_FLOW_END(true, "flow end without a start"),
        /** The end is imported before the start (it lies earlier in time): Perfetto drops the arrow. */
        FLOW_END_BEFORE_START(true, "flow end earlier than its start"),
        /** No slice to bind a flow end to on its thread at that time: Perfetto drops the arrow. */
        FLOW_END_UNBOUND(true, "flow end with no slice to bind to"),
        /** The flow end binds to a slice that does not contain it (Perfetto binds to the last open slice). */
        FLOW_END_MISPLACED(false, "flow end binds to a slice that does not enclose it"),
        /** A JSON bind_id that names no slice "id". */
        BIND_ID_UNKNOWN(false, "bind_id names no slice"),
        /** A JSON bind_id naming another slice than the one Perfetto binds (Perfetto ignores bind_id). */
        BIND_ID_MISMATCH(false, "bind_id differs from the slice Perfetto binds"),
        /** The same flow id started twice: Perfetto keeps the first. */
        DUPLICATE_FLOW_ID(true, "flow id started twice"),
        /** Two slices on one track overlap without nesting: Perfetto drops or moves the later one. */
        OVERLAPPING_SLICES(false, "slices overlap without nesting on one track"),
        /** A complete slice with a negative duration: Perfetto drops it. */
        NEGATIVE_DURATION(false, "slice with negative duration"),
        /** A slice end with no open slice on its track. */
        UNMATCHED_SLICE_END(false, "slice end without a begin"),
        /** A slice begin never ended. */
        UNTERMINATED_SLICE(false, "slice begin without an end"),
        /** An event on a track no descriptor declares, or a counter value on a non-counter track. */
        BAD_TRACK(false, "event on an undeclared or wrong track"),
        /**
         * An event (slice begin or end, instant, counter value) older than what the trace processor's sorter
         * already handed on at an import mark (flush and read-completed service events): Perfetto drops it.
         */
        SORTER_DROPPED(true, "event older than what the sorter already handed on"),
        /** A name/category/annotation iid that no interned data defines. */
        UNKNOWN_IID(false, "interned id without interned data");

        public final boolean losesArrow;
        public final String title;

        Kind(boolean losesArrow, String title) {
            this.losesArrow = losesArrow;
            this.title = title;
        }

        public String id() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    public final Kind kind;
    /** Where in the file: event index / packet number, pid, tid, ts. */
    public final String where;

    public final String message;

    public Problem(Kind kind, String where, String message) {
        this.kind = kind;
        this.where = where;
        this.message = message;
    }

    @Override
    public String toString() {
        return kind.id() + " at " + where + ": " + message;
    }
}
