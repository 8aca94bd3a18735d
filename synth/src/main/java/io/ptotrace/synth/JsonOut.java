package io.ptotrace.synth;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.io.SerializedString;
import io.ptotrace.io.OutputFile;
import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A streaming JSON file: a Jackson generator with the {@link LinePrettyPrinter} layout over a
 * buffered stream to a temporary file of an output set, put in place with the other files of the
 * run by the project's one output writer (so an interrupted or failed run leaves neither a half-written file under the real
 * name nor the temporary file). Also writes unsigned 64-bit values as decimal strings without
 * allocating.
 */
final class JsonOut implements Closeable {
    private static final JsonFactory FACTORY = JsonFactory.builder().build();

    final JsonGenerator gen;
    final LinePrettyPrinter pp;
    private final Path target;
    private final OutputFile.Pending pending;
    private final OutputStream out;
    private final FileChannel channel;
    private final char[] buf = new char[24];
    private final char[] quoted = new char[24];
    private boolean committed;

    /** A document written to {@code pending}'s temporary file; its set puts it in place. */
    JsonOut(OutputFile.Pending pending) throws IOException {
        this(pending.target().shown(), 0, pending);
    }

    /**
     * A fragment whose layout continues an outer document {@code baseDepth} levels deep, written
     * straight into {@code tempFile} (a temporary file the caller created and deletes).
     */
    static JsonOut fragment(Path tempFile, int baseDepth) throws IOException {
        return new JsonOut(tempFile, baseDepth, null);
    }

    private JsonOut(Path target, int baseDepth, OutputFile.Pending pending) throws IOException {
        this.pp = new LinePrettyPrinter(baseDepth);
        this.target = target;
        this.pending = pending;
        FileChannel ch;
        try {
            ch = FileChannel.open(
                    pending != null ? pending.file() : target,
                    StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING);
        } catch (IOException | RuntimeException e) {
            if (pending != null) {
                pending.abort();
            }
            throw e;
        }
        this.channel = ch;
        this.out = new BufferedOutputStream(Channels.newOutputStream(channel), 1 << 20);
        this.gen = FACTORY.createGenerator(out, JsonEncoding.UTF8);
        gen.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
        gen.setPrettyPrinter(pp);
    }

    static SerializedString key(String s) {
        return new SerializedString(s);
    }

    /** Writes {@code v} (as unsigned) as a JSON string of decimal digits. */
    void u64String(long v) throws IOException {
        int len = u64Chars(v, buf);
        quoted[0] = '"';
        System.arraycopy(buf, 0, quoted, 1, len);
        quoted[len + 1] = '"';
        gen.writeRawValue(quoted, 0, len + 2);
    }

    static int u64Chars(long v, char[] buf) {
        if (v >= 0 && v < 10) {
            buf[0] = (char) ('0' + v);
            return 1;
        }
        int pos = buf.length;
        long q = v;
        if (q < 0) {
            // unsigned: peel one digit with unsigned division
            long quot = Long.divideUnsigned(q, 10);
            int digit = (int) (q - quot * 10);
            buf[--pos] = (char) ('0' + digit);
            q = quot;
        }
        while (q > 0) {
            long quot = q / 10;
            buf[--pos] = (char) ('0' + (q - quot * 10));
            q = quot;
        }
        int len = buf.length - pos;
        System.arraycopy(buf, pos, buf, 0, len);
        return len;
    }

    /**
     * Writes the pending field's value as the raw bytes of {@code fragment} (a JSON value written by
     * another {@link JsonOut} with a matching base depth), streaming the file.
     */
    void rawValueFromFile(Path fragment) throws IOException {
        gen.writeRawValue("");
        gen.flush();
        out.flush();
        try (FileChannel src = FileChannel.open(fragment, StandardOpenOption.READ)) {
            long size = src.size();
            long pos = 0;
            while (pos < size) {
                long n = src.transferTo(pos, size - pos, channel);
                if (n <= 0) {
                    throw new IOException("could not copy " + fragment + " at offset " + pos);
                }
                pos += n;
            }
        }
    }

    /** Finishes a fragment: flushes it, without a trailing newline. */
    void commitFragment() throws IOException {
        finish();
    }

    /** Finishes the document (a trailing newline) and flushes; the set it belongs to renames it into place. */
    void commit() throws IOException {
        gen.writeRaw('\n');
        finish();
    }

    private void finish() throws IOException {
        gen.close();
        out.close();
        committed = true;
    }

    @Override
    public void close() throws IOException {
        if (!committed) {
            try {
                gen.close();
                out.close();
            } finally {
                if (pending != null) {
                    pending.abort();
                }
            }
        }
    }
}
