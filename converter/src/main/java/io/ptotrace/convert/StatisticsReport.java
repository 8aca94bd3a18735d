package io.ptotrace.convert;

import io.ptotrace.model.Era;
import io.ptotrace.model.NameMap;
import io.ptotrace.model.Run;
import io.ptotrace.model.Timeline;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.TreeMap;

/** The per-function statistics table printed after a conversion, formatted like the reference tool's. */
public final class StatisticsReport {
    private StatisticsReport() {}

    private static final class Acc {
        int count;
        double exec, lat, headSum, tailSum, propSum, localSum;
        int head, tail, prop, local;
    }

    static String f(double v, int digits) {
        return new BigDecimal(v).setScale(digits, RoundingMode.HALF_EVEN).toPlainString();
    }

    private static String right(String s, int w) {
        return s.length() >= w ? s : " ".repeat(w - s.length()) + s;
    }

    private static String left(String s, int w) {
        return s.length() >= w ? s : s + " ".repeat(w - s.length());
    }

    public static String render(Run run) {
        Timeline tl = run.timeline;
        NameMap names = run.names;
        boolean hasAicpu = tl.level >= 2 && tl.aicpuJoined;
        TreeMap<Integer, Acc> by = new TreeMap<>();
        double totalExec = 0, totalLat = 0;
        double minDispatch = Double.POSITIVE_INFINITY, maxFinish = Double.NEGATIVE_INFINITY;
        double minRecv = Double.POSITIVE_INFINITY, maxEnd = Double.NEGATIVE_INFINITY;
        boolean sawAicpu = false;
        int count = 0;
        double headTotal = 0, headMax = Double.NEGATIVE_INFINITY;
        for (int r = 0; r < tl.rows; r++) {
            Acc a = by.computeIfAbsent(run.funcId[r], k -> new Acc());
            a.count++;
            count++;
            double dur = tl.duration(r);
            a.exec += dur;
            totalExec += dur;
            a.localSum += tl.localSetup[r];
            a.local++;
            if (hasAicpu) {
                a.headSum += tl.start[r] - tl.dispatch[r];
                a.head++;
                headTotal += tl.start[r] - tl.dispatch[r];
                headMax = Math.max(headMax, tl.start[r] - tl.dispatch[r]);
                a.tailSum += tl.finish[r] - tl.end[r];
                a.tail++;
                a.propSum += tl.propagation(r);
                a.prop++;
                double lat = tl.finish[r] - tl.dispatch[r];
                a.lat += lat;
                totalLat += lat;
                minDispatch = Math.min(minDispatch, tl.dispatch[r]);
                maxFinish = Math.max(maxFinish, tl.finish[r]);
                sawAicpu = true;
            }
            minRecv = Math.min(minRecv, tl.receive[r]);
            maxEnd = Math.max(maxEnd, tl.end[r]);
        }
        StringBuilder sb = new StringBuilder();
        String eq = "=".repeat(140), dash = "-".repeat(140);
        sb.append('\n').append(eq).append('\n');
        sb.append("Task Statistics by Function\n");
        sb.append("  Source ")
                .append(tl.era.levelKey)
                .append(": ")
                .append(tl.level)
                .append(" (")
                .append(tl.era.levelDescription(tl.level))
                .append("; recorded in ")
                .append(tl.era.recordsFile)
                .append(")\n");
        sb.append("  Exec = kernel time on AICore; Latency = dispatch->finish (incl. head OH + Exec + tail OH)\n");
        sb.append(
                "  Head OH split (v3): Prop = NoC propagation (dispatch_ts\u2192AICore receive); Local = dcci+ack (receive\u2192start)\n");
        sb.append(eq).append('\n');
        sb.append(left("Func_ID", 8))
                .append(' ')
                .append(left("Func_Name", 12))
                .append(' ')
                .append(right("Count", 5))
                .append("   ")
                .append(right("Avg Exec(us)", 12))
                .append("  ")
                .append(right("Avg Latency(us)", 15))
                .append("  ")
                .append(right("Exec%", 6))
                .append("   ")
                .append(right("Avg Head OH(us)", 15))
                .append("  ")
                .append(right("Avg Tail OH(us)", 15))
                .append("  ")
                .append(right("Avg Prop(us)", 12))
                .append("  ")
                .append(right("Avg Local(us)", 13))
                .append('\n');
        sb.append(dash).append('\n');
        for (var e : by.entrySet()) {
            int fid = e.getKey();
            Acc a = e.getValue();
            String name = names.name(fid);
            if (name == null) name = "func_" + Labels.funcLabel(fid);
            double avgExec = a.exec / a.count;
            String lat = "-", pct = "-", head = "-", tail = "-";
            if (hasAicpu) {
                lat = f(a.lat / a.count, 2);
                pct = f(a.lat > 0 ? a.exec / a.lat * 100 : 0.0, 1) + "%";
                head = f(a.head > 0 ? a.headSum / a.head : 0.0, 2);
                tail = f(a.tail > 0 ? a.tailSum / a.tail : 0.0, 2);
            }
            String prop = a.prop > 0 ? f(a.propSum / a.prop, 2) : "-";
            String local = a.local > 0 ? f(a.localSum / a.local, 2) : "-";
            sb.append(left(Integer.toString(fid), 8))
                    .append(' ')
                    .append(left(name, 12))
                    .append(' ')
                    .append(right(Integer.toString(a.count), 5))
                    .append("   ")
                    .append(right(f(avgExec, 2), 12))
                    .append("  ")
                    .append(right(lat, 15))
                    .append("  ")
                    .append(right(pct, 6))
                    .append("   ")
                    .append(right(head, 15))
                    .append("  ")
                    .append(right(tail, 15))
                    .append("  ")
                    .append(right(prop, 12))
                    .append("  ")
                    .append(right(local, 13))
                    .append('\n');
        }
        sb.append(dash).append('\n');
        sb.append(left("TOTAL", 21))
                .append(' ')
                .append(right(Integer.toString(count), 5))
                .append("   ")
                .append(right(f(totalExec, 2), 12))
                .append("  ")
                .append(right(hasAicpu ? f(totalLat, 2) : "-", 15))
                .append('\n');
        if (hasAicpu && sawAicpu) {
            sb.append('\n')
                    .append("Total Test Time: ")
                    .append(f(maxFinish - minDispatch, 2))
                    .append(" us (from earliest dispatch to latest finish)\n");
        } else if (!hasAicpu && count > 0) {
            sb.append('\n')
                    .append("AICore Observed Span: ")
                    .append(f(maxEnd - minRecv, 2))
                    .append(" us (from earliest AICore receive to latest AICore end)\n");
        }
        if (hasAicpu && count > 0 && totalLat > 0) {
            sb.append('\n').append("--- Task execution vs Scheduler overhead ---\n");
            boolean streams = tl.era == Era.STREAMS;
            sb.append(streams ? "  Per-task (valid scheduler timing):  Avg Exec = " : "  Per-task (all):  Avg Exec = ")
                    .append(f(totalExec / count, 2))
                    .append(" us,  Avg Latency (dispatch->finish) = ")
                    .append(f(totalLat / count, 2))
                    .append(" us,  Exec/Latency = ")
                    .append(f(totalExec / totalLat * 100, 2))
                    .append("%\n");
            sb.append("  (Latency = dispatch\u2192finish; Exec = AICore kernel time per task)\n");
            if (streams)
                sb.append("  Dispatch\u2192kernel start (Host-computed): Total = ")
                        .append(f(headTotal, 2))
                        .append(" us, Max = ")
                        .append(f(headMax, 2))
                        .append(" us\n");
        }
        sb.append("=".repeat(110)).append('\n');
        return sb.toString();
    }
}
