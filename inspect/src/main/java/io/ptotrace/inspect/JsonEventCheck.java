package io.ptotrace.inspect;

import java.util.List;

/**
 * The checks {@link TraceInspector#inspect} applies to a Chrome JSON trace, fed one event at a time by whoever
 * produces the events instead of read from a file: {@code convert} hands on the events its writer renders, so
 * what is judged is what the file will hold, without producing or parsing its bytes. Each call is one element of
 * {@code "traceEvents"}, in file order; values are the JSON values the file holds (times in µs, NaN where it
 * holds null), and the reader's own rules turn them into what Perfetto imports.
 */
public final class JsonEventCheck {
    /** An id or bind id that is not there. */
    public static final long NONE = Long.MIN_VALUE;

    private final Summary sum = new Summary();
    private final JsonAnalyzer an = new JsonAnalyzer(sum);
    /** Position of the next event in "traceEvents". */
    private long index;

    /**
     * Whether an arrow from {@code srcUs} to {@code dstUs} (the JSON trace's times) ends before it starts once
     * Perfetto has read both times (to whole ns): its importer drops such an arrow. Times that read as the same ns
     * are not: which end comes first then depends on the events around them.
     */
    public static boolean endsBeforeStart(double srcUs, double dstUs) {
        return JsonTraceReader.tsNs(dstUs) < JsonTraceReader.tsNs(srcUs);
    }

    /** {@code name}: what the summary names as its file. */
    public JsonEventCheck(String name) {
        sum.file = name;
    }

    /** A {@code process_name} metadata event. */
    public void processName(int pid, String name) {
        index++;
        an.processName(pid, name);
    }

    /** A {@code thread_name} metadata event. */
    public void threadName(int pid, int tid, String name) {
        index++;
        an.threadName(pid, tid, name);
    }

    /** Any other metadata event; {@code tid} < 0 when it names none. */
    public void meta(int pid, int tid) {
        index++;
        if (tid >= 0) an.thread(pid, tid);
        else an.process(pid);
    }

    /** A complete slice ({@code "ph":"X"}); {@code jsonId} {@link #NONE} when it has no "id". */
    public void completeSlice(int pid, int tid, double tsUs, double durUs, long jsonId) {
        long file = index++;
        long dur = JsonTraceReader.durNs(durUs);
        if (dur == NONE) return; // Perfetto ignores an X without dur
        an.slice(JsonAnalyzer.X, pid, tid, JsonTraceReader.tsNs(tsUs), dur, jsonId, file);
    }

    /** A counter sample ({@code "ph":"C"}) whose args {@code valueKeys} read as values ({@link #countsAsValue}). */
    public void counter(int pid, String name, List<String> valueKeys, double tsUs) {
        index++;
        an.counter(pid, name == null ? "" : name, valueKeys, JsonTraceReader.tsNs(tsUs));
    }

    /**
     * One end of an arrow: its start ({@code "ph":"s"}) or its end ({@code "ph":"f"}, {@code "bp":"e"} when
     * {@code enclosing}); {@code bindId} {@link #NONE} when the end has no "bind_id".
     */
    public void flowEnd(
            boolean start,
            long id,
            String category,
            String name,
            int pid,
            int tid,
            double tsUs,
            long bindId,
            boolean enclosing) {
        long file = index++;
        an.flow(
                start ? JsonAnalyzer.S : JsonAnalyzer.F,
                id,
                category,
                name,
                pid,
                tid,
                JsonTraceReader.tsNs(tsUs),
                bindId,
                enclosing,
                file);
    }

    /** Whether a counter sample's string arg {@code key} is read as a value (Perfetto parses it as a number). */
    public static boolean countsAsValue(String key, String text) {
        // a string "name" arg is read as the event's name argument, never as a value
        return text != null && !key.equals("name") && JsonTraceReader.numeric(text);
    }

    /** The summary of the events handed on; call once, after the last event. */
    public Summary finish() {
        an.finish();
        return sum;
    }
}
