package io.ptotrace.convert;

import io.ptotrace.convert.picture.TracePicture;

/** The happens-before summary printed after the statistics table. */
final class HbReport {
    private HbReport() {}

    static String render(ConvertStats s, boolean depsLoaded, TracePicture pic) {
        StringBuilder sb = new StringBuilder();
        sb.append('\n').append("Happens-before check (producer must end before its consumer starts)\n");
        if (!depsLoaded) {
            sb.append("  no deps.json edges: nothing to check\n");
            return sb.toString();
        }
        sb.append(String.format(
                "  Worker View:    %d dependency edge(s) checked, %d violated%n", s.workerPairs, s.workerViolations));
        sb.append(String.format(
                "  Scheduler View: %d dependency edge(s) checked, %d violated%n",
                s.schedulerPairs, s.schedulerViolations));
        if (!s.worst.isEmpty()) {
            sb.append("  Worst:\n");
            for (ConvertStats.Violation v : s.worst) {
                sb.append("    ")
                        .append(v.producer)
                        .append(" \u2192 ")
                        .append(v.consumer)
                        .append(": consumer started ")
                        .append(StatisticsReport.f(v.overlapUs, 3))
                        .append(" \u00b5s before the producer ended (")
                        .append(v.view)
                        .append(")\n");
            }
        }
        return sb.toString();
    }
}
