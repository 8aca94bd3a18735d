package io.ptotrace.synth;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.PrettyPrinter;
import com.fasterxml.jackson.core.io.SerializedString;
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
    private static final SerializedString COMMA_SPACE = new SerializedString(", ");
    private static final SerializedString COLON_SPACE = new SerializedString(": ");
    private final SerializedString[] indents = new SerializedString[MAX_DEPTH];
    private final SerializedString[] commaIndents = new SerializedString[MAX_DEPTH];
    private int depth;
    private boolean nextMulti;

    LinePrettyPrinter() {
        this(0);
    }

    /**
     * A printer for a fragment that will be embedded {@code baseDepth} levels deep in another
     * document (its indentation continues the outer document's).
     */
    LinePrettyPrinter(int baseDepth) {
        this.depth = baseDepth;
        StringBuilder sb = new StringBuilder("\n");
        for (int i = 0; i < MAX_DEPTH; i++) {
            indents[i] = new SerializedString(sb.toString());
            commaIndents[i] = new SerializedString("," + sb);
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
            gen.writeRaw(commaIndents[depth]);
        } else {
            gen.writeRaw(COMMA_SPACE);
        }
    }

    @Override
    public void writeObjectFieldValueSeparator(JsonGenerator gen) throws IOException {
        gen.writeRaw(COLON_SPACE);
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
            gen.writeRaw(commaIndents[depth]);
        } else {
            gen.writeRaw(COMMA_SPACE);
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
