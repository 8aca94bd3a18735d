package io.ptotrace.compare;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.ptotrace.compare.Comparison.Change;
import io.ptotrace.compare.Comparison.Family;
import io.ptotrace.compare.Comparison.Part;
import io.ptotrace.compare.Comparison.TaskMove;
import io.ptotrace.compare.Comparison.Verdict;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.List;

/**
 * The comparison as JSON, schema {@value Comparison#SCHEMA}: what CI scripts read. Numbers are µs unless a member
 * says otherwise; a figure that does not exist on a side is null.
 */
final class JsonReport {
    private JsonReport() {}

    static void write(Comparison c, OutputStream out) throws IOException {
        JsonGenerator g = new JsonFactory().createGenerator(out, JsonEncoding.UTF8);
        g.useDefaultPrettyPrinter();
        g.writeStartObject();
        g.writeStringField("schema", Comparison.SCHEMA);
        g.writeStringField("mode", c.mode.label);
        g.writeObjectFieldStart("thresholds");
        num(g, "alpha", c.thresholds.alpha());
        num(g, "min_change", c.thresholds.minChange());
        num(g, "floor_us", c.thresholds.floorUs());
        g.writeEndObject();
        side(g, "old", c.old);
        side(g, "new", c.neu);

        g.writeObjectFieldStart("makespan");
        num(g, "old_us", c.makespan.oldValue());
        num(g, "new_us", c.makespan.newValue());
        num(g, "delta_us", c.makespan.delta());
        num(g, "ratio", c.makespan.ratio());
        verdict(g, c.makespan.verdict());
        if (c.old.ranks() > 1 || c.neu.ranks() > 1) {
            num(g, "fastest_rank_old_us", c.old.fastestRankUs());
            num(g, "fastest_rank_new_us", c.neu.fastestRankUs());
        }
        g.writeEndObject();

        g.writeArrayFieldStart("decomposition");
        for (Part p : c.decomposition) part(g, p);
        g.writeEndArray();
        g.writeArrayFieldStart("scheduler_split");
        for (Part p : c.schedulerSplit) part(g, p);
        g.writeEndArray();
        if (c.staticFloor != null) {
            g.writeObjectFieldStart("static_floor");
            num(g, "old_us", c.staticFloor.oldValue());
            num(g, "new_us", c.staticFloor.newValue());
            num(g, "old_share", c.staticFloor.oldValue() / c.makespan.oldValue());
            num(g, "new_share", c.staticFloor.newValue() / c.makespan.newValue());
            g.writeEndObject();
        } else g.writeNullField("static_floor");

        g.writeArrayFieldStart("families");
        for (Family f : c.families) family(g, f);
        g.writeEndArray();
        if (c.readyLatency != null) {
            g.writeFieldName("ready_latency");
            family(g, c.readyLatency);
        } else g.writeNullField("ready_latency");

        changes(g, "utilisation", c.utilisation);
        changes(g, "scheduler_phases", c.schedulerPhases);
        g.writeArrayFieldStart("scheduler_threads");
        for (List<Change> t : c.schedulerThreads) {
            g.writeStartObject();
            for (Change x : t) {
                g.writeObjectFieldStart(x.name());
                num(g, "old_us", x.oldValue());
                num(g, "new_us", x.newValue());
                g.writeEndObject();
            }
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeObjectFieldStart("orchestrator_submit_span");
        num(g, "old_us", c.submitSpan.oldValue());
        num(g, "new_us", c.submitSpan.newValue());
        g.writeEndObject();
        if (c.hbViolations != null) {
            g.writeObjectFieldStart("hb_violations");
            num(g, "old", c.hbViolations.oldValue());
            num(g, "new", c.hbViolations.newValue());
            g.writeEndObject();
        } else g.writeNullField("hb_violations");

        Comparison.Tasks t = c.tasks;
        g.writeObjectFieldStart("tasks");
        g.writeStringField("matched_by", t.matchedBy());
        g.writeNumberField("matched", t.matched());
        g.writeNumberField("only_old_count", t.onlyOldCount());
        g.writeNumberField("only_new_count", t.onlyNewCount());
        strings(g, "only_old", t.onlyOld());
        strings(g, "only_new", t.onlyNew());
        moves(g, "duration_moved", t.durationMoved());
        moves(g, "start_moved", t.startMoved());
        g.writeEndObject();

        g.writeArrayFieldStart("ranks");
        for (Comparison.Rank r : c.ranks) {
            g.writeStartObject();
            g.writeNumberField("rank", r.rank());
            num(g, "old_makespan_us", r.oldMakespanUs());
            num(g, "new_makespan_us", r.newMakespanUs());
            num(g, "old_start_us", r.oldStartUs());
            num(g, "new_start_us", r.newStartUs());
            num(g, "slack_us", r.slackUs());
            g.writeArrayFieldStart("decomposition");
            for (Part p : r.parts()) part(g, p);
            g.writeEndArray();
            g.writeEndObject();
        }
        g.writeEndArray();
        num(g, "old_rank_skew_us", c.oldSkewUs);
        num(g, "new_rank_skew_us", c.newSkewUs);
        strings(g, "warnings", c.warnings);
        g.writeBooleanField("significant", c.anySignificant());
        g.writeEndObject();
        g.flush();
        out.write('\n');
    }

    private static void side(JsonGenerator g, String key, Comparison.Side s) throws IOException {
        g.writeObjectFieldStart(key);
        g.writeArrayFieldStart("runs");
        for (Path p : s.runs()) g.writeString(p.toString());
        g.writeEndArray();
        g.writeStringField("path", s.path().toString());
        g.writeStringField("era", s.era());
        g.writeNumberField("level", s.level());
        g.writeNumberField("ranks", s.ranks());
        g.writeNumberField("tasks", s.tasks());
        g.writeNumberField("rows", s.rows());
        num(g, "makespan_us", s.makespanUs());
        num(g, "static_floor_us", s.staticFloorUs());
        num(g, "submit_span_us", s.submitSpanUs());
        num(g, "hb_violations", s.hbViolations());
        g.writeEndObject();
    }

    private static void family(JsonGenerator g, Family f) throws IOException {
        g.writeStartObject();
        g.writeStringField("name", f.name());
        summary(g, "old", f.old());
        summary(g, "new", f.neu());
        num(g, "ratio", f.ratio());
        verdict(g, f.verdict());
        g.writeEndObject();
    }

    private static void summary(JsonGenerator g, String key, Stats.Summary s) throws IOException {
        g.writeObjectFieldStart(key);
        g.writeNumberField("count", s.count());
        num(g, "mean_us", s.mean());
        num(g, "p50_us", s.p50());
        num(g, "p95_us", s.p95());
        num(g, "max_us", s.max());
        num(g, "total_us", s.total());
        g.writeEndObject();
    }

    private static void verdict(JsonGenerator g, Verdict v) throws IOException {
        g.writeBooleanField("significant", v.significant());
        g.writeStringField("direction", v.direction().label);
        num(g, "p", v.p());
        g.writeStringField("why", v.why());
    }

    private static void part(JsonGenerator g, Part p) throws IOException {
        g.writeStartObject();
        g.writeStringField("part", p.name());
        num(g, "old_us", p.oldUs());
        num(g, "new_us", p.newUs());
        num(g, "delta_us", p.deltaUs());
        if (p.deltaTicks() != null) g.writeNumberField("delta_ticks", p.deltaTicks());
        else g.writeNullField("delta_ticks");
        g.writeEndObject();
    }

    private static void changes(JsonGenerator g, String key, List<Change> l) throws IOException {
        g.writeArrayFieldStart(key);
        for (Change x : l) {
            g.writeStartObject();
            g.writeStringField("name", x.name());
            num(g, "old", x.oldValue());
            num(g, "new", x.newValue());
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    private static void moves(JsonGenerator g, String key, List<TaskMove> l) throws IOException {
        g.writeArrayFieldStart(key);
        for (TaskMove m : l) {
            g.writeStartObject();
            g.writeStringField("old_task", m.oldTask());
            g.writeStringField("new_task", m.newTask());
            num(g, "old_duration_us", m.oldDurUs());
            num(g, "new_duration_us", m.newDurUs());
            num(g, "old_start_us", m.oldStartUs());
            num(g, "new_start_us", m.newStartUs());
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    private static void strings(JsonGenerator g, String key, List<String> l) throws IOException {
        g.writeArrayFieldStart(key);
        for (String s : l) g.writeString(s);
        g.writeEndArray();
    }

    private static void num(JsonGenerator g, String key, double v) throws IOException {
        if (Double.isNaN(v) || Double.isInfinite(v)) g.writeNullField(key);
        else g.writeNumberField(key, v);
    }
}
