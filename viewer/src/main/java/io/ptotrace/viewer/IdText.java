package io.ptotrace.viewer;

import io.ptotrace.model.TaskIds;
import java.io.IOException;

/**
 * Task ids as the views print them, one rule for the whole graph: the local id when every task is on ring 0,
 * otherwise {@code (ring, local)} for every task.
 */
final class IdText {
    private final boolean rings;

    IdText(boolean anyRing) {
        this.rings = anyRing;
    }

    void append(AsciiOut out, long raw) throws IOException {
        if (rings)
            out.ch('(')
                    .num(TaskIds.ring(raw))
                    .text(", ")
                    .num(TaskIds.local(raw))
                    .ch(')');
        else out.num(TaskIds.local(raw));
    }

    String text(long raw) {
        return rings ? "(" + TaskIds.ring(raw) + ", " + TaskIds.local(raw) + ")" : Long.toString(TaskIds.local(raw));
    }
}
