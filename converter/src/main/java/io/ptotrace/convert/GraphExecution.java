package io.ptotrace.convert;

import io.ptotrace.convert.picture.ArgSink;
import io.ptotrace.convert.picture.SliceKind;
import io.ptotrace.model.PhaseTable;
import io.ptotrace.model.TaskRuntime;
import io.ptotrace.model.Timeline;
import io.ptotrace.model.util.IntList;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Graph executions: an outer task whose {@code graph_prepare} records and ring-1 node tasks (synthetic ids
 * {@code (outer << 10) | node}) span one instance, drawn as one slice from the first prepare to the last node's
 * end, on greedy lanes of the Graph Execution process. The ref of a slice is its instance.
 */
final class GraphExecution extends SliceKind {
    /** One instance, in lane order. */
    static final class Instance {
        final long outer;
        final int nodeCount;
        final long minNode, maxNode;
        final int prepareCount;
        final double prepareDur, exStart, exEnd, prepareStart;
        /** The run of a streams-era instance, or null. */
        Long runEpoch;

        int lane;

        Instance(
                long outer,
                int nodeCount,
                long minNode,
                long maxNode,
                int prepareCount,
                double prepareDur,
                double exStart,
                double exEnd,
                double prepareStart) {
            this.outer = outer;
            this.nodeCount = nodeCount;
            this.minNode = minNode;
            this.maxNode = maxNode;
            this.prepareCount = prepareCount;
            this.prepareDur = prepareDur;
            this.exStart = exStart;
            this.exEnd = exEnd;
            this.prepareStart = prepareStart;
        }
    }

    final List<Instance> instances;
    /** Lanes in use, ascending. */
    final TreeSet<Integer> lanes = new TreeSet<>();

    private final Timeline tl;
    /** Sub-tasks with ids of their own (host_build_graph), not ring-1 nodes. */
    private final boolean subTasks;

    private GraphExecution(Timeline tl, List<Instance> instances) {
        super("graph_execution");
        this.tl = tl;
        this.instances = instances;
        this.subTasks = tl.streams != null;
    }

    @Override
    public String name(int ref) {
        Instance in = instances.get(ref);
        return "GraphExecution(" + tl.label(in.outer) + ", " + in.nodeCount
                + (subTasks ? " visible sub-tasks)" : " visible nodes)");
    }

    @Override
    public String color(int ref) {
        return "rail_animation";
    }

    @Override
    public void args(int ref, ArgSink a) {
        Instance in = instances.get(ref);
        if (subTasks) {
            a.u64("outer_task_id", in.outer);
            a.i64("visible_sub_task_count", in.nodeCount);
            a.i64("visible_sub_task_local_id_min", in.minNode);
            a.i64("visible_sub_task_local_id_max", in.maxNode);
            a.i64("prepare_slice_count", in.prepareCount);
            a.dbl("prepare_duration_us", in.prepareDur);
            a.dbl("execution_start_us", in.exStart);
            a.dbl("execution_duration_us", in.exEnd - in.exStart);
            a.str("synthetic_id_layout", "space1:(outer_task_id << 32) | sub_task_local_id");
            if (in.runEpoch != null) a.i64("run_epoch", in.runEpoch);
            return;
        }
        a.u64("outer_task_id", in.outer);
        a.i64("visible_node_count", in.nodeCount);
        a.i64("visible_node_index_min", in.minNode);
        a.i64("visible_node_index_max", in.maxNode);
        a.i64("prepare_slice_count", in.prepareCount);
        a.dbl("prepare_duration_us", in.prepareDur);
        a.dbl("execution_start_us", in.exStart);
        a.dbl("execution_duration_us", in.exEnd - in.exStart);
        a.str("synthetic_id_layout", "ring1:(outer_task_id << 10) | node_index");
    }

