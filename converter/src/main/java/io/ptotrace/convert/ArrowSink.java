package io.ptotrace.convert;

import io.ptotrace.convert.picture.FlowKind;

/** Where a flow rule draws its arrows: the picture itself ({@code pic::addFlow}) or {@link HeldArrows}. */
@FunctionalInterface
interface ArrowSink {
    void arrow(
            FlowKind kind,
            int srcPid,
            int srcTid,
            double srcTs,
            int srcSlice,
            boolean srcBind,
            int dstPid,
            int dstTid,
            double dstTs,
            int dstSlice,
            boolean dstBind,
            int inCount,
            int outCount);
}
