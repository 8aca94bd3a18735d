package io.ptotrace.diff;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.PrettyPrinter;
import io.ptotrace.model.U64;
import io.ptotrace.model.graph.TaskGraph;
import io.ptotrace.model.util.IntList;
import java.io.IOException;
import java.io.Writer;
import java.util.List;

/**
 * {@code --format json}: schema {@value #SCHEMA} (documented in the README's ptotrace diff section). Key order
 * is fixed; 64-bit ids, addresses and offsets are decimal strings as in deps.json; every list is
 * complete (never truncated).
 */
final class JsonRenderer implements Renderer {
    static final String SCHEMA = "ptotrace-diff/1";
    private static final JsonFactory JSON = JsonFactory.builder().build();

    private JsonGenerator j;

    @Override
    public void render(GraphDiff d, Writer out) throws IOException {
        j = JSON.createGenerator(out);
        j.setPrettyPrinter(new LinePrinter());
        Side a = d.oldSide, b = d.newSide;
        Differ x = d.d;
        GraphDiff.Summary s = d.summary();
        j.writeStartObject();
        j.writeStringField("schema", SCHEMA);
        j.writeBooleanField("identical", s.identical());
        j.writeObjectFieldStart("summary");
        j.writeNumberField("tasks_added", s.tasksAdded());
        j.writeNumberField("tasks_removed", s.tasksRemoved());
        j.writeNumberField("tasks_changed", s.tasksChanged());
        j.writeNumberField("tasks_matched_by_alignment", s.tasksMatchedByAlignment());
        j.writeNumberField("edges_added", s.edgesAdded());
        j.writeNumberField("edges_removed", s.edgesRemoved());
        j.writeNumberField("annotated_edges_added", s.annotatedEdgesAdded());
        j.writeNumberField("annotated_edges_removed", s.annotatedEdgesRemoved());
        j.writeNumberField("annotated_edges_changed", s.annotatedEdgesChanged());
        j.writeNumberField("tensors_added", s.tensorsAdded());
        j.writeNumberField("tensors_removed", s.tensorsRemoved());
        j.writeNumberField("tensors_changed", s.tensorsChanged());
        j.writeEndObject();
        side("old", a.graph(), d.oldPairCount());
        side("new", b.graph(), d.newPairCount());
        j.writeObjectFieldStart("options");
        j.writeBooleanField("projected", d.options.projected);
        j.writeBooleanField("align", d.options.align);
        j.writeStringField("match_tensors", d.options.matchTensors.name().toLowerCase(java.util.Locale.ROOT));
        j.writeArrayFieldStart("ignore");
        for (Field f : d.options.ignore) j.writeString(f.key());
        j.writeEndArray();
        j.writeEndObject();
        j.writeArrayFieldStart("notes");
        for (String n : d.notes()) j.writeString(n);
        j.writeEndArray();

        tasks("tasks_added", x.tasksAdded, b);
        tasks("tasks_removed", x.tasksRemoved, a);
        j.writeArrayFieldStart("tasks_changed");
        for (int i = 0; i < x.tasksChangedA.size(); i++) {
            int na = x.tasksChangedA.get(i), nb = x.tasksChangedB.get(i);
            j.writeStartObject();
            j.writeStringField("task_id", U64.str(b.graph().nodeId(nb)));
            j.writeStringField("display", b.display(nb));
            j.writeStringField("old_task_id", U64.str(a.graph().nodeId(na)));
            j.writeStringField("old_display", a.display(na));
            changes(d.taskChanges(i));
            j.writeEndObject();
        }
        j.writeEndArray();
        pairs("edges_added", x.pairsAdded, b);
        pairs("edges_removed", x.pairsRemoved, a);
        edges("annotated_edges_added", x.edgesAdded, b);
        edges("annotated_edges_removed", x.edgesRemoved, a);
        j.writeArrayFieldStart("annotated_edges_changed");
        for (int i = 0; i < x.edgesChangedA.size(); i++) {
            j.writeStartObject();
            j.writeFieldName("old");
            edge(a, x.edgesChangedA.get(i));
            j.writeFieldName("new");
            edge(b, x.edgesChangedB.get(i));
            changes(d.edgeChanges(i));
            j.writeEndObject();
        }
        j.writeEndArray();
        tensors("tensors_added", x.tensorsAdded, b);
        tensors("tensors_removed", x.tensorsRemoved, a);
        j.writeArrayFieldStart("tensors_changed");
        for (int i = 0; i < x.tensorsChangedA.size(); i++) {
            j.writeStartObject();
            j.writeFieldName("old");
            tensor(a.graph(), x.tensorsChangedA.get(i));
            j.writeFieldName("new");
            tensor(b.graph(), x.tensorsChangedB.get(i));
            changes(d.tensorChanges(i));
            j.writeEndObject();
        }
        j.writeEndArray();
        j.writeEndObject();
        j.flush();
        out.write('\n');
        out.flush();
    }

