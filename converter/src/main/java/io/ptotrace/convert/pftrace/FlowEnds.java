package io.ptotrace.convert.pftrace;

/**
 * Which arrows an event starts and which it terminates, decided while the events are written in order: of the two
 * events an arrow touches (its source slice's begin and its destination slice's end), the one written first carries
 * its id and the later one its terminating id, which is how the trace processor pairs them. Knowing which events were
 * written already (one bit per event) replaces each event's place in the order.
 */
final class FlowEnds {
    private final PftraceLayout layout;
    private final long[] written;

    /** The arrows the last event asked about starts, then those it terminates, each in flow order. */
    int[] starts = new int[8], terminations = new int[8];

    int startCount, terminationCount;
    /** Arrows whose destination's end was written before their source's begin. */
    int swapped;

    FlowEnds(PftraceLayout layout) {
        this.layout = layout;
        this.written = new long[(layout.items * 2 + 63) >>> 6];
    }

    /** Finds the arrows event {@code code} (not yet written) starts and terminates. */
    void at(int code) {
        int a = layout.attStart[code], b = layout.attStart[code + 1];
        startCount = terminationCount = 0;
        if (b - a > starts.length) {
            starts = new int[Integer.highestOneBit(b - a) * 2];
            terminations = new int[starts.length];
        }
        for (int i = a; i < b; i++) {
            int e = layout.attFlow[i];
            int f = e >= 0 ? e : ~e;
            if (isWritten(layout.otherEnd(e))) terminations[terminationCount++] = f;
            else {
                starts[startCount++] = f;
                if (e < 0) swapped++; // the destination's end comes first
            }
        }
    }

    /** Notes event {@code code} as written. */
    void written(int code) {
        written[code >>> 6] |= 1L << code;
    }

    private boolean isWritten(int code) {
        return (written[code >>> 6] & (1L << code)) != 0;
    }
}
