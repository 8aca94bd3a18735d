package io.ptotrace.synth;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.io.SerializedString;
import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * A streaming JSON file: a Jackson generator with the {@link LinePrettyPrinter} layout over a
 * buffered stream to {@code <name>.tmp}, renamed to its final name by {@link #commit()} (so an
 * interrupted run leaves no half-written file under the real name). Also writes unsigned 64-bit
 * values as decimal strings without allocating.
 */
final class JsonOut implements Closeable {
  private static final JsonFactory FACTORY = JsonFactory.builder().build();

  final JsonGenerator gen;
  final LinePrettyPrinter pp = new LinePrettyPrinter();
  private final Path target;
  private final Path tmp;
  private final OutputStream out;
  private final char[] buf = new char[24];
  private boolean committed;

  JsonOut(Path target) throws IOException {
    this.target = target;
    this.tmp = target.resolveSibling(target.getFileName() + ".tmp");
    this.out = new BufferedOutputStream(Files.newOutputStream(tmp), 1 << 20);
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
    gen.writeString(buf, 0, len);
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

  /** Finishes the document (a trailing newline), flushes, and renames the file into place. */
  void commit() throws IOException {
    gen.writeRaw('\n');
    gen.close();
    out.close();
    try {
      Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (java.nio.file.AtomicMoveNotSupportedException e) {
      Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
    }
    committed = true;
  }

  @Override
  public void close() throws IOException {
    if (!committed) {
      try {
        gen.close();
        out.close();
      } finally {
        Files.deleteIfExists(tmp);
      }
    }
  }
}
