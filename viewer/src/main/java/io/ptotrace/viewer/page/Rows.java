package io.ptotrace.viewer.page;

import java.util.Arrays;

/**
 * Detail rows of the page's nodes or edges, the text the panel shows: each owner has a run of rows, each row a kind
 * and a run of interned fields. Owners are filled in ascending order.
 */
public final class Rows {
    /** A line of fields, shown joined with {@code " · "}. */
    public static final byte TEXT = 0;
    /** An input slot of the tensor view: its fields are its lines. */
    public static final byte INPUT = 1;
    /** An output slot of the tensor view. */
    public static final byte OUTPUT = 2;
    /** A line of a diff's detail (what changed), shown apart from the args. */
    public static final byte CHANGE = 3;

    private final StringTable strings;
    private final int[] ownerStart;
    private int owner;
    private byte[] kind = new byte[16];
    private int[] fieldStart = new int[17];
    private int[] fields = new int[64];
    private int rows, fieldCount;

    public Rows(StringTable strings, int owners) {
        this.strings = strings;
        this.ownerStart = new int[owners + 1];
    }

    /** Appends a row to {@code owner}, which must not be below the last owner given. */
    public void add(int owner, byte rowKind, String... texts) {
        moveTo(owner);
        if (rows == kind.length) {
            kind = Arrays.copyOf(kind, rows * 2);
            fieldStart = Arrays.copyOf(fieldStart, rows * 2 + 1);
        }
        if (fieldCount + texts.length > fields.length)
            fields = Arrays.copyOf(fields, Math.max(fields.length * 2, fieldCount + texts.length));
        kind[rows] = rowKind;
        for (String t : texts) fields[fieldCount++] = strings.code(t);
        fieldStart[++rows] = fieldCount;
    }

    /** Appends a row of already interned fields: the first {@code n} of {@code codes}. */
    public void addCodes(int owner, byte rowKind, int[] codes, int n) {
        moveTo(owner);
        if (rows == kind.length) {
            kind = Arrays.copyOf(kind, rows * 2);
            fieldStart = Arrays.copyOf(fieldStart, rows * 2 + 1);
        }
        if (fieldCount + n > fields.length) fields = Arrays.copyOf(fields, Math.max(fields.length * 2, fieldCount + n));
        kind[rows] = rowKind;
        System.arraycopy(codes, 0, fields, fieldCount, n);
        fieldCount += n;
        fieldStart[++rows] = fieldCount;
    }

    private void moveTo(int o) {
        if (o < owner) throw new IllegalStateException("rows must be added in owner order");
        while (owner < o) ownerStart[++owner] = rows;
    }

    /** The owners' row starts (owner count + 1 entries). */
    int[] ownerStarts() {
        // owners past the last one given have no rows (a later add overwrites these entries as it moves on)
        Arrays.fill(ownerStart, owner + 1, ownerStart.length, rows);
        return ownerStart;
    }

    /** The row kinds; the first {@link #rowCount} count. */
    byte[] kinds() {
        return kind;
    }

    /** The rows' field starts; the first {@link #rowCount} + 1 count. */
    int[] fieldStarts() {
        return fieldStart;
    }

    /** The fields; the first {@link #fieldCount} count. */
    int[] fields() {
        return fields;
    }

    int fieldCount() {
        return fieldCount;
    }

    public int rowCount() {
        return rows;
    }

    /** The texts of row {@code r}. */
    public String[] row(int r) {
        String[] t = new String[fieldStart[r + 1] - fieldStart[r]];
        for (int i = 0; i < t.length; i++) t[i] = strings.text(fields[fieldStart[r] + i]);
        return t;
    }

    public byte kind(int r) {
        return kind[r];
    }

    /** The rows of an owner are {@code from(o) .. to(o) - 1}. */
    public int from(int o) {
        return o <= owner ? ownerStart[o] : rows;
    }

    public int to(int o) {
        return o < owner ? ownerStart[o + 1] : rows;
    }
}
