package io.ptotrace.model.util;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.io.SerializedString;
import java.io.IOException;

/**
 * The member names of one kind of JSON object (a deps.json entry, a phase record) and the order the runtime
 * writes them in. Reading names through it lets Jackson compare the expected next name with the input
 * bytes instead of looking every name up; members in another order, unknown or missing members still read
 * correctly, only slower.
 */
public final class MemberOrder {
    /** {@link #next} at the end of the object. */
    public static final int END = -1;
    /** {@link #next} for a member whose name is not in the list. */
    public static final int UNKNOWN = -2;

    private final SerializedString[] names;
    private final int[] expected; // name indexes in the order they usually come
    private final int[] position; // name index → its place in expected, or −1
    private int next;

    /** Names expected in the order given. */
    public MemberOrder(String... names) {
        this(names, identity(names.length));
    }

    /** @param expected indexes into {@code names}, in the order they usually come */
    public MemberOrder(String[] names, int... expected) {
        this.names = new SerializedString[names.length];
        for (int i = 0; i < names.length; i++) this.names[i] = new SerializedString(names[i]);
        this.expected = expected.clone();
        position = new int[names.length];
        java.util.Arrays.fill(position, -1);
        for (int k = 0; k < expected.length; k++) position[expected[k]] = k;
    }

    private static int[] identity(int n) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) a[i] = i;
        return a;
    }

    /** Call at the start of each object. */
    public void start() {
        next = 0;
    }

    /** Advances to the next member name; returns its index in the names, {@link #UNKNOWN} or {@link #END}. */
    public int next(JsonParser p) throws IOException {
        if (next < expected.length) {
            int i = expected[next];
            if (p.nextFieldName(names[i])) {
                next++;
                return i;
            }
        } else {
            p.nextToken();
        }
        if (p.currentToken() != JsonToken.FIELD_NAME) return END;
        String k = p.currentName();
        for (int i = 0; i < names.length; i++) {
            if (names[i].getValue().equals(k)) {
                if (position[i] >= 0) next = position[i] + 1;
                return i;
            }
        }
        return UNKNOWN;
    }
}
