package io.ptotrace.diff;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.ptotrace.model.TaskIds;
import io.ptotrace.model.TensorIds;
import io.ptotrace.model.deps.DepsArg;
import io.ptotrace.model.deps.DepsEdge;
import io.ptotrace.model.deps.DepsReader;
import io.ptotrace.model.deps.DepsTask;
import io.ptotrace.model.deps.DepsTensor;
import io.ptotrace.model.deps.DepsVisitor;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** A deps.json held as plain objects, for building fixtures and applying known mutations (tests and bench). */
final class FixtureGraph {
    static final class Arg {
        Integer idx;
        String type;
        Long tensorId;
        String dtype;
        long[] shape;
        Long offset;
        long[] strides;

        Arg copy() {
            Arg a = new Arg();
            a.idx = idx;
            a.type = type;
            a.tensorId = tensorId;
            a.dtype = dtype;
            a.shape = shape == null ? null : shape.clone();
            a.offset = offset;
            a.strides = strides == null ? null : strides.clone();
            return a;
        }
    }

    static final class Task {
        long id;
        String scope = "auto";
        int[] kernels = {-1, -1, -1};
        int blockNum = 1;
        Boolean early;
        List<Arg> args = new ArrayList<>();

        Task copy() {
            Task t = new Task();
            t.id = id;
            t.scope = scope;
            t.kernels = kernels.clone();
            t.blockNum = blockNum;
            t.early = early;
            for (Arg a : args) t.args.add(a.copy());
            return t;
        }
    }

    static final class Tensor {
        long id;
        long addr;
        int version;
        String dtype;
        long numel;

        Tensor copy() {
            Tensor t = new Tensor();
            t.id = id;
            t.addr = addr;
            t.version = version;
            t.dtype = dtype;
            t.numel = numel;
            return t;
        }
    }

    static final class Edge {
        long pred, succ;
        Integer arg;
        String source;
        List<String> flags;
        String overlap, hazard, accessKind;
        Long tensorId;
        String cDtype;
        long[] cShape, cStrides, pShape, pStrides;
        Long cOff, pOff;

        Edge copy() {
            Edge e = new Edge();
            e.pred = pred;
            e.succ = succ;
            e.arg = arg;
            e.source = source;
            e.flags = flags == null ? null : new ArrayList<>(flags);
            e.overlap = overlap;
            e.hazard = hazard;
            e.accessKind = accessKind;
            e.tensorId = tensorId;
            e.cDtype = cDtype;
            e.cShape = cShape;
            e.cStrides = cStrides;
            e.pShape = pShape;
            e.pStrides = pStrides;
            e.cOff = cOff;
            e.pOff = pOff;
            return e;
        }
    }

    final List<Task> tasks = new ArrayList<>();
    final List<Tensor> tensors = new ArrayList<>();
    final List<Edge> edges = new ArrayList<>();

    FixtureGraph copy() {
        FixtureGraph g = new FixtureGraph();
        for (Task t : tasks) g.tasks.add(t.copy());
        for (Tensor t : tensors) g.tensors.add(t.copy());
        for (Edge e : edges) g.edges.add(e.copy());
        return g;
    }

    // ------------------------------------------------------------------ read / write

