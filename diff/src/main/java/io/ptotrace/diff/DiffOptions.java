package io.ptotrace.diff;

import java.util.EnumSet;
import java.util.Set;

/** What to compare and how to match. Mutable; {@link #copy()} before sharing. */
public final class DiffOptions {
    /** How tensors of OLD are paired with tensors of NEW. */
    public enum TensorMatch {
        /** Same tensor_id (= same buffer address and version). */
        ADDRESS,
        /** Same role: the first matched task and arg slot that touch it, and the same version. */
        STRUCTURE
    }

    /** Compare only the projected (pred, succ) edge set. */
    public boolean projected;
    /** Match the tasks of each ring in submit order by signature instead of by id. */
    public boolean align;
    /** Fields left out of every comparison (and out of the alignment signature). */
    public EnumSet<Field> ignore = EnumSet.noneOf(Field.class);

    public TensorMatch matchTensors = TensorMatch.ADDRESS;

    public boolean ignores(Field f) {
        return ignore.contains(f);
    }

    public DiffOptions ignore(Set<Field> fields) {
        ignore.addAll(fields);
        return this;
    }

    public DiffOptions copy() {
        DiffOptions o = new DiffOptions();
        o.projected = projected;
        o.align = align;
        o.ignore = EnumSet.copyOf(ignore.isEmpty() ? EnumSet.noneOf(Field.class) : ignore);
        o.matchTensors = matchTensors;
        return o;
    }
}
