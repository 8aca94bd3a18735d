package io.ptotrace.critpath;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Time on the observed path by kernel family: compute, stall and count, largest compute first. */
public final class Families {
    /** One family's row. */
    public static final class Row {
        public final String family;
        public long compute, stall;
        public int count;

        Row(String family) {
            this.family = family;
        }
    }

    private Families() {}

    /** Every family on the path, by compute descending, ties in order of first appearance along the path. */
    public static List<Row> of(RunGraph g, ObservedPath p) {
        Map<String, Row> rows = new LinkedHashMap<>();
        for (int i = 0; i < p.size(); i++) {
            Row r = rows.computeIfAbsent(KernelFamily.of(g.name[p.task[i]]), Row::new);
            r.compute += p.compute[i];
            r.stall += p.stall[i];
            r.count++;
        }
        List<Row> l = new ArrayList<>(rows.values());
        l.sort((a, b) -> Long.compare(b.compute, a.compute)); // stable
        return l;
    }
}
