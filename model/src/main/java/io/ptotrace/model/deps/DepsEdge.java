package io.ptotrace.model.deps;

import java.util.List;

/**
 * One {@code edges[]} entry; {@link #endpointsOk} is false when pred or succ does not normalise. Strings and
 * arrays are shared between entries: do not modify them.
 */
public final class DepsEdge {
    public int index;
    public boolean endpointsOk;
    public long pred;
    public long succ;
    public Integer arg;
    public String source;
    /** null when the member is absent (older era). */
    public List<String> flags;

    public String overlap;
    public String hazard;
    public String accessKind;
    public boolean tensorIdOk;
    public long tensorId;
    public String consumerDtype;
    public long[] consumerShape;
    public boolean consumerStartOffsetOk;
    public long consumerStartOffset;
    public long[] consumerStrides;
    public long[] producerShape;
    public boolean producerStartOffsetOk;
    public long producerStartOffset;
    public long[] producerStrides;
}
