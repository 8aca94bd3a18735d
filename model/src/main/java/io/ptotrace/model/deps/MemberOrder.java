package io.ptotrace.model.deps;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.io.SerializedString;
import java.io.IOException;

/**
 * The member names of one kind of deps.json entry in the order the runtime writes them. Reading names
 * through it lets Jackson compare the expected next name with the input bytes instead of looking every
 * name up; members in another order, unknown or missing members still read correctly, only slower.
 */
final class MemberOrder {
    /** {@link #next} at the end of the object. */
    static final int END = -1;
    /** {@link #next} for a member whose name is not in the list. */
    static final int UNKNOWN = -2;

    private final SerializedString[] names;
    private int next;

    MemberOrder(String... names) {
        this.names = new SerializedString[names.length];
        for (int i = 0; i < names.length; i++) this.names[i] = new SerializedString(names[i]);
    }

    /** Call at the start of each object. */
    void start() { next = 0; }

    /** Advances to the next member name; returns its index in the list, {@link #UNKNOWN} or {@link #END}. */
    int next(JsonParser p) throws IOException {
        if (next < names.length) {
            if (p.nextFieldName(names[next])) return next++;
        } else {
            p.nextToken();
        }
        if (p.currentToken() != JsonToken.FIELD_NAME) return END;
        String k = p.currentName();
        for (int i = 0; i < names.length; i++) {
            if (names[i].getValue().equals(k)) {
                next = i + 1;
                return i;
            }
        }
        return UNKNOWN;
    }
}
