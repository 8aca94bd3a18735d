package io.ptotrace.synth;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.io.SerializedString;
import io.ptotrace.io.OutputFile;
import io.ptotrace.model.util.SecondThread;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Streams {@code deps.json}: {@code tasks[]}, {@code tensors[]} and {@code edges[]}, each written
 * by replaying a fresh {@link GraphGen} (the graph is never held in memory). One instance per
 * thread: {@link #writeEdgesFragment} writes the edges array to a side file while
 * {@link #writeMain} (on another instance) writes the rest and splices the fragment in.
 */
final class DepsWriter {
    private static final SerializedString K_TASKS = JsonOut.key("tasks");
    private static final SerializedString K_TENSORS = JsonOut.key("tensors");
    private static final SerializedString K_EDGES = JsonOut.key("edges");
    private static final SerializedString K_TASK_ID = JsonOut.key("task_id");
    private static final SerializedString K_SCOPE = JsonOut.key("scope");
    private static final SerializedString K_KERNEL_IDS = JsonOut.key("kernel_ids");
    private static final SerializedString K_BLOCK_NUM = JsonOut.key("block_num");
    private static final SerializedString K_ARGS = JsonOut.key("args");
    private static final SerializedString K_IDX = JsonOut.key("idx");
    private static final SerializedString K_TYPE = JsonOut.key("type");
    private static final SerializedString K_TENSOR_ID = JsonOut.key("tensor_id");
    private static final SerializedString K_DTYPE = JsonOut.key("dtype");
    private static final SerializedString K_SHAPE = JsonOut.key("shape");
    private static final SerializedString K_START_OFFSET = JsonOut.key("start_offset");
    private static final SerializedString K_STRIDES = JsonOut.key("strides");
    private static final SerializedString K_BUFFER_ADDR = JsonOut.key("buffer_addr");
    private static final SerializedString K_VERSION = JsonOut.key("version");
    private static final SerializedString K_BUFFER_NUMEL = JsonOut.key("buffer_numel");
    private static final SerializedString K_PRED = JsonOut.key("pred");
    private static final SerializedString K_SUCC = JsonOut.key("succ");
    private static final SerializedString K_ARG = JsonOut.key("arg");
    private static final SerializedString K_SOURCE = JsonOut.key("source");
    private static final SerializedString K_FLAGS = JsonOut.key("flags");
    private static final SerializedString K_OVERLAP = JsonOut.key("overlap");
    private static final SerializedString K_HAZARD = JsonOut.key("hazard");
    private static final SerializedString K_ACCESS_KIND = JsonOut.key("access_kind");
    private static final SerializedString K_C_DTYPE = JsonOut.key("consumer_dtype");
    private static final SerializedString K_C_SHAPE = JsonOut.key("consumer_shape");
    private static final SerializedString K_C_OFFSET = JsonOut.key("consumer_start_offset");
    private static final SerializedString K_C_STRIDES = JsonOut.key("consumer_strides");
    private static final SerializedString K_P_SHAPE = JsonOut.key("producer_shape");
    private static final SerializedString K_P_OFFSET = JsonOut.key("producer_start_offset");
    private static final SerializedString K_P_STRIDES = JsonOut.key("producer_strides");

    private static final SerializedString V_AUTO = JsonOut.key("auto");
    private static final SerializedString V_MANUAL = JsonOut.key("manual");
    private static final SerializedString V_WAIT = JsonOut.key("wait");
    private static final SerializedString V_RETAIN = JsonOut.key("retain");
    private static final SerializedString[] V_SOURCES = {
        JsonOut.key("creator"), JsonOut.key("tensormap"), JsonOut.key("explicit")
    };
    private static final SerializedString[] V_OVERLAP = {null, JsonOut.key("covered"), JsonOut.key("other")};
    private static final SerializedString[] V_ARG_TYPES = new SerializedString[6];
    private static final SerializedString[] V_DTYPES = new SerializedString[5];
    private static final SerializedString[] V_HAZARDS = new SerializedString[4];
    private static final SerializedString[] V_ACCESS = new SerializedString[3];

    static {
        for (int i = 0; i < V_ARG_TYPES.length; i++) {
            V_ARG_TYPES[i] = JsonOut.key(GraphGen.ARG_NAMES[i]);
        }
        for (int i = 0; i < V_DTYPES.length; i++) {
            V_DTYPES[i] = JsonOut.key(GraphGen.DTYPE_NAMES[i]);
        }
        for (int i = 1; i < V_HAZARDS.length; i++) {
            V_HAZARDS[i] = JsonOut.key(GraphGen.HAZARD_NAMES[i]);
        }
        for (int i = 1; i < V_ACCESS.length; i++) {
            V_ACCESS[i] = JsonOut.key(GraphGen.ACCESS_NAMES[i]);
        }
    }

    private final SynthOptions o;
    private final boolean flags;
    private JsonOut jo;
    private JsonGenerator g;

    long tasksWritten;
    long tensorsWritten;
    long edgesWritten;

    DepsWriter(SynthOptions o) {
        this.o = o;
        this.flags = o.era() != io.ptotrace.model.Era.L2;
    }

    /**
     * Writes the {@code edges} array (the largest section) as a fragment file that
     * {@link #writeMain} splices in; run it concurrently with {@link #writeMain}.
     */
    void writeEdgesFragment(Path fragment) throws IOException {
        try (JsonOut out = JsonOut.fragment(fragment, 1)) {
            jo = out;
            g = out.gen;
            TaskSpec t = new TaskSpec();
            out.pp.multiline();
            g.writeStartArray();
            GraphGen gen = new GraphGen(o);
            for (int i = 0; i < o.tasks(); i++) {
                gen.next(t);
                for (int e = 0; e < t.nEdges; e++) {
                    edge(t, e);
                }
            }
            g.writeEndArray();
            out.commitFragment();
        }
    }

    /**
     * Writes {@code deps.json}: {@code tasks} and {@code tensors} are generated here, then the
     * {@code edges} fragment is spliced in once {@code edgesWrite} has finished writing it.
     */
    void writeMain(OutputFile.Pending file, Path edgesFragment, SecondThread<?> edgesWrite) throws IOException {
        try (JsonOut out = new JsonOut(file)) {
            jo = out;
            g = out.gen;
            JsonGenerator gg = out.gen;
            out.pp.multiline();
            gg.writeStartObject();
            if (o.streamsEra()) {
                gg.writeStringField("runtime", o.runtime());
            }
            TaskSpec t = new TaskSpec();

            gg.writeFieldName(K_TASKS);
            out.pp.multiline();
            gg.writeStartArray();
            GraphGen gen = new GraphGen(o);
            for (int i = 0; i < o.tasks(); i++) {
                gen.next(t);
                if (t.hasTaskEntry()) {
                    task(t);
                }
            }
            gg.writeEndArray();

            gg.writeFieldName(K_TENSORS);
            out.pp.multiline();
            gg.writeStartArray();
            gen = new GraphGen(o);
            for (int i = 0; i < o.tasks(); i++) {
                gen.next(t);
                for (int k = 0; k < t.nNew; k++) {
                    tensor(t, k);
                }
            }
            gg.writeEndArray();

            if (!edgesWrite.await()) {
                throw new IOException("the edges of " + file + " were not written");
            }
            gg.writeFieldName(K_EDGES);
            out.rawValueFromFile(edgesFragment);
            gg.writeEndObject();
            out.commit();
        }
    }

    private void task(TaskSpec t) throws IOException {
        g.writeStartObject();
        g.writeFieldName(K_TASK_ID);
        jo.u64String(t.taskId);
        g.writeFieldName(K_SCOPE);
        g.writeString(t.manualScope ? V_MANUAL : V_AUTO);
        g.writeFieldName(K_KERNEL_IDS);
        g.writeStartArray();
        g.writeNumber(t.k0);
        g.writeNumber(t.k1);
        g.writeNumber(t.k2);
        g.writeEndArray();
        g.writeFieldName(K_BLOCK_NUM);
        g.writeNumber(t.blockNum);
        g.writeFieldName(K_ARGS);
        g.writeStartArray();
        for (int a = 0; a < t.nArgs; a++) {
            g.writeStartObject();
            g.writeFieldName(K_IDX);
            g.writeNumber(a);
            g.writeFieldName(K_TYPE);
            g.writeString(V_ARG_TYPES[t.argType[a]]);
            if (t.argType[a] != GraphGen.A_OUTPUT) {
                g.writeFieldName(K_TENSOR_ID);
                jo.u64String(t.argTid[a]);
                g.writeFieldName(K_DTYPE);
                g.writeString(V_DTYPES[t.argDtype[a]]);
                geometry(K_SHAPE, K_START_OFFSET, K_STRIDES, t.argOff[a], t.argRows[a], t.argCols[a]);
            }
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
        tasksWritten++;
    }

    private void geometry(
            SerializedString kShape, SerializedString kOff, SerializedString kStrides, int off, int rows, int cols)
            throws IOException {
        g.writeFieldName(kShape);
        g.writeStartArray();
        g.writeNumber(rows);
        if (cols > 0) {
            g.writeNumber(cols);
        }
        g.writeEndArray();
        g.writeFieldName(kOff);
        jo.u64String(cols > 0 ? (long) off * cols : off);
        g.writeFieldName(kStrides);
        g.writeStartArray();
        if (cols > 0) {
            g.writeNumber(cols);
        }
        g.writeNumber(1);
        g.writeEndArray();
    }

    private void tensor(TaskSpec t, int k) throws IOException {
        g.writeStartObject();
        g.writeFieldName(K_TENSOR_ID);
        jo.u64String(t.newTid[k]);
        g.writeFieldName(K_BUFFER_ADDR);
        jo.u64String(t.newAddr[k]);
        g.writeFieldName(K_VERSION);
        g.writeNumber(t.newVer[k]);
        g.writeFieldName(K_DTYPE);
        g.writeString(V_DTYPES[t.newDtype[k]]);
        g.writeFieldName(K_BUFFER_NUMEL);
        jo.u64String(t.newNumel[k]);
        g.writeEndObject();
        tensorsWritten++;
    }

    private void edge(TaskSpec t, int e) throws IOException {
        byte src = t.eSrc[e];
        g.writeStartObject();
        g.writeFieldName(K_PRED);
        jo.u64String(t.ePredId[e]);
        g.writeFieldName(K_SUCC);
        jo.u64String(t.taskId);
        g.writeFieldName(K_ARG);
        g.writeNumber(t.eArg[e]);
        g.writeFieldName(K_SOURCE);
        g.writeString(V_SOURCES[src]);
        if (flags) {
            g.writeFieldName(K_FLAGS);
            g.writeStartArray();
            g.writeString(V_WAIT);
            if (src != GraphGen.S_TENSORMAP) {
                g.writeString(V_RETAIN);
            }
            g.writeEndArray();
        }
        if (src == GraphGen.S_TENSORMAP) {
            g.writeFieldName(K_OVERLAP);
            g.writeString(V_OVERLAP[t.eOverlap[e]]);
            if (o.hazardAnnotations()) {
                g.writeFieldName(K_HAZARD);
                g.writeString(V_HAZARDS[t.eHazard[e]]);
                g.writeFieldName(K_ACCESS_KIND);
                g.writeString(V_ACCESS[t.eAccess[e]]);
            }
        }
        if (src != GraphGen.S_EXPLICIT) {
            int a = t.eArg[e];
            g.writeFieldName(K_TENSOR_ID);
            jo.u64String(t.argTid[a]);
            g.writeFieldName(K_C_DTYPE);
            g.writeString(V_DTYPES[t.argDtype[a]]);
            geometry(K_C_SHAPE, K_C_OFFSET, K_C_STRIDES, t.argOff[a], t.argRows[a], t.argCols[a]);
            if (src == GraphGen.S_TENSORMAP) {
                geometry(K_P_SHAPE, K_P_OFFSET, K_P_STRIDES, t.eProdOff[e], t.eProdRows[e], t.argCols[a]);
            }
        }
        g.writeEndObject();
        edgesWritten++;
    }
}
