package io.ptotrace.convert;

import io.ptotrace.convert.picture.FlowKind;
import io.ptotrace.convert.picture.TracePicture;
import io.ptotrace.model.util.PagedColumns;

/**
 * Arrows drawn on another thread, held in the order they were drawn until they can join the picture: the
 * picture numbers its arrows as they come, so a rule drawn beside another adds its arrows after the other's.
 */
final class HeldArrows implements ArrowSink {
    private static final FlowKind[] KINDS = FlowKind.values();
    private static final int SRC_BIND = 1 << 5, DST_BIND = 1 << 6;

    private final PagedColumns.Bytes kind = new PagedColumns.Bytes();
    private final PagedColumns.Ints srcPid = new PagedColumns.Ints(), srcTid = new PagedColumns.Ints();
    private final PagedColumns.Ints srcSlice = new PagedColumns.Ints(), dstSlice = new PagedColumns.Ints();
    private final PagedColumns.Ints dstPid = new PagedColumns.Ints(), dstTid = new PagedColumns.Ints();
    private final PagedColumns.Ints inCount = new PagedColumns.Ints(), outCount = new PagedColumns.Ints();
    private final PagedColumns.Doubles srcTs = new PagedColumns.Doubles(), dstTs = new PagedColumns.Doubles();
    private int size;

    @Override
    public void arrow(
            FlowKind k,
            int sPid,
            int sTid,
            double sTs,
            int sSlice,
            boolean sBind,
            int dPid,
            int dTid,
            double dTs,
            int dSlice,
            boolean dBind,
            int in,
            int out) {
        int i = size++;
        kind.set(i, (byte) (k.ordinal() | (sBind ? SRC_BIND : 0) | (dBind ? DST_BIND : 0)));
        srcPid.set(i, sPid);
        srcTid.set(i, sTid);
        srcTs.set(i, sTs);
        srcSlice.set(i, sSlice);
        dstPid.set(i, dPid);
        dstTid.set(i, dTid);
        dstTs.set(i, dTs);
        dstSlice.set(i, dSlice);
        inCount.set(i, in);
        outCount.set(i, out);
    }

    /** Adds the held arrows to {@code pic}, in the order they were drawn. */
    void addTo(TracePicture pic) {
        for (int i = 0; i < size; i++) {
            int k = kind.at(i);
            pic.addFlow(
                    KINDS[k & (SRC_BIND - 1)],
                    srcPid.at(i),
                    srcTid.at(i),
                    srcTs.at(i),
                    srcSlice.at(i),
                    (k & SRC_BIND) != 0,
                    dstPid.at(i),
                    dstTid.at(i),
                    dstTs.at(i),
                    dstSlice.at(i),
                    (k & DST_BIND) != 0,
                    inCount.at(i),
                    outCount.at(i));
        }
    }
}
