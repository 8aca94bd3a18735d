package io.ptotrace.compare;

import java.nio.file.Path;
import java.util.List;

/** One run of a side: a run folder (one capture) or a multi-rank tree (one capture per rank). */
public record Sample(Path dir, List<Capture> captures) {
    public boolean tree() {
        return captures.size() > 1 || captures.get(0).rank() >= 0;
    }
}
