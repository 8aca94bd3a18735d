package io.ptotrace.model.util;

import io.ptotrace.model.Text;

/**
 * Canonical {@code String}s for character ranges (a parser's text buffer), found without allocating
 * once a text has been seen: deps.json repeats a few dozen type, dtype and hazard names millions of times.
 * Kept texts are also the JVM's interned instances, so they are identical to equal string literals. Texts
 * longer than {@link #MAX_LENGTH} and texts past {@link #MAX_ENTRIES} distinct ones are not kept.
 * Texts come out {@link Text#wellFormed well-formed}; they are kept under the characters they were read as.
 */
public final class TextInterner {
    static final int MAX_LENGTH = 64;
    static final int MAX_ENTRIES = 1 << 16;

    private String[] table = new String[256];
    private char[][] chars = new char[256][]; // each kept text's input characters, for a vectorised comparison
    private int[] hashes = new int[256];
    private int size;

    public String intern(char[] buf, int off, int len) {
        if (len > MAX_LENGTH) return Text.wellFormed(new String(buf, off, len));
        int h = 0;
        for (int i = off, end = off + len; i < end; i++) h = 31 * h + buf[i];
        int mask = table.length - 1;
        for (int i = mix(h) & mask; ; i = (i + 1) & mask) {
            String s = table[i];
            if (s == null) break;
            if (hashes[i] == h && java.util.Arrays.equals(chars[i], 0, chars[i].length, buf, off, off + len)) return s;
        }
        String read = new String(buf, off, len), s = Text.wellFormed(read);
        if (size >= MAX_ENTRIES) return s;
        s = s.intern();
        add(s, read.toCharArray(), h);
        return s;
    }

    public String intern(String s) {
        return intern(s.toCharArray(), 0, s.length());
    }

    public int size() {
        return size;
    }

    private static int mix(int h) {
        return h ^ (h >>> 16) ^ (h >>> 7);
    }

    private void add(String s, char[] read, int h) {
        if ((size + 1) * 2 > table.length) grow();
        put(table, chars, hashes, s, read, h);
        size++;
    }

    private static void put(String[] t, char[][] cs, int[] hs, String s, char[] read, int h) {
        int mask = t.length - 1;
        int i = mix(h) & mask;
        while (t[i] != null) i = (i + 1) & mask;
        t[i] = s;
        cs[i] = read;
        hs[i] = h;
    }

    private void grow() {
        String[] ot = table;
        char[][] oc = chars;
        int[] oh = hashes;
        table = new String[ot.length * 2];
        chars = new char[ot.length * 2][];
        hashes = new int[ot.length * 2];
        for (int i = 0; i < ot.length; i++) if (ot[i] != null) put(table, chars, hashes, ot[i], oc[i], oh[i]);
    }
}
