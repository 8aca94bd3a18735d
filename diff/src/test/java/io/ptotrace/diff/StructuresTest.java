package io.ptotrace.diff;

import static org.assertj.core.api.Assertions.assertThat;

import io.ptotrace.model.NameMap;
import io.ptotrace.model.graph.TaskGraph;
import io.ptotrace.model.util.RadixSort;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StructuresTest {
    @TempDir
    Path dir;

    /** One task per (type, dtype, shape) triple, each with one arg. */
    private Side side(String name, String... typeDtypeShape) {
        StringBuilder sb = new StringBuilder("{\"tasks\": [");
        for (int i = 0; i < typeDtypeShape.length; i += 3) {
            if (i > 0) sb.append(',');
            sb.append("{\"task_id\": \"")
                    .append(i)
                    .append("\", \"kernel_ids\": [0, -1, -1], \"args\": [{\"type\": \"")
                    .append(typeDtypeShape[i])
                    .append("\", \"dtype\": \"")
                    .append(typeDtypeShape[i + 1])
                    .append("\", \"shape\": [")
                    .append(typeDtypeShape[i + 2])
                    .append("]}]}");
        }
        Path f = Fixtures.write(
                dir.resolve(name + "/deps.json"), sb.append("], \"edges\": []}").toString());
        return new Side(GraphLoader.read(f, w -> {}, true), NameMap.EMPTY);
    }

    @Test
    void equalTextsOfTwoGraphsGetOneCodeAndOthersNone() {
        Side a = side("a", "INPUT", "FLOAT16", "4", "OUTPUT", "FLOAT32", "4");
        Side b = side("b", "OUTPUT", "BF16", "4", "INPUT", "FLOAT16", "4"); // OUTPUT and INPUT in another order
        b.codesIn(a);
        TaskGraph ga = a.graph(), gb = b.graph();
        assertThat(b.text(gb.argTypeCode(0))).isEqualTo(ga.argTypeCode(1)); // OUTPUT
        assertThat(b.text(gb.argTypeCode(1))).isEqualTo(ga.argTypeCode(0)); // INPUT
        assertThat(b.text(gb.argDtypeCode(1))).isEqualTo(ga.argDtypeCode(0)); // FLOAT16
        int bf16 = b.text(gb.argDtypeCode(0));
        for (int c = 0; c < ga.stringCount(); c++) assertThat(bf16).isNotEqualTo(c); // only in NEW
        assertThat(b.text(-1)).isEqualTo(-1);
        assertThat(a.text(ga.argTypeCode(0))).isEqualTo(ga.argTypeCode(0)); // OLD's own codes stay
    }

    @Test
    void equalArraysOfTwoGraphsGetOneCodeAndOthersNone() {
        Side a = side("a", "INPUT", "F", "16, 128", "INPUT", "F", "16");
        Side b = side("b", "INPUT", "F", "16", "INPUT", "F", "16, 129", "INPUT", "F", "16, 128");
        b.codesIn(a);
        TaskGraph ga = a.graph(), gb = b.graph();
        assertThat(b.array(gb.argShapeCode(0))).isEqualTo(ga.argShapeCode(1));
        assertThat(b.array(gb.argShapeCode(2))).isEqualTo(ga.argShapeCode(0));
        int only = b.array(gb.argShapeCode(1));
        assertThat(only).isNotIn(ga.argShapeCode(0), ga.argShapeCode(1)).isGreaterThanOrEqualTo(ga.arrayCount());
        assertThat(gb.array(gb.argShapeCode(1))).containsExactly(16, 129);
    }

    @Test
    void radixSortIsStableAndUnsigned() {
        Random r = new Random(9);
        int n = 100_000;
        long[] keys = new long[n];
        int[] vals = new int[n];
        for (int i = 0; i < n; i++) {
            keys[i] = r.nextInt(4) == 0 ? -r.nextInt(1000) : r.nextInt(1000);
            vals[i] = i;
        }
        long[] orig = keys.clone();
        RadixSort.sort(keys, vals, n, 64);
        for (int i = 1; i < n; i++) {
            int c = Long.compareUnsigned(keys[i - 1], keys[i]);
            assertThat(c).isLessThanOrEqualTo(0);
            if (c == 0) assertThat(vals[i - 1]).isLessThan(vals[i]);
        }
        for (int i = 0; i < n; i++) assertThat(orig[vals[i]]).isEqualTo(keys[i]);
        Long[] boxed = Arrays.stream(orig).boxed().sorted(Long::compareUnsigned).toArray(Long[]::new);
        for (int i = 0; i < n; i++) assertThat(keys[i]).isEqualTo(boxed[i]);
    }
}
