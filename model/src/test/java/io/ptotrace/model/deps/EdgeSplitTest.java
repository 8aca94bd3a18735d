package io.ptotrace.model.deps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.ptotrace.model.InputProblem;
import io.ptotrace.model.TestFiles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading the edges in two halves must give exactly what one parser gives, whatever the file looks like. */
class EdgeSplitTest {
    @TempDir
    Path dir;

    /** Every edge the visitor sees, in order, with its index. */
    private static final class Seen implements DepsVisitor {
        final List<String> edges = new ArrayList<>();
        int tasks;

        @Override public void task(DepsTask t) { tasks++; }

        @Override public void edge(DepsEdge e) { edges.add(e.index + ":" + e.endpointsOk + ":" + e.pred + ">" + e.succ); }
    }

    private static String edge(Random rnd, int i) {
        return "{\"pred\": \"" + (i / 3) + "\", \"succ\": \"" + (i / 3 + 1 + rnd.nextInt(9)) + "\", \"arg\": " + rnd.nextInt(8)
            + ", \"source\": \"tensormap\", \"tensor_id\": \"" + Long.toUnsignedString(rnd.nextLong())
            + "\", \"consumer_shape\": [" + rnd.nextInt(512) + ", 64], \"consumer_strides\": [64, 1]}";
    }

    /** A deps.json as the runtime writes it: one entry per line; {@code between} is written between entries. */
    private static String runtimeStyle(int edges, long seed, String lastSection, java.util.function.IntFunction<String> between) {
        Random rnd = new Random(seed);
        StringBuilder b = new StringBuilder("{\n  \"tasks\": [\n");
        for (int t = 0; t < 200; t++) b.append("    {\"task_id\": \"").append(t).append("\", \"kernel_ids\": [1, -1, -1], \"block_num\": 1}")
            .append(t < 199 ? ",\n" : "\n");
        b.append("  ],\n  \"edges\": [\n");
        for (int i = 0; i < edges; i++) {
            b.append("    ").append(between.apply(i)).append(edge(rnd, i)).append(i < edges - 1 ? ",\n" : "\n");
        }
        b.append("  ]").append(lastSection).append("\n}\n");
        return b.toString();
    }

    private Seen oneThread(Path f) {
        Seen s = new Seen();
        DepsReader.read(f, DepsReader.Detail.PROJECTION, s);
        return s;
    }

    private DepsReader.Halves halves(Path f, Seen s) { return DepsReader.readInHalves(f, s, 0); }

    @Test
    void runtimeFilesAreReadInTwoHalvesWithTheSameResult() {
        Path f = TestFiles.write(dir, "deps.json", runtimeStyle(40_000, 1, "", i -> ""));
        Seen expected = oneThread(f), got = new Seen();
        assertThat(halves(f, got)).isEqualTo(DepsReader.Halves.SPLIT);
        assertThat(got.edges).hasSize(40_000).isEqualTo(expected.edges);
        assertThat(got.tasks).isEqualTo(200);
    }

    @Test
    void oddEntriesInTheSecondHalfFallBackToOneParser() {
        // non-object entries are skipped by the reader; the helper refuses them and the main parser reads all
        Path f = TestFiles.write(dir, "deps.json", runtimeStyle(40_000, 2, "", i -> i == 35_000 ? "7, null, " : ""));
        Seen expected = oneThread(f), got = new Seen();
        assertThat(halves(f, got)).isEqualTo(DepsReader.Halves.ONE_THREAD);
        assertThat(got.edges).isEqualTo(expected.edges);
    }

    @Test
    void aCutPointOutsideTheEdgesIsNeverTrusted() {
        // a long section after the edges: the middle of "what is left" lands in it
        StringBuilder tail = new StringBuilder(",\n  \"tensors\": [\n");
        for (int i = 0; i < 60_000; i++) tail.append("    {\"tensor_id\": \"").append(i).append("\", \"pred\": \"9\", \"succ\": \"9\"}").append(i < 59_999 ? ",\n" : "\n");
        tail.append("  ]");
        Path f = TestFiles.write(dir, "deps.json", runtimeStyle(3_000, 3, tail.toString(), i -> ""));
        Seen expected = oneThread(f), got = new Seen();
        DepsReader.Halves how = halves(f, got);
        assertThat(how).isIn(DepsReader.Halves.ONE_THREAD, DepsReader.Halves.MISMATCH);
        if (how == DepsReader.Halves.ONE_THREAD) assertThat(got.edges).isEqualTo(expected.edges);
        DepsProjection sequential = new DepsProjection();
        DepsReader.read(f, DepsReader.Detail.PROJECTION, sequential);
        sequential.finish();
        assertThat(DepsProjectionTest.adjacency(DepsProjection.read(f))).isEqualTo(DepsProjectionTest.adjacency(sequential));
    }

    @Test
    void entriesSpreadOverLinesStillReadTheSame() {
        // pretty-printed with one member per line: "},\n {" appears only between entries of nested arrays, if at all
        String compact = runtimeStyle(30_000, 4, "", i -> "");
        String spread = compact.replace(", \"", ",\n      \"").replace("[64, 1]}", "[\n        64,\n        1\n      ]\n    }");
        Path f = TestFiles.write(dir, "deps.json", spread);
        Seen expected = oneThread(f), got = new Seen();
        DepsReader.Halves how = halves(f, got);
        assertThat(how).isNotEqualTo(DepsReader.Halves.MISMATCH);
        assertThat(got.edges).isEqualTo(expected.edges);
    }

    @Test
    void aBadFileAfterTheCutIsReportedWhereItIsBad() {
        String text = runtimeStyle(40_000, 5, "", i -> "");
        // the edges array is whole (the helper succeeds) but the file ends without its closing brace
        Path f = TestFiles.write(dir, "deps.json", text.substring(0, text.length() - 2) + ",");
        InputProblem one = catchThrowableOfType(() -> oneThread(f), InputProblem.class);
        assertThat(one).isNotNull();
        assertThat(halves(f, new Seen())).isEqualTo(DepsReader.Halves.MISMATCH);
        InputProblem viaProjection = catchThrowableOfType(() -> DepsProjection.read(f), InputProblem.class);
        assertThat(viaProjection.getMessage()).isEqualTo(one.getMessage());
        assertThat(viaProjection.where()).isEqualTo(one.where());
    }

    @Test
    void aTruncatedSecondHalfIsReportedWhereItIsBad() {
        String text = runtimeStyle(40_000, 6, "", i -> "");
        Path f = TestFiles.write(dir, "deps.json", text.substring(0, text.length() - 400));
        InputProblem one = catchThrowableOfType(() -> oneThread(f), InputProblem.class);
        InputProblem halves = catchThrowableOfType(() -> halves(f, new Seen()), InputProblem.class);
        assertThat(halves).isNotNull(); // the helper fails, so nothing is cut and the main parser meets the end itself
        assertThat(halves.getMessage()).isEqualTo(one.getMessage());
        assertThat(halves.where()).isEqualTo(one.where());
    }
}
