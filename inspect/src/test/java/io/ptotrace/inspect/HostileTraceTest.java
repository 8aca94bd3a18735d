package io.ptotrace.inspect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedInputStream;
import com.google.protobuf.UnknownFieldSet;
import io.ptotrace.io.InputProblem;
import io.ptotrace.proto.TracePacket;
import io.ptotrace.proto.TrackDescriptor;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import java.util.zip.Adler32;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.GZIPOutputStream;
import java.util.zip.InflaterInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Hostile trace files: each is one {@link InputProblem} naming the file, the limit and the place; valid traces read as before. */
class HostileTraceTest {
    @TempDir
    Path tmp;

    private Path file(String name, byte[] content) throws IOException {
        Path p = tmp.resolve(name);
        Files.write(p, content);
        return p;
    }

    /** The one line the CLI prints for a file that inspect cannot read (and the exception is the exit-2 kind). */
    private static String problem(Path p) {
        InputProblem e = catchThrowableOfType(() -> TraceInspector.inspect(p), InputProblem.class);
        assertThat(e).as("InputProblem for %s", p).isNotNull();
        assertThat(e.oneLine()).startsWith(p + ": ");
        return e.oneLine();
    }

    /** A small valid trace: what the .pftrace writer wrote of the converter tests' sample picture (a few lanes, arrows, markers). */
    static byte[] pftrace() throws IOException {
        try (InputStream in = HostileTraceTest.class.getResourceAsStream("/sample.pftrace")) {
            return in.readAllBytes();
        }
    }

    static byte[] deflate(byte[] b) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (DeflaterOutputStream z = new DeflaterOutputStream(out)) {
            z.write(b);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        return out.toByteArray();
    }

    /** A Trace of one packet whose compressed_packets hold {@code inner} (the bytes of a Trace), deflated. */
    static byte[] compressedTrace(byte[] inner) {
        return wrapCompressed(deflate(inner));
    }

    static byte[] wrapCompressed(byte[] blob) {
        UnknownFieldSet unknown = UnknownFieldSet.newBuilder()
                .addField(
                        PftraceReader.COMPRESSED_PACKETS,
                        UnknownFieldSet.Field.newBuilder()
                                .addLengthDelimited(ByteString.copyFrom(blob))
                                .build())
                .build();
        return TraceInspectorTest.trace(
                TracePacket.newBuilder().setUnknownFields(unknown).build());
    }

    static String summary(byte[] trace) throws IOException {
        return TraceInspector.inspect(new ByteArrayInputStream(trace), "t.pftrace")
                .toJson();
    }

    @Test
    void compressedPacketsReadAsThePlainTrace() throws IOException {
        byte[] plain = pftrace();
        String expected = summary(plain);
        assertThat(expected).contains("\"slices\"");
        byte[] nested = plain;
        for (int depth = 1; depth <= Inflation.MAX_DEPTH; depth++) {
            nested = compressedTrace(nested);
            assertThat(summary(nested)).as("compressed_packets %d deep", depth).isEqualTo(expected);
        }
        // several compressed_packets, each with some of the packets, read in order
        int half = splitPoint(plain);
        ByteArrayOutputStream two = new ByteArrayOutputStream();
        two.writeBytes(compressedTrace(Arrays.copyOfRange(plain, 0, half)));
        two.writeBytes(compressedTrace(Arrays.copyOfRange(plain, half, plain.length)));
        assertThat(summary(two.toByteArray())).isEqualTo(expected);
    }

    /** The offset of a packet boundary near the middle of a Trace. */
    static int splitPoint(byte[] trace) throws IOException {
        CodedInputStream in = CodedInputStream.newInstance(trace);
        while (in.getTotalBytesRead() < trace.length / 2) in.skipField(in.readTag());
        return in.getTotalBytesRead();
    }

    @Test
    void compressedPacketsNested3000DeepStopAtTheDepthLimit() throws IOException {
        byte[] t = TraceInspectorTest.trace(TracePacket.newBuilder()
                .setTrackDescriptor(TrackDescriptor.newBuilder().setUuid(1))
                .build());
        for (int i = 0; i < 3000; i++) t = wrapCompressed(deflateFast(t));
        assertThat(problem(file("nested.pftrace", t)))
                .contains("compressed_packets nested more than " + Inflation.MAX_DEPTH + " levels deep")
                .contains("(at byte 0 of packet #3's compressed_packets, packet #4)");
    }

