package io.ptotrace.model.util;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/** The string scan of the plain-value fast path, word by word, ends where a byte-by-byte scan ends. */
class PlainValuesTest {
    /** The byte-by-byte rule: past the closing quote, or −1 at an escape, a control or non-ASCII byte, or the limit. */
    private static int byByte(byte[] a, int p, int e) {
        int limit = Math.min(e, p + 257);
        while (p < limit) {
            int c = a[p++];
            if (c == '"') return p;
            if (c < 0x20 || c == '\\') return -1;
        }
        return -1;
    }

    /** Bytes from a small alphabet of the ones that decide (and their neighbours), so every case comes up often. */
    private static final byte[] ALPHABET = {
        '"',
        '\\',
        'a',
        'Z',
        '0',
        ' ',
        0x1F,
        0x20,
        0x21,
        0x5B,
        0x5D,
        0x7F,
        (byte) 0x80,
        (byte) 0xA2,
        (byte) 0xDC,
        (byte) 0xFF,
        0,
        1,
        0x22 - 1,
        0x22 + 1
    };

    @Property(tries = 3000)
    void endsWhereTheByteScanEnds(
            @ForAll @Size(max = 40) byte[] picks,
            @ForAll @IntRange(max = 40) int from,
            @ForAll @IntRange(max = 40) int cut) {
        byte[] a = new byte[picks.length];
        for (int i = 0; i < a.length; i++) a[i] = ALPHABET[Math.floorMod(picks[i], ALPHABET.length)];
        int p = Math.min(from, a.length);
        int e = Math.min(a.length, p + cut);
        assertThat(PlainValues.plainStringEnd(a, p, e)).isEqualTo(byByte(a, p, e));
    }

    @Test
    void longPlainRunsAndTheTokenLimit() {
        Random r = new Random(7);
        for (int round = 0; round < 20_000; round++) {
            int n = r.nextInt(300);
            byte[] a = new byte[n + 1 + r.nextInt(16)];
            for (int i = 0; i < a.length; i++) a[i] = (byte) ('a' + r.nextInt(26));
            a[n] = r.nextInt(10) == 0 ? (byte) (0x80 | r.nextInt(128)) : (byte) '"';
            if (r.nextInt(8) == 0) a[r.nextInt(a.length)] = (byte) r.nextInt(0x20);
            int p = r.nextInt(3);
            int e = r.nextInt(4) == 0 ? r.nextInt(a.length + 1) : a.length;
            if (e < p) e = p;
            assertThat(PlainValues.plainStringEnd(a, p, e))
                    .as("%d-byte run from %d to %d", n, p, e)
                    .isEqualTo(byByte(a, p, e));
        }
    }

    @Test
    void aDepsJsonArgEntrySkipsWhole() {
        byte[] b =
                ("{\"idx\": 0, \"type\": \"INPUT\", \"tensor_id\": \"14419249432455074311\", \"dtype\": \"BFLOAT16\","
                                + " \"shape\": [128, 128], \"start_offset\": \"0\", \"strides\": [128, 1]}, next")
                        .getBytes(StandardCharsets.US_ASCII);
        int end = PlainValues.valueEnd(b, 0, b.length);
        assertThat(new String(b, end, b.length - end, StandardCharsets.US_ASCII))
                .isEqualTo(", next");
        b[20] = (byte) 0xC3; // "INPUT" with a non-ASCII byte: left to the byte-by-byte check
        assertThat(PlainValues.valueEnd(b, 0, b.length)).isEqualTo(-1);
    }
}