    /**
     * The name says the outer task and node count; the execution ends where the slice ends; the id layout is
     * the same for every instance.
     */
    @Override
    public void leanArgs(int ref, ArgSink a) {
        Instance in = instances.get(ref);
        a.i64(subTasks ? "visible_sub_task_local_id_min" : "visible_node_index_min", in.minNode);
        a.i64(subTasks ? "visible_sub_task_local_id_max" : "visible_node_index_max", in.maxNode);
        a.i64("prepare_slice_count", in.prepareCount);
        a.dbl("prepare_duration_us", in.prepareDur);
        a.dbl("execution_start_us", in.exStart);
    }

    /** The graph executions of a run, or null when it has none. */
    static GraphExecution of(Timeline tl) {
        List<PhaseTable.Lane> sched = tl.schedulerPhases;
        if (sched == null) return null;
        if (tl.streams != null) return tl.streams.runtime.hasGraphExecutions() ? ofSubTasks(tl) : null;
        PhaseTable pt = tl.phases;
        LinkedHashMap<Long, IntList> prepares = new LinkedHashMap<>(); // outer task → graph_prepare records
        Map<Long, IntList> dummies = new HashMap<>(); // outer task → dummy_task records of its nodes
        for (PhaseTable.Lane lane : sched)
            for (int r = lane.from; r < lane.to; r++) {
                String phase = pt.kind(r);
                if (!pt.taskIdOk(r)) continue;
                long id = pt.taskId(r);
                if ("graph_prepare".equals(phase) && (id >>> 32) == 0)
                    prepares.computeIfAbsent(id, k -> new IntList()).add(r);
                if ("dummy_task".equals(phase) && isGraphNode(id))
                    dummies.computeIfAbsent(outer(id), k -> new IntList()).add(r);
            }
        if (prepares.isEmpty()) return null;
        Map<Long, IntList> nodeRows = new HashMap<>();
        for (int r = 0; r < tl.rows; r++)
            if (isGraphNode(tl.taskId[r]))
                nodeRows.computeIfAbsent(outer(tl.taskId[r]), k -> new IntList())
                        .add(r);
        List<Instance> inst = new ArrayList<>();
        IntList none = new IntList();
        for (Map.Entry<Long, IntList> e : prepares.entrySet()) {
            long outer = e.getKey();
            IntList rowsOf = nodeRows.get(outer);
            IntList dums = dummies.getOrDefault(outer, none);
            if ((rowsOf == null || rowsOf.size() == 0) && dums.size() == 0) continue;
            TreeSet<Long> nodes = new TreeSet<>();
            double exStart = Double.POSITIVE_INFINITY, exEnd = Double.NEGATIVE_INFINITY;
            if (rowsOf != null)
                for (int i = 0; i < rowsOf.size(); i++) {
                    int r = rowsOf.get(i);
                    nodes.add(tl.taskId[r] & 0x3FF);
                    double st = tl.aicpuJoined && tl.dispatch[r] >= 0 ? tl.dispatch[r] : tl.receive[r];
                    exStart = Math.min(exStart, st);
                    exEnd = Math.max(exEnd, tl.finish[r] > 0 ? tl.finish[r] : tl.end[r]);
                }
            for (int i = 0; i < dums.size(); i++) {
                int d = dums.get(i);
                nodes.add(pt.taskId(d) & 0x3FF);
                exStart = Math.min(exStart, pt.startUs(d));
                exEnd = Math.max(exEnd, pt.endUs(d));
            }
            double pStart = Double.POSITIVE_INFINITY, pDur = 0.0;
            IntList preps = e.getValue();
            for (int i = 0; i < preps.size(); i++) {
                int p = preps.get(i);
                pStart = Math.min(pStart, pt.startUs(p));
                pDur += pt.endUs(p) - pt.startUs(p);
            }
            inst.add(new Instance(
                    outer, nodes.size(), nodes.first(), nodes.last(), preps.size(), pDur, exStart, exEnd, pStart));
        }
        return laidOut(tl, inst);
    }

