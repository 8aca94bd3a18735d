package io.ptotrace.compare;

import java.nio.file.Path;
import java.util.List;

/**
 * The timing comparison of two sides, as data: every format renders this and decides nothing. Times in µs unless a
 * name says ticks; "old" and "neu" are the sides given first and second.
 */
public final class Comparison {
    public static final String SCHEMA = "ptotrace-compare/1";

    /** How verdicts were decided: one run a side (task-level samples) or repeated runs (run-level figures). */
    public enum Mode {
        WITHIN_RUN("within-run"),
        REPEATED("repeated runs");

        public final String label;

        Mode(String label) {
            this.label = label;
        }
    }

    public enum Direction {
        SLOWER("slower"),
        FASTER("faster"),
        SAME("same");

        public final String label;

        Direction(String label) {
            this.label = label;
        }
    }

    /** A decided change: significant or not, its direction (SAME when not significant) and the test's p (NaN: none). */
    public record Verdict(boolean significant, Direction direction, double p, String why) {
        static Verdict none(String why) {
            return new Verdict(false, Direction.SAME, Double.NaN, why);
        }
    }

    /** One side: what was read and its headline figures (means over its runs). */
    public record Side(
            String label,
            Path path,
            List<Path> runs,
            String era,
            int level,
            int ranks,
            int tasks,
            int rows,
            double makespanUs,
            double fastestRankUs,
            double staticFloorUs,
            double submitSpanUs,
            double hbViolations,
            long hbChecked) {}

    /** A figure on both sides with its verdict ({@link Verdict#none} for figures that are shown, not judged). */
    public record Change(String name, double oldValue, double newValue, Verdict verdict) {
        public double delta() {
            return newValue - oldValue;
        }

        public double ratio() {
            return oldValue == 0 ? Double.NaN : newValue / oldValue;
        }
    }

    /** One kernel's execution times on both sides (pooled over runs and ranks) and its verdict. */
    public record Family(String name, Stats.Summary old, Stats.Summary neu, Verdict verdict) {
        public double ratio() {
            return old.count() == 0 || neu.count() == 0 || old.mean() == 0 ? Double.NaN : neu.mean() / old.mean();
        }
    }

    /**
     * One part of the makespan on both sides: the observed critical path's compute and its stall kinds, which add
     * up to the makespan on each side, so their deltas add up to the makespan's. {@code deltaTicks} is exact where
     * both sides are one run on one clock, else null.
     */
    public record Part(String name, double oldUs, double newUs, Long deltaTicks) {
        public double deltaUs() {
            return newUs - oldUs;
        }
    }

    /** A matched task whose duration or start moved: labels as each side's trace names it. */
    public record TaskMove(
            String oldTask, String newTask, double oldDurUs, double newDurUs, double oldStartUs, double newStartUs) {
        public double durDelta() {
            return newDurUs - oldDurUs;
        }

        public double startDelta() {
            return newStartUs - oldStartUs;
        }
    }

    /** The per-task view of the first run of each side. */
    public record Tasks(
            String matchedBy,
            int matched,
            List<TaskMove> durationMoved,
            List<TaskMove> startMoved,
            int onlyOldCount,
            int onlyNewCount,
            List<String> onlyOld,
            List<String> onlyNew) {}

    /** One rank of a tree on both sides (the first run of each side). */
    public record Rank(
            int rank,
            double oldMakespanUs,
            double newMakespanUs,
            double oldStartUs,
            double newStartUs,
            double slackUs,
            /* the rank's observed-path parts on each side (compute, data-wait, core-wait, front-gap), µs; empty without deps.json */
            List<Part> parts) {}

    /** The thresholds the verdicts used. */
    public record Thresholds(double alpha, double minChange, double floorUs) {}

    public final Mode mode;
    public final Thresholds thresholds;
    public final Side old, neu;
    public final Change makespan;
    /** Empty when a side has no deps.json. */
    public final List<Part> decomposition;
    /** The stalls split at the scheduler's records (empty where a side has no AICPU records). */
    public final List<Part> schedulerSplit;

    public final Change staticFloor;
    public final List<Family> families;
    /** From a task's last producer's end to its start: the scheduler's share of the wait, judged like a family. */
    public final Family readyLatency;

    public final List<Change> utilisation;
    public final List<Change> schedulerPhases;
    /** Per scheduler thread: each phase's µs (first run of each side). */
    public final List<List<Change>> schedulerThreads;

    public final Change submitSpan;
    public final Change hbViolations;
    public final Tasks tasks;
    /** Per rank, for trees; empty otherwise. */
    public final List<Rank> ranks;
    /** Largest start skew between ranks on each side, µs; NaN when the ranks are not placed on one clock. */
    public final double oldSkewUs, newSkewUs;

    public final double[] oldUtilisation, newUtilisation;
    /** What could not be compared, one line each. */
    public final List<String> warnings;

    Comparison(
            Mode mode,
            Thresholds thresholds,
            Side old,
            Side neu,
            Change makespan,
            List<Part> decomposition,
            List<Part> schedulerSplit,
            Change staticFloor,
            List<Family> families,
            Family readyLatency,
            List<Change> utilisation,
            List<Change> schedulerPhases,
            List<List<Change>> schedulerThreads,
            Change submitSpan,
            Change hbViolations,
            Tasks tasks,
            List<Rank> ranks,
            double oldSkewUs,
            double newSkewUs,
            double[] oldUtilisation,
            double[] newUtilisation,
            List<String> warnings) {
        this.mode = mode;
        this.thresholds = thresholds;
        this.old = old;
        this.neu = neu;
        this.makespan = makespan;
        this.decomposition = decomposition;
        this.schedulerSplit = schedulerSplit;
        this.staticFloor = staticFloor;
        this.families = families;
        this.readyLatency = readyLatency;
        this.utilisation = utilisation;
        this.schedulerPhases = schedulerPhases;
        this.schedulerThreads = schedulerThreads;
        this.submitSpan = submitSpan;
        this.hbViolations = hbViolations;
        this.tasks = tasks;
        this.ranks = ranks;
        this.oldSkewUs = oldSkewUs;
        this.newSkewUs = newSkewUs;
        this.oldUtilisation = oldUtilisation;
        this.newUtilisation = newUtilisation;
        this.warnings = warnings;
    }

    /** Whether anything was judged a significant change: the exit status of {@code compare} is 1 then. */
    public boolean anySignificant() {
        if (makespan.verdict().significant()) return true;
        for (Family f : families) if (f.verdict().significant()) return true;
        return readyLatency != null && readyLatency.verdict().significant();
    }
}
