package io.ptotrace.convert;

import java.util.ArrayList;
import java.util.List;

/** What the rules counted while building a picture: dependency checks and happens-before violations. */
public final class ConvertStats {
    /** Dependency anchor pairs checked per view (Worker, Scheduler). */
    public long workerPairs, schedulerPairs;

    public long workerViolations, schedulerViolations;
    public long skippedPhaseRecords;
    public long missingSuccessors;
    /** Logical SPMD tasks (one per task with several blocks, see docs/trace-layout.md) and overhead counter samples emitted. */
    public long spmdTasks, overheadSamples;
    /** Worst violations by how long the consumer started before the producer ended. */
    public final List<Violation> worst = new ArrayList<>();

    public static final int WORST_KEPT = 5;

    /** One happens-before violation. */
    public static final class Violation {
        public final String view;
        public final String producer;
        public final String consumer;
        public final double overlapUs;

        public Violation(String view, String producer, String consumer, double overlapUs) {
            this.view = view;
            this.producer = producer;
            this.consumer = consumer;
            this.overlapUs = overlapUs;
        }
    }

    /** Keeps a violation among the worst few; names are rendered only for those kept. */
    void offer(
            String view,
            java.util.function.IntFunction<String> names,
            int producerSlice,
            int consumerSlice,
            double overlapUs) {
        if (worst.size() == WORST_KEPT && worst.get(WORST_KEPT - 1).overlapUs >= overlapUs) return;
        worst.add(new Violation(view, names.apply(producerSlice), names.apply(consumerSlice), overlapUs));
        worst.sort((a, b) -> Double.compare(b.overlapUs, a.overlapUs));
        if (worst.size() > WORST_KEPT) worst.remove(worst.size() - 1);
    }
}
