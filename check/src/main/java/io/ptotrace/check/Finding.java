package io.ptotrace.check;

/**
 * One hazard: an earlier and a later access of the same bytes (or, for {@link HazardKind#EDGE_WITHOUT_OVERLAP},
 * an edge's pred and succ) and what the run's timing says about it.
 *
 * @param bytes the absolute byte ranges concerned, half-open and merged ({@code [s0, e0, s1, e1, …]}); empty for an
 *     edge without overlap
 * @param certain false when a region could not be placed exactly and its bounding range was used
 * @param manualScope a task of the pair is in a {@code manual} scope (an error is then a warning)
 * @param observed what the run's timing shows, or null without timing for both tasks
 * @param overlapUs how long before the earlier task ended the later one started (0 when apart), NaN without timing
 */
public record Finding(
        HazardKind kind,
        Severity severity,
        Access first,
        Access second,
        long tensorId,
        long bufferAddr,
        long[] bytes,
        boolean certain,
        boolean manualScope,
        Observed observed,
        double overlapUs) {

    /** What the timing of the run shows about a finding. */
    public enum Observed {
        /** The later task started before the earlier one ended: the hazard happened in this run. */
        RACE("race"),
        /** The tasks ran apart: the hazard is latent. */
        APART("apart");

        public final String word;

        Observed(String word) {
            this.word = word;
        }
    }

    /**
     * This finding with what the run's timing shows. A pair observed racing is one level more severe than its base
     * (info → warning → error): the hazard happened, it is no longer latent. An edge without overlap is an order
     * the data does not need, so its tasks running together is no hazard and it keeps its level.
     */
    public Finding withObserved(Observed o, double overlap) {
        Severity s = o == Observed.RACE && kind != HazardKind.EDGE_WITHOUT_OVERLAP ? severity.oneUp() : severity;
        return new Finding(kind, s, first, second, tensorId, bufferAddr, bytes, certain, manualScope, o, overlap);
    }

    /** Bytes concerned in all. */
    public long byteCount() {
        long n = 0;
        for (int i = 0; i < bytes.length; i += 2) n += bytes[i + 1] - bytes[i];
        return n;
    }
}
