package io.ptotrace.critpath;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.function.Function;

/** The findings of runs as one JSON document ({@code --format json}): both paths, the families, slack, what-if. */
public final class JsonReport {
    private static final JsonFactory JSON = JsonFactory.builder().build();

    private JsonReport() {}

    public static String of(List<RunAnalysis> runs, Function<RunAnalysis, Extended> extended) {
        StringWriter sw = new StringWriter();
        try (JsonGenerator j = JSON.createGenerator(sw)) {
            j.useDefaultPrettyPrinter();
            j.writeStartObject();
            j.writeArrayFieldStart("runs");
            for (RunAnalysis a : runs) run(j, a, extended.apply(a));
            j.writeEndArray();
            j.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return sw + "\n";
    }

    private static void run(JsonGenerator j, RunAnalysis a, Extended x) throws IOException {
        RunGraph g = a.graph;
        long f = g.freqHz, mk = a.makespan();
        j.writeStartObject();
        j.writeStringField("label", a.label);
        j.writeStringField("era", a.era.name().toLowerCase(java.util.Locale.ROOT));
        j.writeNumberField("clock_freq_hz", f);
        j.writeNumberField("tasks", g.tasks);
        j.writeNumberField("happens_before_edges", g.hbEdges);
        j.writeNumberField("tol_ticks", g.tol);
        j.writeNumberField("makespan_ticks", mk);
        j.writeNumberField("makespan_us", Fmt.us(mk, f));

        j.writeObjectFieldStart("static_path");
        j.writeNumberField("length_ticks", a.staticPath.length);
        j.writeNumberField("length_us", Fmt.us(a.staticPath.length, f));
        j.writeNumberField("pct_of_makespan", Fmt.pct(a.staticPath.length, mk));
        j.writeArrayFieldStart("tasks");
        for (int t : a.staticPath.path) {
            j.writeStartObject();
            task(j, g, t);
            j.writeNumberField("task_us", Fmt.us(g.duration(t), f));
            j.writeNumberField("earliest_finish_us", Fmt.us(a.staticPath.finish[t], f));
            j.writeEndObject();
        }
        j.writeEndArray();
        j.writeEndObject();

        ObservedPath o = a.observed;
        j.writeObjectFieldStart("observed_path");
        j.writeNumberField("compute_ticks", o.computeTotal);
        j.writeNumberField("stall_ticks", o.stallTotal);
        j.writeBooleanField("tiling_exact", o.computeTotal + o.stallTotal == mk);
        j.writeObjectFieldStart("stall_us_by_kind");
        for (StallKind k : a.stallKinds()) j.writeNumberField(k.label, Fmt.us(o.stallByKind[k.ordinal()], f));
        j.writeEndObject();
        j.writeArrayFieldStart("segments");
        for (int i = 0; i < o.size(); i++) {
            int t = o.task[i];
            j.writeStartObject();
            j.writeNumberField("position", i);
            task(j, g, t);
            j.writeStringField("kernel_family", KernelFamily.of(g.name[t]));
            j.writeNumberField("task_us", Fmt.us(g.duration(t), f));
            j.writeNumberField("compute_us", Fmt.us(o.compute[i], f));
            j.writeNumberField("stall_us", Fmt.us(o.stall[i], f));
            j.writeStringField("stall_kind", o.kind[i].label);
            if (o.releasedBy[i] >= 0) j.writeStringField("released_by", g.label(o.releasedBy[i]));
            j.writeEndObject();
        }
        j.writeEndArray();
        j.writeEndObject();

        j.writeArrayFieldStart("kernel_families");
        for (Families.Row r : a.families) {
            j.writeStartObject();
            j.writeStringField("family", r.family);
            j.writeNumberField("compute_us", Fmt.us(r.compute, f));
            j.writeNumberField("stall_us", Fmt.us(r.stall, f));
            j.writeNumberField("on_path", r.count);
            j.writeEndObject();
        }
        j.writeEndArray();

        j.writeObjectFieldStart("slack");
        j.writeNumberField("near_us", x.nearUs);
        j.writeNumberField("zero_slack_tasks", x.zeroSlack);
        j.writeArrayFieldStart("near_critical");
        for (int t : x.near) {
            j.writeStartObject();
            task(j, g, t);
            j.writeNumberField("earliest_start_us", Fmt.us(a.staticPath.finish[t] - g.duration(t), f));
            j.writeNumberField("slack_us", Fmt.us(x.slack[t], f));
            j.writeEndObject();
        }
        j.writeEndArray();
        j.writeEndObject();

        j.writeObjectFieldStart("what_if");
        j.writeNumberField("speedup", x.speedup);
        j.writeNumberField("floor_us", Fmt.us(a.staticPath.length, f));
        j.writeArrayFieldStart("families");
        for (Extended.WhatIf w : x.whatIf) {
            j.writeStartObject();
            j.writeStringField("family", w.family);
            j.writeNumberField("tasks", w.tasks);
            j.writeNumberField("on_static_path", w.onStaticPath);
            j.writeNumberField("floor_us", w.floorFaster / f * 1e6);
            j.writeNumberField("gain_us", w.gain() / f * 1e6);
            j.writeEndObject();
        }
        j.writeEndArray();
        j.writeEndObject();

        j.writeArrayFieldStart("path_steps");
        for (Extended.Step st : x.steps()) {
            j.writeStartObject();
            j.writeNumberField("position", st.position());
            j.writeStringField("task", st.task());
            j.writeNumberField("gap_us", st.gapUs());
            j.writeStringField("stall_kind", st.gapUs() > 0 ? st.kind().label : "");
            if (st.blocker() == null) j.writeNullField("blocked_by");
            else j.writeStringField("blocked_by", st.blocker());
            if (st.earlyDispatch() == null) j.writeNullField("early_dispatch");
            else j.writeBooleanField("early_dispatch", st.earlyDispatch());
            if (!Double.isNaN(x.gapThresholdUs))
                j.writeBooleanField("gap_over_threshold", st.gapUs() > x.gapThresholdUs);
            j.writeEndObject();
        }
        j.writeEndArray();

        if (x.scheduler != null) {
            j.writeObjectFieldStart("scheduler_attribution_us");
            for (StallKind k : a.stallKinds()) {
                int i = k.ordinal();
                j.writeObjectFieldStart(k.label);
                j.writeNumberField("stall", x.scheduler.stall[i]);
                j.writeNumberField("until_finish_seen", x.scheduler.finishSeen[i]);
                j.writeNumberField("finish_seen_to_dispatch", x.scheduler.toDispatch[i]);
                j.writeNumberField("dispatch_to_start", x.scheduler.dispatchToStart[i]);
                j.writeEndObject();
            }
            j.writeEndObject();
        }
        j.writeEndObject();
    }

    private static void task(JsonGenerator j, RunGraph g, int t) throws IOException {
        j.writeStringField("task", g.label(t));
        j.writeStringField("task_id", Long.toUnsignedString(g.taskId[t]));
        j.writeStringField("kernel", g.name[t]);
    }
}
