package io.ptotrace.model.deps;

import static org.assertj.core.api.Assertions.assertThat;

import io.ptotrace.model.TestFiles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The reader expects the runtime's member order (MemberOrder) but must read any order the same way. */
class DepsReaderMemberOrderTest {
    @TempDir
    Path dir;

    private static final List<String> TASK = List.of(
            "\"task_id\": \"7\"",
            "\"scope\": \"manual\"",
            "\"kernel_ids\": [1, -1, 3]",
            "\"block_num\": 4",
            "\"early_dispatch\": true",
            "\"args\": [{\"idx\": 0, \"type\": \"INPUT\", \"tensor_id\": \"14419249432455074311\", \"dtype\": \"BFLOAT16\","
                    + " \"shape\": [128, 64], \"start_offset\": \"2048\", \"strides\": [64, 1]}, {\"type\": \"OUTPUT\", \"idx\": 1}]");
    private static final List<String> TENSOR = List.of(
            "\"tensor_id\": \"5\"",
            "\"buffer_addr\": \"4096\"",
            "\"version\": 2",
            "\"dtype\": \"FLOAT32\"",
            "\"buffer_numel\": \"1024\"");
    private static final List<String> EDGE = List.of(
            "\"pred\": \"1\"",
            "\"succ\": \"4294967298\"",
            "\"arg\": 2",
            "\"source\": \"tensormap\"",
            "\"flags\": [\"wait\", \"retain\"]",
            "\"overlap\": \"covered\"",
            "\"hazard\": \"WAR\"",
            "\"access_kind\": \"READER\"",
            "\"tensor_id\": \"13451765318376212391\"",
            "\"consumer_dtype\": \"FLOAT32\"",
            "\"consumer_shape\": [16, 64]",
            "\"consumer_start_offset\": \"6144\"",
            "\"consumer_strides\": [64, 1]",
            "\"producer_shape\": [64, 64]",
            "\"producer_start_offset\": \"0\"",
            "\"producer_strides\": [64, 1]");

    private static String object(List<String> members) {
        return "{" + String.join(", ", members) + "}";
    }

    private String readAll(String json) {
        List<String> seen = new ArrayList<>();
        DepsReader.read(
                TestFiles.write(dir, "deps" + seen.hashCode() + System.nanoTime() + ".json", json),
                DepsReader.Detail.FULL,
                new DepsVisitor() {
                    @Override
                    public void task(DepsTask t) {
                        StringBuilder b =
                                new StringBuilder("task " + t.id + " " + t.scope + " " + Arrays.toString(t.kernelIds)
                                        + " " + t.blockNumRaw + " " + t.earlyDispatch + " " + t.argsListed);
                        for (DepsArg a : t.args)
                            b.append(" arg ")
                                    .append(a.idx)
                                    .append(a.type)
                                    .append(a.tensorIdOk)
                                    .append(a.tensorId)
                                    .append(a.dtype)
                                    .append(Arrays.toString(a.shape))
                                    .append(a.startOffsetOk)
                                    .append(a.startOffset)
                                    .append(Arrays.toString(a.strides));
                        seen.add(b.toString());
                    }

                    @Override
                    public void tensor(DepsTensor t) {
                        seen.add("tensor " + t.id + " " + t.bufferAddr + " " + t.version + " " + t.dtype + " "
                                + t.bufferNumel);
                    }

                    @Override
                    public void edge(DepsEdge e) {
                        seen.add("edge " + e.endpointsOk + " " + e.pred + " " + e.succ + " " + e.arg + " " + e.source
                                + " " + e.flags + " "
                                + e.overlap + " " + e.hazard + " " + e.accessKind + " " + e.tensorIdOk + e.tensorId
                                + " " + e.consumerDtype
                                + Arrays.toString(e.consumerShape) + e.consumerStartOffset
                                + Arrays.toString(e.consumerStrides)
                                + Arrays.toString(e.producerShape) + e.producerStartOffset
                                + Arrays.toString(e.producerStrides));
                    }
                });
        return String.join("\n", seen);
    }

    private static String file(List<String> task, List<String> tensor, List<String> edge) {
        return "{\"tasks\": [" + object(task) + ", " + object(task) + "], \"tensors\": [" + object(tensor)
                + "], \"edges\": [" + object(edge) + ", " + object(edge) + "]}";
    }

    @Test
    void anyMemberOrderReadsLikeTheRuntimeOrder() {
        String expected = readAll(file(TASK, TENSOR, EDGE));
        assertThat(expected)
                .contains(
                        "task 7 manual [1, -1, 3] 4 true true arg 0INPUTtrue-4027494641254477305BFLOAT16[128, 64]true2048[64, 1]")
                .contains(
                        "edge true 1 4294967298 2 tensormap [wait, retain] covered WAR READER true-4994978755333339225 FLOAT32[16, 64]6144");
        Random rnd = new Random(11);
        for (int round = 0; round < 20; round++) {
            List<String> t = new ArrayList<>(TASK), r = new ArrayList<>(TENSOR), e = new ArrayList<>(EDGE);
            Collections.shuffle(t, rnd);
            Collections.shuffle(r, rnd);
            Collections.shuffle(e, rnd);
            assertThat(readAll(file(t, r, e))).as("round " + round).isEqualTo(expected);
        }
    }

    @Test
    void unknownAndMissingMembersDoNotDisturbTheOthers() {
        String expected = readAll(file(TASK, TENSOR, EDGE));
        List<String> e = new ArrayList<>(EDGE);
        e.add(3, "\"new_member\": {\"pred\": \"9\", \"x\": [1, 2]}");
        e.add(0, "\"zzz\": null");
        List<String> t = new ArrayList<>(TASK);
        t.add(1, "\"extra\": [\"task_id\"]");
        assertThat(readAll(file(t, TENSOR, e))).isEqualTo(expected);

        List<String> sparse = new ArrayList<>(EDGE);
        sparse.remove(4); // flags
        sparse.remove(2); // arg
        assertThat(readAll(file(TASK, TENSOR, sparse)))
                .contains("edge true 1 4294967298 null tensormap null covered WAR");
    }
}
