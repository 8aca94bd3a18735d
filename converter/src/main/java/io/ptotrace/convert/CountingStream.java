package io.ptotrace.convert;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/** Passes bytes through and counts them (the size of a trace written to a pipe is known only this way). */
final class CountingStream extends FilterOutputStream {
    long count;

    CountingStream(OutputStream out) {
        super(out);
    }

    @Override
    public void write(int b) throws IOException {
        out.write(b);
        count++;
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        out.write(b, off, len);
        count += len;
    }

    @Override
    public void close() {
        // the stream belongs to the output's owner, which closes it
    }
}