    private void side(String name, TaskGraph g, int pairs) throws IOException {
        j.writeObjectFieldStart(name);
        j.writeStringField("file", g.file().toString());
        j.writeNumberField("tasks", g.taskRowCount());
        j.writeNumberField("edges", pairs);
        j.writeNumberField("annotated_edges", g.edgeCount());
        j.writeNumberField("tensors", g.tensorRowCount());
        j.writeEndObject();
    }

    private void changes(List<Change> cs) throws IOException {
        j.writeArrayFieldStart("changes");
        for (Change c : cs) {
            j.writeStartObject();
            j.writeStringField("field", c.field());
            j.writeFieldName("old");
            value(c.oldValue());
            j.writeFieldName("new");
            value(c.newValue());
            j.writeEndObject();
        }
        j.writeEndArray();
    }

    private void value(Object v) throws IOException {
        if (v == null) j.writeNull();
        else if (v instanceof String) j.writeString((String) v);
        else if (v instanceof Integer) j.writeNumber((Integer) v);
        else if (v instanceof Boolean) j.writeBoolean((Boolean) v);
        else if (v instanceof Change.U64Value) j.writeString(v.toString());
        else if (v instanceof long[]) longs((long[]) v);
        else if (v instanceof int[]) {
            j.writeStartArray();
            for (int k : (int[]) v) j.writeNumber(k);
            j.writeEndArray();
        } else if (v instanceof String[]) {
            j.writeStartArray();
            for (String k : (String[]) v) j.writeString(k);
            j.writeEndArray();
        } else j.writeString(v.toString());
    }

    private void longs(long[] a) throws IOException {
        j.writeStartArray();
        for (long k : a) j.writeNumber(k);
        j.writeEndArray();
    }

    private void array(String field, long[] a) throws IOException {
        if (a == null) return;
        j.writeFieldName(field);
        longs(a);
    }

    private void str(String field, String s) throws IOException {
        if (s != null) j.writeStringField(field, s);
    }

    private void tasks(String name, IntList nodes, Side g) throws IOException {
        j.writeArrayFieldStart(name);
        for (int i = 0; i < nodes.size(); i++) task(g, nodes.get(i));
        j.writeEndArray();
    }

    /** A task as deps.json writes it, plus display and name. */
    private void task(Side side, int node) throws IOException {
        TaskGraph g = side.graph();
        int row = g.taskRow(node);
        j.writeStartObject();
        j.writeStringField("task_id", U64.str(g.nodeId(node)));
        j.writeStringField("display", side.display(node));
        String name = side.funcName(node);
        if (name != null) j.writeStringField("name", name);
        str("scope", g.scope(row));
        if (g.earlyDispatch(row) >= 0) j.writeBooleanField("early_dispatch", g.earlyDispatch(row) == 1);
        j.writeArrayFieldStart("kernel_ids");
        for (int s = 0; s < 3; s++) j.writeNumber(side.kernel(row, s));
        j.writeEndArray();
        j.writeNumberField("block_num", g.blockNum(row));
        j.writeArrayFieldStart("args");
        for (int k = g.argFrom(row); k < g.argTo(row); k++) {
            j.writeStartObject();
            if (g.argIdx(k) != TaskGraph.ABSENT) j.writeNumberField("idx", g.argIdx(k));
            str("type", g.argType(k));
            if (g.argTensor(k) >= 0) j.writeStringField("tensor_id", U64.str(g.tensorId(g.argTensor(k))));
            str("dtype", g.argDtype(k));
            array("shape", g.argShape(k));
            if (g.argOffsetOk(k)) j.writeStringField("start_offset", U64.str(g.argOffset(k)));
            array("strides", g.argStrides(k));
            j.writeEndObject();
        }
        j.writeEndArray();
        j.writeEndObject();
    }

    private void pairs(String name, IntList rows, Side side) throws IOException {
        TaskGraph g = side.graph();
        j.writeArrayFieldStart(name);
        for (int i = 0; i < rows.size(); i++) {
            int e = rows.get(i);
            j.writeStartObject();
            j.writeStringField("pred", U64.str(g.nodeId(g.edgePred(e))));
            j.writeStringField("succ", U64.str(g.nodeId(g.edgeSucc(e))));
            j.writeStringField("pred_display", side.display(g.edgePred(e)));
            j.writeStringField("succ_display", side.display(g.edgeSucc(e)));
            j.writeEndObject();
        }
        j.writeEndArray();
    }

    private void edges(String name, IntList rows, Side g) throws IOException {
        j.writeArrayFieldStart(name);
        for (int i = 0; i < rows.size(); i++) edge(g, rows.get(i));
        j.writeEndArray();
    }

