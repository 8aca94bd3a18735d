package io.ptotrace.model.deps;

/**
 * One entry of a task's {@code args[]}. Missing members are null (ids: {@code tensorIdOk == false}). Arrays
 * are shared between entries: do not modify them.
 */
public final class DepsArg {
    public Integer idx;
    public String type;
    public boolean tensorIdOk;
    public long tensorId;
    public String dtype;
    public long[] shape;
    public boolean startOffsetOk;
    public long startOffset;
    public long[] strides;
}