    static byte[] deflateFast(byte[] b) {
        Deflater d = new Deflater(Deflater.BEST_SPEED);
        try {
            d.setInput(b);
            d.finish();
            byte[] out = new byte[b.length + 64];
            int n = d.deflate(out);
            assertThat(d.finished()).isTrue();
            return Arrays.copyOf(out, n);
        } finally {
            d.end();
        }
    }

    /**
     * 2 GiB made of one 1 MiB piece repeated: a Trace field 2 of zeros, which the reader skips, so only the
     * inflation costs time (plain zeros would stop at once as "field number 0" and prove nothing). Deflated
     * once and repeated, so building it is cheap: the piece is compressed from an empty history and ends on
     * a full flush, so every copy inflates to the same bytes.
     */
    static final int PIECE = 1 << 20, PIECES = 2048;

    static byte[] piece() {
        byte[] p = new byte[PIECE];
        int len = PIECE - 4;
        p[0] = 0x12;
        p[1] = (byte) (0x80 | (len & 0x7F));
        p[2] = (byte) (0x80 | ((len >>> 7) & 0x7F));
        p[3] = (byte) (len >>> 14);
        return p;
    }

    static byte[] rawDeflatedPiece(byte[] piece) {
        Deflater d = new Deflater(Deflater.BEST_COMPRESSION, true);
        try {
            d.setInput(piece);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] buf = new byte[1 << 16];
            int n;
            do {
                n = d.deflate(buf, 0, buf.length, Deflater.FULL_FLUSH);
                out.write(buf, 0, n);
            } while (n == buf.length || !d.needsInput());
            return out.toByteArray();
        } finally {
            d.end();
        }
    }

    static final byte[] FINAL_EMPTY_BLOCK = {0x03, 0x00};

    /** A zlib stream of {@code pieces} copies of {@link #piece()}. */
    static void zlibBomb(OutputStream out, int pieces) throws IOException {
        byte[] piece = piece();
        byte[] deflated = rawDeflatedPiece(piece);
        out.write(new byte[] {0x78, (byte) 0xDA});
        for (int i = 0; i < pieces; i++) out.write(deflated);
        out.write(FINAL_EMPTY_BLOCK);
        long adler = 1, pieceAdler = adler32(piece);
        for (int i = 0; i < pieces; i++) adler = adler32Combine(adler, pieceAdler, PIECE);
        out.write(new byte[] {(byte) (adler >>> 24), (byte) (adler >>> 16), (byte) (adler >>> 8), (byte) adler});
    }

    static long adler32(byte[] b) {
        Adler32 a = new Adler32();
        a.update(b);
        return a.getValue();
    }

    /** zlib's adler32_combine. */
    static long adler32Combine(long a1, long a2, long len2) {
        final long base = 65521;
        long rem = len2 % base;
        long sum1 = a1 & 0xFFFF;
        long sum2 = (rem * sum1) % base;
        sum1 += (a2 & 0xFFFF) + base - 1;
        sum2 += ((a1 >>> 16) & 0xFFFF) + ((a2 >>> 16) & 0xFFFF) + base - rem;
        if (sum1 >= base) sum1 -= base;
        if (sum1 >= base) sum1 -= base;
        if (sum2 >= base << 1) sum2 -= base << 1;
        if (sum2 >= base) sum2 -= base;
        return sum1 | (sum2 << 16);
    }

    @Test
    void theBombBuilderMakesValidZlib() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        zlibBomb(out, 3);
        byte[] inflated = new InflaterInputStream(new ByteArrayInputStream(out.toByteArray())).readAllBytes();
        byte[] piece = piece();
        assertThat(inflated).hasSize(3 * PIECE);
        assertThat(Arrays.copyOfRange(inflated, 2 * PIECE, 3 * PIECE)).isEqualTo(piece);
        // and a Trace of it reads clean: three skipped fields
        assertThat(summary(wrapCompressed(out.toByteArray()))).contains("\"slices\" : 0");
    }

    @Test
    void deflateBombInCompressedPacketsStopsAtTheRatioLimit() throws IOException {
        ByteArrayOutputStream blob = new ByteArrayOutputStream();
        zlibBomb(blob, PIECES);
        assertThat(blob.size()).isLessThan(4 << 20);
        Path p = file("bomb.pftrace", wrapCompressed(blob.toByteArray()));
        assertThat(problem(p))
                .contains("compressed data inflates to more than " + Inflation.MAX_RATIO
                        + " times the bytes read from the file")
                .containsPattern("of packet #0's compressed_packets, packet #1\\)$");
    }

    @Test
    void gzipBombOfTheWholeFileStopsAtTheRatioLimit() throws IOException {
        byte[] piece = piece();
        byte[] deflated = rawDeflatedPiece(piece);
        byte[] start = rawDeflatedPiece(new byte[] {0x0A, 0x00}); // an empty packet, so the content is a .pftrace
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(new byte[] {0x1F, (byte) 0x8B, 8, 0, 0, 0, 0, 0, 0, (byte) 0xFF});
        out.write(start);
        CRC32 crc = new CRC32();
        crc.update(new byte[] {0x0A, 0x00});
        for (int i = 0; i < PIECES; i++) {
            out.write(deflated);
            crc.update(piece);
        }
        out.write(FINAL_EMPTY_BLOCK);
        long size = 2 + (long) PIECES * PIECE;
        long c = crc.getValue();
        out.write(new byte[] {
            (byte) c,
            (byte) (c >>> 8),
            (byte) (c >>> 16),
            (byte) (c >>> 24),
            (byte) size,
            (byte) (size >>> 8),
            (byte) (size >>> 16),
            (byte) (size >>> 24)
        });
        assertThat(problem(file("bomb.pftrace.gz", out.toByteArray())))
                .contains("compressed data inflates to more than " + Inflation.MAX_RATIO
                        + " times the bytes read from the file")
                .containsPattern("\\(at byte \\d+ of the gunzipped data\\)$");
    }

    @Test
    void gzipNestedTooDeep() throws IOException {
        byte[] b = pftrace();
        for (int i = 0; i < 50; i++) b = gzip(b);
        assertThat(problem(file("deep.gz", b)))
                .contains("gzip nested more than " + Inflation.MAX_DEPTH + " levels deep");
    }

    static byte[] gzip(byte[] b) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream z = new GZIPOutputStream(out)) {
            z.write(b);
        }
        return out.toByteArray();
    }

    @Test
    void lengthClaimingExabytes() throws IOException {
        // field 1, length 2^62
        byte[] b = {
            0x0A,
            (byte) 0x80,
            (byte) 0x80,
            (byte) 0x80,
            (byte) 0x80,
            (byte) 0x80,
            (byte) 0x80,
            (byte) 0x80,
            (byte) 0x80,
            0x40,
            1,
            2,
            3
        };
        assertThat(problem(file("huge.pftrace", b)))
                .endsWith(
                        "huge.pftrace: malformed protobuf (packet of 4611686018427387904 bytes, over the limit of 256 MiB) (at byte 0, packet #0)");
        byte[] inner = {
            0x0A,
            (byte) 0x80,
            (byte) 0x80,
            (byte) 0x80,
            (byte) 0x80,
            (byte) 0x80,
            (byte) 0x80,
            (byte) 0x80,
            (byte) 0x80,
            0x40
        };
        assertThat(problem(file("huge2.pftrace", compressedTrace(inner))))
                .contains(
                        "(packet of 4611686018427387904 bytes, over the limit of 256 MiB) (at byte 0 of packet #0's compressed_packets, packet #1)");
    }

    @Test
    void damagedCompressedPackets() throws IOException {
        byte[] blob = deflate(pftrace());
        assertThat(problem(file("cut.pftrace", wrapCompressed(Arrays.copyOf(blob, blob.length / 2)))))
                .contains("truncated compressed_packets (at byte ")
                .contains(" of packet #0's compressed_packets");
        byte[] bad = blob.clone();
        bad[0] = 0x12;
        assertThat(problem(file("bad.pftrace", wrapCompressed(bad)))).contains("bad compressed_packets: ");
    }

    @Test
    void emptyZerosAndRandomFiles() throws IOException {
        assertThat(problem(file("empty.pftrace", new byte[0]))).endsWith("empty.pftrace: empty file");
        assertThat(problem(file("zeros.pftrace", new byte[1 << 16])))
                .endsWith("neither a Chrome JSON nor a Perfetto protobuf trace (first byte 0x00) (at byte 0)");
        Random r = new Random(9);
        for (int i = 0; i < 300; i++) {
            byte[] b = new byte[r.nextInt(4096)];
            r.nextBytes(b);
            if (b.length > 0 && i % 2 == 0) b[0] = 0x0A; // looks like a packet
            if (b.length > 1 && i % 6 == 1) {
                b[0] = 0x1F;
                b[1] = (byte) 0x8B;
            }
            problem(file("random" + i, b));
        }
    }

    @Test
    void zerosAfterAPacketHeader() throws IOException {
        byte[] b = new byte[1 << 16];
        b[0] = 0x0A;
        b[1] = 0x02;
        b[2] = 0x08; // a packet with an unknown varint field
        b[3] = 0x01;
        assertThat(problem(file("z.pftrace", b)))
                .endsWith("malformed protobuf (field number 0) (at byte 4, packet #1)");
    }

    @Test
    void truncatedGzip() throws IOException {
        byte[] gz = gzip(pftrace());
        assertThat(problem(file("cut.pftrace.gz", Arrays.copyOf(gz, gz.length / 2))))
                .contains("truncated gzip data (at byte ")
                .endsWith(" of the gunzipped data)");
        assertThat(problem(file("header.pftrace.gz", Arrays.copyOf(gz, 5))))
                .endsWith("truncated gzip data (at gzip header)");
        byte[] json = gzip(TraceInspectorTest.events(TraceInspectorTest.META).getBytes(StandardCharsets.UTF_8));
        assertThat(problem(file("cut.json.gz", Arrays.copyOf(json, json.length - 6))))
                .contains("truncated gzip data");
    }

    @Test
    void validTraceFollowedByGarbage() throws IOException {
        byte[] good = pftrace();
        byte[] b = Arrays.copyOf(good, good.length + 7);
        System.arraycopy("garbage".getBytes(StandardCharsets.US_ASCII), 0, b, good.length, 7);
        assertThat(problem(file("tail.pftrace", b)))
                .endsWith("not a Perfetto trace (wire type 7 for field 12) (at byte " + good.length + ", packet #"
                        + packets(good) + ")");
    }

    static int packets(byte[] trace) throws IOException {
        return io.ptotrace.proto.Trace.parseFrom(trace).getPacketCount();
    }

    /**
     * A stream longer than 2 GiB (skipped fields of zeros, skipped without reading), then a cut packet: the
     * reader gets past CodedInputStream's int byte count and reports the right offset.
     */
    @Test
    void streamsPastTwoGiB() {
        int len = (256 << 20) - 16;
        byte[] field = {
            0x12,
            (byte) (0x80 | (len & 0x7F)),
            (byte) (0x80 | ((len >>> 7) & 0x7F)),
            (byte) (0x80 | ((len >>> 14) & 0x7F)),
            (byte) (len >>> 21)
        };
        int fields = 9;
        long fieldSize = field.length + (long) len;
        byte[] head = {0x0A, 0x00}; // an empty packet, so the stream is a .pftrace
        long end = head.length + fields * fieldSize;
        byte[] tail = {0x0A, 0x05, 0x01};
        InputStream in = new InputStream() {
            long pos;

            byte at(long p) {
                if (p < head.length) return head[(int) p];
                if (p >= end) return tail[(int) (p - end)];
                long q = (p - head.length) % fieldSize;
                return q < field.length ? field[(int) q] : 0;
            }

            @Override
            public int read() {
                return pos < end + tail.length ? at(pos++) & 0xFF : -1;
            }

            @Override
            public int read(byte[] b, int off, int n) {
                if (pos >= end + tail.length) return -1;
                int k = (int) Math.min(n, end + tail.length - pos);
                for (int i = 0; i < k; i++) b[off + i] = at(pos++);
                return k;
            }

            @Override
            public long skip(long n) {
                long k = Math.min(n, end + tail.length - pos);
                pos += k;
                return k;
            }
        };
        assertThat(end).isGreaterThan(2L << 30);
        assertThatThrownBy(() -> TraceInspector.inspect(in, "long.pftrace"))
                .isInstanceOf(InputProblem.class)
                .satisfies(e -> assertThat(((InputProblem) e).oneLine())
                        .isEqualTo("long.pftrace: truncated protobuf (packet of 5 bytes cut off) (at byte " + end
                                + ", packet #1)"));
    }

    // ---- JSON

    private String jsonProblem(String text) throws IOException {
        return problem(file("t.json", text.getBytes(StandardCharsets.UTF_8)));
    }

    static final String EVENT = "{\"traceEvents\": [\n{\"ph\":\"X\",\"pid\":1,\n\"ts\": ";

    @Test
    void numbersOutOfRangeAreNamedAsSuch() throws IOException {
        assertThat(jsonProblem(EVENT + "18446744073709551616, \"dur\": 1}]}"))
                .endsWith("t.json: number 18446744073709551616 out of range for \"ts\" (at line 3, column 7)");
        assertThat(jsonProblem(EVENT + "1, \"dur\": -9223372036854775809}]}"))
                .endsWith("number -9223372036854775809 out of range for \"dur\" (at line 3, column 17)");
        assertThat(jsonProblem("[{\"ph\":\"X\",\"pid\":99999999999999999999}]"))
                .endsWith("out of range for \"pid\" (at line 1, column 18)");
        assertThat(jsonProblem("[{\"ph\":\"s\",\"id\":18446744073709551616}]")).contains("out of range for \"id\"");
        assertThat(jsonProblem("[{\"ph\":\"s\",\"id\":1,\"bind_id\":-18446744073709551615}]"))
                .contains("out of range for \"bind_id\"");
        assertThat(jsonProblem(EVENT + "1" + "0".repeat(899) + "}]}"))
                .endsWith("number 10000000000000000000... (900 digits) out of range for \"ts\" (at line 3, column 7)");
    }

    @Test
    void uint64IdsAreFlowIds() throws Exception {
        String id = "18446744073709551615";
        Summary s = TraceInspectorTest.json("[{\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":0,\"dur\":10,\"id\":" + id + "},"
                + "{\"ph\":\"s\",\"cat\":\"flow\",\"name\":\"dependency\",\"pid\":1,\"tid\":1,\"ts\":1,\"id\":" + id
                + ",\"bind_id\":" + id + "},"
                + "{\"ph\":\"f\",\"bp\":\"e\",\"cat\":\"flow\",\"name\":\"dependency\",\"pid\":1,\"tid\":1,\"ts\":5,\"id\":"
                + id + "}]");
        assertThat(s.flows).isEqualTo(1);
        assertThat(s.flowsShown).isEqualTo(1);
        assertThat(s.problems).isEmpty();
    }

    @Test
    void jsonLimitsAndNonNumbersInPlainWords() throws IOException {
        assertThat(jsonProblem("{\"traceEvents\": [{\"args\":" + "[".repeat(3000) + "]".repeat(3000) + "}]}"))
                .matches("\\S*t\\.json: JSON nested deeper than 1000 levels \\(at line 1, column \\d+\\)");
        assertThat(jsonProblem(EVENT + "NaN}]}"))
                .endsWith("t.json: not valid JSON: NaN is not a JSON number (at line 3, column 10)");
        assertThat(jsonProblem(EVENT + "Infinity}]}"))
                .endsWith("not valid JSON: Infinity is not a JSON number (at line 3, column 15)");
        assertThat(jsonProblem(EVENT + "-Infinity}]}"))
                .contains("not valid JSON: -Infinity is not a JSON number (at line 3, column");
        assertThat(jsonProblem(EVENT + "1".repeat(3000) + "}]}"))
                .matches("\\S*t\\.json: number longer than 1000 digits \\(at line 3, column \\d+\\)");
        assertThat(jsonProblem("{\"traceEvents\": [{\"" + "a".repeat(60000) + "\":1}]}"))
                .contains("name longer than 50000 characters");
        assertThat(jsonProblem("{\"traceEvents\": [")).contains("(truncated?)").contains("opened at line 1, column 17");
        assertThat(jsonProblem("{\"traceEvents\": [}"))
                .contains("not valid JSON: expected ] to close the array opened at line 1, column 17, found }");
    }

    @Test
    void jacksonWordingNeverLeaks() throws IOException {
        String[] bad = {
            "{\"traceEvents\": [{\"args\":" + "{\"a\":".repeat(1500),
            EVENT + "NaN",
            EVENT + "+Infinity}]}",
            EVENT + "+1}]}",
            EVENT + "01}]}",
            EVENT + "1".repeat(1001) + "}]}",
            "{\"traceEvents\": [/* c */]}",
            "{\"traceEvents\": [# c\n]}",
            "{\"traceEvents\": [{\"name\":\"a\u0001\"}]}",
            "{\"traceEvents\": [\u001E]}",
            "{'traceEvents': []}",
            "{\"traceEvents\": [x]}",
            "{\"traceEvents\": [1,]}",
            "{\"traceEvents\": [], }",
            "{\"traceEvents\": [{\"name\":\"ab",
            "[{\"ph\":\"X\",\"ts\":1e99999}]"
        };
        for (String text : bad) {
            String line;
            try {
                line = TraceInspector.inspect(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), "t.json")
                        .toText();
            } catch (InputProblem e) {
                line = e.oneLine();
            }
            assertThat(line)
                    .as(text.length() > 80 ? text.substring(0, 80) : text)
                    .doesNotContain(
                            "StreamReadConstraints",
                            "JsonReadFeature",
                            "StreamReadFeature",
                            "Source:",
                            "REDACTED",
                            "`",
                            "Feature",
                            "enable");
        }
    }
}
