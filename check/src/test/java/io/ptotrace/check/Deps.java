package io.ptotrace.check;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.ptotrace.model.graph.TaskGraph;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A deps.json built in a test: tasks in submit order with their args, tensors, edges. */
final class Deps {
    private static final ObjectMapper JSON = new ObjectMapper();

    final List<Map<String, Object>> tasks = new ArrayList<>(), tensors = new ArrayList<>(), edges = new ArrayList<>();
    boolean withEdges = true;

    Deps tensor(long id, long addr, int version, String dtype, long numel) {
        Map<String, Object> t = new LinkedHashMap<>();
        t.put("tensor_id", Long.toUnsignedString(id));
        t.put("buffer_addr", Long.toUnsignedString(addr));
        t.put("version", version);
        t.put("dtype", dtype);
        t.put("buffer_numel", Long.toString(numel));
        tensors.add(t);
        return this;
    }

    /** A task; {@code args} from {@link #arg}. */
    @SafeVarargs
    final Deps task(long id, String scope, int kernel, Map<String, Object>... args) {
        Map<String, Object> t = new LinkedHashMap<>();
        t.put("task_id", Long.toUnsignedString(id));
        t.put("scope", scope);
        t.put("kernel_ids", List.of(-1, kernel, -1));
        t.put("block_num", 1);
        List<Map<String, Object>> a = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            Map<String, Object> m = new LinkedHashMap<>(args[i]);
            m.putIfAbsent("idx", i);
            a.add(m);
        }
        t.put("args", a);
        tasks.add(t);
        return this;
    }

    final Deps task(long id, Map<String, Object>... args) {
        return task(id, "auto", 1, args);
    }

    static Map<String, Object> arg(String type, long tensor, String dtype, long offset, long[] shape, long[] strides) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("type", type);
        m.put("tensor_id", Long.toUnsignedString(tensor));
        m.put("dtype", dtype);
        m.put("shape", shape);
        m.put("start_offset", Long.toString(offset));
        m.put("strides", strides);
        return m;
    }

    /** A contiguous 1-D slice of {@code n} elements from {@code offset}. */
    static Map<String, Object> arg(String type, long tensor, String dtype, long offset, long n) {
        return arg(type, tensor, dtype, offset, new long[] {n}, new long[] {1});
    }

    Deps edge(long pred, long succ) {
        return edge(pred, succ, -1, "explicit");
    }

    Deps edge(long pred, long succ, int arg, String source) {
        Map<String, Object> e = new LinkedHashMap<>();
        e.put("pred", Long.toUnsignedString(pred));
        e.put("succ", Long.toUnsignedString(succ));
        e.put("arg", arg);
        e.put("source", source);
        edges.add(e);
        return this;
    }

    Map<String, Object> lastEdge() {
        return edges.get(edges.size() - 1);
    }

    String json() {
        Map<String, Object> top = new LinkedHashMap<>();
        top.put("tasks", tasks);
        top.put("tensors", tensors);
        if (withEdges) top.put("edges", edges);
        try {
            return JSON.writeValueAsString(top);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    Path write(Path dir) {
        try {
            Path f = Files.createTempFile(dir, "deps", ".json");
            Files.writeString(f, json());
            return f;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    TaskGraph graph(Path dir, List<String> warnings) {
        return CheckJob.read(write(dir), warnings::add);
    }

    HazardCheck.Result check(Path dir, List<String> warnings) {
        return HazardCheck.run(graph(dir, warnings), null, null, warnings::add);
    }
}