    static FixtureGraph read(Path file) {
        FixtureGraph g = new FixtureGraph();
        DepsReader.read(file, DepsReader.Detail.FULL, new DepsVisitor() {
            @Override
            public void task(DepsTask t) {
                Task x = new Task();
                x.id = t.id;
                x.scope = t.scope;
                x.kernels = t.kernelIds == null ? new int[] {-1, -1, -1} : t.kernelIds.clone();
                x.blockNum = t.blockNum();
                x.early = t.earlyDispatch;
                for (DepsArg a : t.args) {
                    Arg y = new Arg();
                    y.idx = a.idx;
                    y.type = a.type;
                    y.tensorId = a.tensorIdOk ? a.tensorId : null;
                    y.dtype = a.dtype;
                    y.shape = a.shape;
                    y.offset = a.startOffsetOk ? a.startOffset : null;
                    y.strides = a.strides;
                    x.args.add(y);
                }
                g.tasks.add(x);
            }

            @Override
            public void tensor(DepsTensor t) {
                Tensor x = new Tensor();
                x.id = t.id;
                x.addr = t.bufferAddr;
                x.version = t.version == null ? 0 : Math.toIntExact(t.version);
                x.dtype = t.dtype;
                x.numel = t.bufferNumel;
                g.tensors.add(x);
            }

            @Override
            public void edge(DepsEdge e) {
                Edge x = new Edge();
                x.pred = e.pred;
                x.succ = e.succ;
                x.arg = e.arg;
                x.source = e.source;
                x.flags = e.flags;
                x.overlap = e.overlap;
                x.hazard = e.hazard;
                x.accessKind = e.accessKind;
                x.tensorId = e.tensorIdOk ? e.tensorId : null;
                x.cDtype = e.consumerDtype;
                x.cShape = e.consumerShape;
                x.cStrides = e.consumerStrides;
                x.cOff = e.consumerStartOffsetOk ? e.consumerStartOffset : null;
                x.pShape = e.producerShape;
                x.pStrides = e.producerStrides;
                x.pOff = e.producerStartOffsetOk ? e.producerStartOffset : null;
                g.edges.add(x);
            }
        });
        return g;
    }

    private static void u64(JsonGenerator j, String k, long v) throws IOException {
        j.writeStringField(k, Long.toUnsignedString(v));
    }

    private static void arr(JsonGenerator j, String k, long[] v) throws IOException {
        if (v == null) return;
        j.writeArrayFieldStart(k);
        for (long x : v) j.writeNumber(x);
        j.writeEndArray();
    }

    private static void str(JsonGenerator j, String k, String v) throws IOException {
        if (v != null) j.writeStringField(k, v);
    }

