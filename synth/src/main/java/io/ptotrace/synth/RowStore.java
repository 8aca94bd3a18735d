package io.ptotrace.synth;

import io.ptotrace.model.util.GrowableColumns;

/**
 * All AICore dispatches (one row per block dispatch) as primitive columns, ~35 bytes per row.
 * {@code start = dispatch + prop + r2s}, {@code end = start + exec}, {@code finish = end + tail}.
 */
final class RowStore {
    static final int F_V2 = 1;

    int n;
    int[] task;
    short[] core;
    long[] dispatch;
    int[] prop;
    int[] r2s;
    int[] exec;
    int[] tail;
    int[] reg;
    byte[] flags;
    byte[] cls;

    RowStore(int capacity) {
        int c = Math.max(16, capacity);
        task = new int[c];
        core = new short[c];
        dispatch = new long[c];
        prop = new int[c];
        r2s = new int[c];
        exec = new int[c];
        tail = new int[c];
        reg = new int[c];
        flags = new byte[c];
        cls = new byte[c];
    }

    int add(int t, int c, long d, long p, long r, long e, long tl, int rg, boolean v2, byte kcls) {
        task = GrowableColumns.room(task, n);
        core = GrowableColumns.room(core, n);
        dispatch = GrowableColumns.room(dispatch, n);
        prop = GrowableColumns.room(prop, n);
        r2s = GrowableColumns.room(r2s, n);
        exec = GrowableColumns.room(exec, n);
        tail = GrowableColumns.room(tail, n);
        reg = GrowableColumns.room(reg, n);
        flags = GrowableColumns.room(flags, n);
        cls = GrowableColumns.room(cls, n);
        int i = n++;
        task[i] = t;
        core[i] = (short) c;
        dispatch[i] = d;
        prop[i] = (int) p;
        r2s[i] = (int) r;
        exec[i] = (int) e;
        tail[i] = (int) tl;
        reg[i] = rg;
        flags[i] = (byte) (v2 ? F_V2 : 0);
        cls[i] = kcls;
        return i;
    }

    long start(int i) {
        return dispatch[i] + prop[i] + r2s[i];
    }

    long end(int i) {
        return start(i) + exec[i];
    }

    long finish(int i) {
        return end(i) + tail[i];
    }

    boolean v2(int i) {
        return (flags[i] & F_V2) != 0;
    }
}