    /** An edge as deps.json writes it (members it lacks stay absent), plus displays. */
    private void edge(Side side, int e) throws IOException {
        TaskGraph g = side.graph();
        j.writeStartObject();
        j.writeStringField("pred", U64.str(g.nodeId(g.edgePred(e))));
        j.writeStringField("succ", U64.str(g.nodeId(g.edgeSucc(e))));
        if (g.edgeArg(e) != TaskGraph.ABSENT) j.writeNumberField("arg", g.edgeArg(e));
        str("source", g.edgeSource(e));
        if (g.edgeFlagsCode(e) >= 0) {
            j.writeArrayFieldStart("flags");
            for (String f : Comparer.flags(g, g.edgeFlagsCode(e))) j.writeString(f);
            j.writeEndArray();
        }
        str("overlap", g.edgeOverlap(e));
        str("hazard", g.edgeHazard(e));
        str("access_kind", g.edgeAccessKind(e));
        if (g.edgeTensor(e) >= 0) j.writeStringField("tensor_id", U64.str(g.tensorId(g.edgeTensor(e))));
        str("consumer_dtype", g.consumerDtype(e));
        array("consumer_shape", g.consumerShape(e));
        if (g.consumerOffsetOk(e)) j.writeStringField("consumer_start_offset", U64.str(g.consumerOffset(e)));
        array("consumer_strides", g.consumerStrides(e));
        array("producer_shape", g.producerShape(e));
        if (g.producerOffsetOk(e)) j.writeStringField("producer_start_offset", U64.str(g.producerOffset(e)));
        array("producer_strides", g.producerStrides(e));
        j.writeStringField("pred_display", side.display(g.edgePred(e)));
        j.writeStringField("succ_display", side.display(g.edgeSucc(e)));
        j.writeEndObject();
    }

    private void tensors(String name, IntList ts, Side s) throws IOException {
        j.writeArrayFieldStart(name);
        for (int i = 0; i < ts.size(); i++) tensor(s.graph(), ts.get(i));
        j.writeEndArray();
    }

    private void tensor(TaskGraph g, int t) throws IOException {
        int r = g.tensorRow(t);
        j.writeStartObject();
        j.writeStringField("tensor_id", U64.str(g.tensorId(t)));
        if (g.bufferAddrOk(r)) j.writeStringField("buffer_addr", U64.str(g.bufferAddr(r)));
        if (g.versionPresent(r)) j.writeNumberField("version", g.version(r));
        str("dtype", g.tensorDtype(r));
        if (g.bufferNumelOk(r)) j.writeStringField("buffer_numel", U64.str(g.bufferNumel(r)));
        j.writeEndObject();
    }

    /**
     * Layout: one top-level member per line, one list entry per line, everything inside an entry
     * compact — small for million-entry lists, and greppable.
     */
    static final class LinePrinter implements PrettyPrinter {
        private int depth;

        private static void newline(JsonGenerator g, int indent) throws IOException {
            g.writeRaw('\n');
            for (int i = 0; i < indent; i++) g.writeRaw("  ");
        }

        @Override
        public void writeRootValueSeparator(JsonGenerator g) throws IOException {
            g.writeRaw('\n');
        }

        @Override
        public void writeStartObject(JsonGenerator g) throws IOException {
            g.writeRaw('{');
            depth++;
        }

        @Override
        public void beforeObjectEntries(JsonGenerator g) throws IOException {
            if (depth == 1) newline(g, 1);
        }

        @Override
        public void writeObjectFieldValueSeparator(JsonGenerator g) throws IOException {
            g.writeRaw(depth == 1 ? ": " : ":");
        }

        @Override
        public void writeObjectEntrySeparator(JsonGenerator g) throws IOException {
            g.writeRaw(',');
            if (depth == 1) newline(g, 1);
        }

        @Override
        public void writeEndObject(JsonGenerator g, int entries) throws IOException {
            depth--;
            if (depth == 0) g.writeRaw('\n');
            g.writeRaw('}');
        }

        @Override
        public void writeStartArray(JsonGenerator g) throws IOException {
            g.writeRaw('[');
            depth++;
        }

        @Override
        public void beforeArrayValues(JsonGenerator g) throws IOException {
            if (depth == 2) newline(g, 2);
        }

        @Override
        public void writeArrayValueSeparator(JsonGenerator g) throws IOException {
            g.writeRaw(',');
            if (depth == 2) newline(g, 2);
        }

        @Override
        public void writeEndArray(JsonGenerator g, int values) throws IOException {
            depth--;
            if (depth == 1 && values > 0) newline(g, 1);
            g.writeRaw(']');
        }
    }
}
