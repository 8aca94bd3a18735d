package io.ptotrace.inspect;

import io.ptotrace.model.util.GrowableColumns;
import io.ptotrace.model.util.IndexSort;

/**
 * The trace processor's sorter in its default mode, as far as it decides which events survive. Every
 * timestamped packet becomes a token, in file order. After the tracing service has written "all data sources
 * flushed" at least twice since the last hand-on, a "read tracing buffers completed" hands on, in time
 * order, the tokens read before the previous such point (it stops at the first token, in time order, that
 * was read after it); the end of the file hands on the rest. A token older than the newest one already
 * handed on is dropped. A file without these events is sorted whole and loses nothing.
 */
final class ImportSorter {
    private final GrowableColumns.Longs tokenTs = new GrowableColumns.Longs();
    /** Token → the analyzer's event, or −1 for a packet that is no track event. */
    private final GrowableColumns.Ints tokenEvent = new GrowableColumns.Ints();
    /** Tokens waiting, in the order of the last sort, then those read since. */
    private int[] waiting = new int[0];

    private int waitingFrom, queuedUpTo;
    private int extractionLimit, flushes;
    private long handedOn = Long.MIN_VALUE;
    private boolean handedOnBeforeTheEnd;
    /** For each dropped track event: the newest timestamp handed on before it. */
    private final java.util.Map<Integer, Long> watermarkAtDrop = new java.util.HashMap<>();

    void token(long ts, int event) {
        tokenTs.add(ts);
        tokenEvent.add(event);
    }

    void flushed() {
        flushes++;
    }

    void readCompleted() {
        if (flushes < 2) return;
        handedOnBeforeTheEnd = true;
        handOn(extractionLimit);
        extractionLimit = tokenTs.n;
        flushes = 0;
    }

    void end() {
        if (!handedOnBeforeTheEnd) return; // everything is sorted at once: nothing can be dropped
        handOn(Integer.MAX_VALUE);
    }

    /** The newest timestamp handed on before track event {@code event} came out of the sorter, if it was dropped; else null. */
    Long droppedAfter(int event) {
        return watermarkAtDrop.get(event);
    }

    private void handOn(int limit) {
        int rest = waiting.length - waitingFrom, fresh = tokenTs.n - queuedUpTo;
        int[] q = new int[rest + fresh];
        System.arraycopy(waiting, waitingFrom, q, 0, rest);
        for (int i = 0; i < fresh; i++) q[rest + i] = queuedUpTo + i;
        queuedUpTo = tokenTs.n;
        boolean sorted = true;
        for (int i = 1; i < q.length && sorted; i++) if (tokenTs.a[q[i]] < tokenTs.a[q[i - 1]]) sorted = false;
        if (!sorted) IndexSort.sortByKey(q, t -> tokenTs.a[t]);
        int i = 0;
        for (; i < q.length && q[i] < limit; i++) {
            int t = q[i];
            long ts = tokenTs.a[t];
            if (ts < handedOn) {
                if (tokenEvent.a[t] >= 0) watermarkAtDrop.put(tokenEvent.a[t], handedOn);
            } else {
                handedOn = ts;
            }
        }
        waiting = q;
        waitingFrom = i;
    }
}
