package io.ptotrace.model.graph;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ptotrace.model.TestFiles;
import io.ptotrace.model.deps.DepsReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NeighbourhoodTest {
    @TempDir
    Path dir;

    /** A graph of edge-only tasks from "pred>succ" pairs. */
    private TaskGraph graph(String... pairs) {
        StringBuilder sb = new StringBuilder("{\"tasks\": [], \"edges\": [");
        for (int i = 0; i < pairs.length; i++) {
            String[] ps = pairs[i].split(">");
            sb.append(i > 0 ? "," : "")
                    .append("{\"pred\": \"")
                    .append(ps[0])
                    .append("\", \"succ\": \"")
                    .append(ps[1])
                    .append("\"}");
        }
        Path f = TestFiles.write(
                dir, "deps" + System.nanoTime() + ".json", sb.append("]}").toString());
        return TaskGraph.read(f, DepsReader.Detail.ANNOTATIONS, TaskGraph.Duplicates.LAST, w -> {});
    }

    private static List<Long> ids(TaskGraph g, BitSet nodes) {
        List<Long> l = new ArrayList<>();
        for (int v = nodes.nextSetBit(0); v >= 0; v = nodes.nextSetBit(v + 1)) l.add(g.nodeId(v));
        return l;
    }

    private static List<Long> around(TaskGraph g, int hops, long... focus) {
        int[] f = new int[focus.length];
        for (int i = 0; i < focus.length; i++) f[i] = g.nodeOf(focus[i]);
        return ids(g, Neighbourhood.of(g, f, hops));
    }

    // a chain 1 > 2 > 3 > 4 > 5 > 6 with a side branch 9 > 4 and a sibling successor 3 > 8
    private TaskGraph chain() {
        return graph("1>2", "2>3", "3>4", "4>5", "5>6", "9>4", "3>8");
    }

    @Test
    void zeroHopsIsTheFocusAlone() {
        TaskGraph g = chain();
        assertThat(around(g, 0, 4)).containsExactly(4L);
        assertThat(around(g, 0, 4, 1)).containsExactly(1L, 4L);
    }

    @Test
    void oneHopIsTheDirectPredecessorsAndSuccessors() {
        assertThat(around(chain(), 1, 4)).containsExactly(3L, 4L, 5L, 9L);
    }

    @Test
    void twoHopsWalkEachDirectionSeparately() {
        // 2 feeds 3 which feeds 4; 6 is fed by 5; 8 is a sibling (a successor of a predecessor): not included
        assertThat(around(chain(), 2, 4)).containsExactly(2L, 3L, 4L, 5L, 6L, 9L);
    }

    @Test
    void hopsPastTheEndsStopThere() {
        assertThat(around(chain(), 100, 4)).containsExactly(1L, 2L, 3L, 4L, 5L, 6L, 9L);
        assertThat(around(chain(), 100, 1)).containsExactly(1L, 2L, 3L, 4L, 5L, 6L, 8L);
    }

    @Test
    void severalFocusTasksUniteTheirNeighbourhoods() {
        assertThat(around(chain(), 1, 1, 6)).containsExactly(1L, 2L, 5L, 6L);
    }

    @Test
    void cyclesEndTheWalk() {
        TaskGraph g = graph("1>2", "2>3", "3>1", "3>4", "5>5");
        assertThat(g.hasCycle()).isTrue();
        assertThat(around(g, 1, 1)).containsExactly(1L, 2L, 3L);
        assertThat(around(g, 5, 1)).containsExactly(1L, 2L, 3L, 4L);
        assertThat(around(g, 3, 5)).containsExactly(5L);
    }

    @Test
    void negativeHopsAreRefused() {
        TaskGraph g = chain();
        assertThatThrownBy(() -> Neighbourhood.of(g, new int[] {0}, -1)).isInstanceOf(IllegalArgumentException.class);
    }
}