    /**
     * Graph executions of a host_build_graph capture: an outer task's graph_prepare records (grouped by run) and
     * the task rows of its sub-tasks (id space SUB_TASK, parent = the outer task, same run).
     */
    private static GraphExecution ofSubTasks(Timeline tl) {
        PhaseTable pt = tl.phases;
        LinkedHashMap<List<Long>, IntList> prepares = new LinkedHashMap<>(); // (run, outer) → graph_prepare records
        for (PhaseTable.Lane lane : tl.schedulerPhases)
            for (int r = lane.from; r < lane.to; r++) {
                if (!pt.taskIdOk(r) || !"graph_prepare".equals(pt.kind(r))) continue;
                long id = pt.taskId(r);
                if ((id >>> 32) != 0) continue;
                Long epoch = pt.hasRunEpoch(r) ? pt.runEpoch(r) : null;
                prepares.computeIfAbsent(java.util.Arrays.asList(epoch, id), k -> new IntList())
                        .add(r);
            }
        if (prepares.isEmpty()) return null;
        Map<List<Long>, IntList> subRows = new HashMap<>();
        for (int r = 0; r < tl.rows; r++) {
            long id = tl.taskId[r];
            if (TaskRuntime.space(id) != TaskRuntime.SPACE_SUB_TASK) continue;
            subRows.computeIfAbsent(
                            java.util.Arrays.asList(tl.streams.runEpoch[r], TaskRuntime.parent(id)), k -> new IntList())
                    .add(r);
        }
        List<Instance> inst = new ArrayList<>();
        for (Map.Entry<List<Long>, IntList> e : prepares.entrySet()) {
            IntList rowsOf = subRows.get(e.getKey());
            if (rowsOf == null || rowsOf.size() == 0) continue;
            TreeSet<Long> locals = new TreeSet<>();
            double exStart = Double.POSITIVE_INFINITY, exEnd = Double.NEGATIVE_INFINITY;
            for (int i = 0; i < rowsOf.size(); i++) {
                int r = rowsOf.get(i);
                locals.add(tl.taskId[r] & 0xFFFFFFFFL);
                double st = tl.aicpuJoined && tl.dispatch[r] >= 0 ? tl.dispatch[r] : tl.receive[r];
                exStart = Math.min(exStart, st);
                exEnd = Math.max(exEnd, tl.finish[r] > 0 ? tl.finish[r] : tl.end[r]);
            }
            double pStart = Double.POSITIVE_INFINITY, pDur = 0.0;
            IntList preps = e.getValue();
            for (int i = 0; i < preps.size(); i++) {
                int p = preps.get(i);
                pStart = Math.min(pStart, pt.startUs(p));
                pDur += pt.endUs(p) - pt.startUs(p);
            }
            Instance in = new Instance(
                    e.getKey().get(1),
                    locals.size(),
                    locals.first(),
                    locals.last(),
                    preps.size(),
                    pDur,
                    exStart,
                    exEnd,
                    pStart);
            in.runEpoch = e.getKey().get(0);
            inst.add(in);
        }
        return laidOut(tl, inst);
    }

    private static GraphExecution laidOut(Timeline tl, List<Instance> inst) {
        if (inst.isEmpty()) return null;
        inst.sort((a, b) -> Double.compare(a.prepareStart, b.prepareStart));
        GraphExecution g = new GraphExecution(tl, inst);
        List<Double> laneFinish = new ArrayList<>();
        for (Instance in : inst) {
            int lane = -1;
            for (int l = 0; l < laneFinish.size(); l++)
                if (laneFinish.get(l) <= in.prepareStart) {
                    lane = l;
                    break;
                }
            if (lane < 0) {
                laneFinish.add(0.0);
                lane = laneFinish.size() - 1;
            }
            laneFinish.set(lane, in.exEnd);
            in.lane = lane;
            g.lanes.add(lane);
        }
        return g;
    }

    private static boolean isGraphNode(long id) {
        return ((id >>> 32) & 0xFFFFFFFFL) == 1;
    }

    private static long outer(long id) {
        return (id & 0xFFFFFFFFL) >>> 10;
    }
}
