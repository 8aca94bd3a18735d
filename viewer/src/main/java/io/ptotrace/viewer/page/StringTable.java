package io.ptotrace.viewer.page;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Interned page strings: each distinct text is stored once and referred to by its code (first-seen order). The texts
 * are kept as one UTF-8 buffer with an open-addressing table of codes, not as String objects, so that a page of
 * millions of distinct texts costs little more than their bytes.
 */
public final class StringTable {
    private byte[] bytes = new byte[1 << 12];
    private int used;
    /** Start of each text in {@link #bytes}; {@code starts[size]} is the end of the last. */
    private int[] starts = new int[257];
    /**
     * Slots holding {@code hash << 32 | code + 1} (0: empty), so that a probe reads one array; the length is a power
     * of two.
     */
    private long[] slots = new long[512];

    private int size;
    private boolean nul;

    /** The code of {@code text}, added if new; null gives −1. */
    public int code(String text) {
        if (text == null) return -1;
        int h = text.hashCode(), mask = slots.length - 1;
        byte[] utf8 = null;
        for (int i = slot(h, slots.length); ; i = (i + 1) & mask) {
            long entry = slots[i];
            if (entry == 0) break;
            if ((int) (entry >>> 32) != h) continue;
            int c = (int) entry - 1;
            if (utf8 == null) utf8 = text.getBytes(StandardCharsets.UTF_8);
            if (Arrays.equals(bytes, starts[c], starts[c + 1], utf8, 0, utf8.length)) return c;
        }
        if (utf8 == null) utf8 = text.getBytes(StandardCharsets.UTF_8);
        return add(utf8, h, text.indexOf('\0') >= 0);
    }

    private int add(byte[] utf8, int h, boolean hasNul) {
        if (used + utf8.length > bytes.length)
            bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, used + utf8.length));
        System.arraycopy(utf8, 0, bytes, used, utf8.length);
        used += utf8.length;
        if (size + 1 == starts.length) starts = Arrays.copyOf(starts, size * 2 + 1);
        int c = size++;
        starts[c + 1] = used;
        nul |= hasNul;
        if (size * 2 > slots.length) rehash();
        insert(slots, ((long) h << 32) | (c + 1));
        return c;
    }

    private static void insert(long[] table, long entry) {
        int mask = table.length - 1, i = slot((int) (entry >>> 32), table.length);
        while (table[i] != 0) i = (i + 1) & mask;
        table[i] = entry;
    }

    private void rehash() {
        long[] bigger = new long[slots.length * 2];
        for (long entry : slots) if (entry != 0) insert(bigger, entry);
        slots = bigger;
    }

    /** Fibonacci hashing: the high bits of the product spread texts that differ only in their last characters. */
    private static int slot(int h, int length) {
        return (h * 0x9E3779B1) >>> (32 - Integer.numberOfTrailingZeros(length));
    }

    public String text(int code) {
        return code < 0
                ? null
                : new String(bytes, starts[code], starts[code + 1] - starts[code], StandardCharsets.UTF_8);
    }

    public int size() {
        return size;
    }

    /** The texts in code order, UTF-8, each followed by a NUL (a NUL inside a text becomes U+FFFD). */
    void writeJoined(OutputStream to) throws IOException {
        // many small texts: buffered here so that the stream below sees large writes
        BufferedOutputStream out = new BufferedOutputStream(to, 1 << 16);
        if (!nul) {
            for (int c = 0; c < size; c++) {
                out.write(bytes, starts[c], starts[c + 1] - starts[c]);
                out.write(0);
            }
        } else {
            for (int c = 0; c < size; c++) {
                out.write(text(c).replace('\0', '\uFFFD').getBytes(StandardCharsets.UTF_8));
                out.write(0);
            }
        }
        out.flush();
    }

    /** The length of {@link #writeJoined}'s output. */
    int joinedLength() {
        if (!nul) return used + size;
        long n = 0;
        for (int c = 0; c < size; c++) n += text(c).replace('\0', '\uFFFD').getBytes(StandardCharsets.UTF_8).length + 1;
        return Math.toIntExact(n);
    }
}
