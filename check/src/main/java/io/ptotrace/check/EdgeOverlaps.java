package io.ptotrace.check;

import io.ptotrace.model.graph.ByteRanges;
import io.ptotrace.model.graph.TaskGraph;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The {@code tensormap} edges whose consumer and producer regions, as the edge records them, share no byte. The
 * consumer's missing members come from the succ's arg; an edge without producer geometry is skipped.
 */
final class EdgeOverlaps {
    private EdgeOverlaps() {}

    /** One edge without overlap: its row, the succ's arg (−1 when the succ has none of that idx), tensor row, exact. */
    record Raw(int edge, int arg, int tensorRow, boolean exact) {}

    static List<Raw> find(TaskGraph g) {
        List<Raw> out = new ArrayList<>();
        int tensormap = g.code("tensormap");
        if (tensormap < 0) return out;
        Set<Long> seen = new HashSet<>();
        for (int e = 0; e < g.edgeCount(); e++) {
            if (g.edgeSourceCode(e) != tensormap) continue;
            int slot = g.edgeArg(e);
            if (slot == TaskGraph.ABSENT) continue;
            int row = g.taskRow(g.edgeSucc(e));
            int a = -1;
            if (row >= 0)
                for (int k = g.argFrom(row), end = g.argTo(row); k < end && a < 0; k++) if (g.argIdx(k) == slot) a = k;
            int tensor = g.edgeTensor(e);
            if (tensor < 0 && a >= 0) tensor = g.argTensor(a);
            int tr = tensor < 0 ? -1 : g.tensorRow(tensor);
            if (tr < 0) continue;
            Regions.Region p = Regions.ofProducer(g, e, tr);
            if (p == null || p.bytes().length == 0) continue;
            Regions.Region c = Regions.ofConsumer(g, e, a, tr);
            if (c == null || c.bytes().length == 0) continue;
            if (ByteRanges.intersect(c.bytes(), p.bytes()).length > 0) continue;
            long pair = g.edgePair(e);
            if (!seen.add(pair << 32 ^ (slot & 0xFFFFFFFFL))) continue;
            out.add(new Raw(e, a, tr, c.exact() && p.exact()));
        }
        return out;
    }
}
