package io.ptotrace.synth;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.PrettyPrinter;
import java.io.IOException;

/**
 * The layout of the runtime's own JSON files: containers marked multi-line (call
 * {@link #multiline()} right before starting them) put each element on its own line indented by
 * two spaces per level; every other container is written inline with {@code ", "} and
 * {@code ": "} separators (Python {@code json.dumps} style). One instance per generator.
 */
final class LinePrettyPrinter implements PrettyPrinter {
  private static final int MAX_DEPTH = 64;
  private final boolean[] multi = new boolean[MAX_DEPTH];
  private final String[] indents = new String[MAX_DEPTH];
  private int depth;
  private boolean nextMulti;

  LinePrettyPrinter() {
    StringBuilder sb = new StringBuilder("\n");
    for (int i = 0; i < MAX_DEPTH; i++) {
      indents[i] = sb.toString();
      sb.append("  ");
    }
  }

  /** The next container started is multi-line. */
  void multiline() {
    nextMulti = true;
  }

  private void push() {
    depth++;
    multi[depth] = nextMulti;
    nextMulti = false;
  }

  @Override
  public void writeRootValueSeparator(JsonGenerator gen) throws IOException {
    gen.writeRaw('\n');
  }

  @Override
  public void writeStartObject(JsonGenerator gen) throws IOException {
    gen.writeRaw('{');
    push();
  }

  @Override
  public void writeEndObject(JsonGenerator gen, int nrOfEntries) throws IOException {
    boolean m = multi[depth];
    depth--;
    if (m && nrOfEntries > 0) {
      gen.writeRaw(indents[depth]);
    }
    gen.writeRaw('}');
  }

  @Override
  public void writeObjectEntrySeparator(JsonGenerator gen) throws IOException {
    if (multi[depth]) {
      gen.writeRaw(',');
      gen.writeRaw(indents[depth]);
    } else {
      gen.writeRaw(", ");
    }
  }

  @Override
  public void writeObjectFieldValueSeparator(JsonGenerator gen) throws IOException {
    gen.writeRaw(": ");
  }

  @Override
  public void writeStartArray(JsonGenerator gen) throws IOException {
    gen.writeRaw('[');
    push();
  }

  @Override
  public void writeEndArray(JsonGenerator gen, int nrOfValues) throws IOException {
    boolean m = multi[depth];
    depth--;
    if (m && nrOfValues > 0) {
      gen.writeRaw(indents[depth]);
    }
    gen.writeRaw(']');
  }

  @Override
  public void writeArrayValueSeparator(JsonGenerator gen) throws IOException {
    if (multi[depth]) {
      gen.writeRaw(',');
      gen.writeRaw(indents[depth]);
    } else {
      gen.writeRaw(", ");
    }
  }

  @Override
  public void beforeArrayValues(JsonGenerator gen) throws IOException {
    if (multi[depth]) {
      gen.writeRaw(indents[depth]);
    }
  }

  @Override
  public void beforeObjectEntries(JsonGenerator gen) throws IOException {
    if (multi[depth]) {
      gen.writeRaw(indents[depth]);
    }
  }
}