    /** Writes deps.json (u64 members as decimal strings, one entry per line). */
    void write(Path file) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        try (OutputStream os = new java.io.BufferedOutputStream(Files.newOutputStream(file), 1 << 16);
                JsonGenerator j = new JsonFactory().createGenerator(os)) {
            j.writeStartObject();
            j.writeArrayFieldStart("tasks");
            for (Task t : tasks) {
                j.writeRaw("\n");
                j.writeStartObject();
                u64(j, "task_id", t.id);
                str(j, "scope", t.scope);
                if (t.early != null) j.writeBooleanField("early_dispatch", t.early);
                j.writeArrayFieldStart("kernel_ids");
                for (int k : t.kernels) j.writeNumber(k);
                j.writeEndArray();
                j.writeNumberField("block_num", t.blockNum);
                j.writeArrayFieldStart("args");
                for (Arg a : t.args) {
                    j.writeStartObject();
                    if (a.idx != null) j.writeNumberField("idx", a.idx);
                    str(j, "type", a.type);
                    if (a.tensorId != null) u64(j, "tensor_id", a.tensorId);
                    str(j, "dtype", a.dtype);
                    arr(j, "shape", a.shape);
                    if (a.offset != null) u64(j, "start_offset", a.offset);
                    arr(j, "strides", a.strides);
                    j.writeEndObject();
                }
                j.writeEndArray();
                j.writeEndObject();
            }
            j.writeEndArray();
            j.writeArrayFieldStart("tensors");
            for (Tensor t : tensors) {
                j.writeRaw("\n");
                j.writeStartObject();
                u64(j, "tensor_id", t.id);
                u64(j, "buffer_addr", t.addr);
                j.writeNumberField("version", t.version);
                str(j, "dtype", t.dtype);
                u64(j, "buffer_numel", t.numel);
                j.writeEndObject();
            }
            j.writeEndArray();
            j.writeArrayFieldStart("edges");
            for (Edge e : edges) {
                j.writeRaw("\n");
                j.writeStartObject();
                u64(j, "pred", e.pred);
                u64(j, "succ", e.succ);
                if (e.arg != null) j.writeNumberField("arg", e.arg);
                str(j, "source", e.source);
                if (e.flags != null) {
                    j.writeArrayFieldStart("flags");
                    for (String f : e.flags) j.writeString(f);
                    j.writeEndArray();
                }
                str(j, "overlap", e.overlap);
                str(j, "hazard", e.hazard);
                str(j, "access_kind", e.accessKind);
                if (e.tensorId != null) u64(j, "tensor_id", e.tensorId);
                str(j, "consumer_dtype", e.cDtype);
                arr(j, "consumer_shape", e.cShape);
                if (e.cOff != null) u64(j, "consumer_start_offset", e.cOff);
                arr(j, "consumer_strides", e.cStrides);
                arr(j, "producer_shape", e.pShape);
                if (e.pOff != null) u64(j, "producer_start_offset", e.pOff);
                arr(j, "producer_strides", e.pStrides);
                j.writeEndObject();
            }
            j.writeEndArray();
            j.writeEndObject();
        }
    }

    // ------------------------------------------------------------------ mutations

    /**
     * Inserts {@code t} as a new submit on ring {@code ring} at local id {@code local}: every id of
     * that ring with a local id ≥ {@code local} (tasks and edge endpoints, alloc tasks included)
     * moves up by one, as when the orchestration gains one submit_task call.
     */
    void insertTask(int ring, long local, Task t) {
        for (Task x : tasks) x.id = shifted(x.id, ring, local);
        for (Edge e : edges) {
            e.pred = shifted(e.pred, ring, local);
            e.succ = shifted(e.succ, ring, local);
        }
        t.id = TaskIds.make(ring, local);
        int pos = 0;
        while (pos < tasks.size() && Long.compareUnsigned(tasks.get(pos).id, t.id) < 0) pos++;
        tasks.add(pos, t);
    }

    private static long shifted(long id, int ring, long local) {
        return TaskIds.ring(id) == ring && TaskIds.local(id) >= local ? id + 1 : id;
    }

    /** Moves every buffer by {@code delta} bytes; tensor ids follow (FNV-1a of the new address). */
    void shiftAddresses(long delta) {
        Map<Long, Long> ids = new HashMap<>();
        for (Tensor t : tensors) {
            t.addr += delta;
            long id = TensorIds.fnv1a(t.addr, t.version);
            ids.put(t.id, id);
            t.id = id;
        }
        for (Task t : tasks)
            for (Arg a : t.args) if (a.tensorId != null) a.tensorId = ids.getOrDefault(a.tensorId, a.tensorId);
        for (Edge e : edges) if (e.tensorId != null) e.tensorId = ids.getOrDefault(e.tensorId, e.tensorId);
    }

    /** Removes the {@code flags} member from every edge (an older-era file). */
    void stripFlags() {
        for (Edge e : edges) e.flags = null;
    }

    Task task(long id) {
        for (Task t : tasks) if (t.id == id) return t;
        throw new IllegalArgumentException("no task " + id);
    }

    Tensor tensor(long id) {
        for (Tensor t : tensors) if (t.id == id) return t;
        return null;
    }

    // ------------------------------------------------------------------ a small hand-made graph

    static Arg arg(int idx, String type, Long tensor, String dtype, long[] shape, long offset, long[] strides) {
        Arg a = new Arg();
        a.idx = idx;
        a.type = type;
        a.tensorId = tensor;
        a.dtype = dtype;
        a.shape = shape;
        a.offset = offset;
        a.strides = strides;
        return a;
    }

    static Tensor tensorOf(long addr, int version, String dtype, long numel) {
        Tensor t = new Tensor();
        t.addr = addr;
        t.version = version;
        t.dtype = dtype;
        t.numel = numel;
        t.id = TensorIds.fnv1a(addr, version);
        return t;
    }

    static Edge edge(long pred, long succ, int arg, String source, long tensor, long[] shape, boolean flags) {
        Edge e = new Edge();
        e.pred = pred;
        e.succ = succ;
        e.arg = arg;
        e.source = source;
        e.tensorId = tensor;
        e.cDtype = "FLOAT32";
        e.cShape = shape;
        e.cOff = 0L;
        e.cStrides = new long[] {1};
        if (source.equals("tensormap")) {
            e.overlap = "covered";
            e.hazard = "RAW";
            e.accessKind = "WRITER";
            e.pShape = shape;
            e.pOff = 0L;
            e.pStrides = new long[] {1};
        }
        if (flags) e.flags = source.equals("tensormap") ? List.of("wait") : List.of("wait", "retain");
        return e;
    }
}
