package io.ptotrace.model.deps;

import java.util.ArrayList;
import java.util.List;

/** One {@code tasks[]} entry. */
public final class DepsTask {
    /** Position in the raw tasks array. */
    public int index;

    public boolean idOk;
    public long id;
    /** "auto", "manual", or null when absent/not a string. */
    public String scope;
    /** The three kernel ids (−1 for inactive or unusable slots), or null when not a list of exactly 3. */
    public int[] kernelIds;
    /** The first three entries of a kernel_ids list of any length, padded with −1; null when not a list. */
    public int[] kernelSlots;
    /** Raw block_num as an integer, or null when missing/invalid. */
    public Long blockNumRaw;

    public Boolean earlyDispatch;
    public final List<DepsArg> args = new ArrayList<>();
    /** args present as a list (false: missing or not a list). */
    public boolean argsListed;

    /** SPMD block count: missing/invalid/&lt;1 ⇒ 1. */
    public int blockNum() {
        if (blockNumRaw == null || blockNumRaw < 1) return 1;
        return blockNumRaw > Integer.MAX_VALUE ? Integer.MAX_VALUE : (int) (long) blockNumRaw;
    }
}
