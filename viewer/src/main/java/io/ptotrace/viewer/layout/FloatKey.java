package io.ptotrace.viewer.layout;

/** An int that orders like the float it is made from, for packing a sort key with a tie-breaker into one long. */
final class FloatKey {
    private FloatKey() {}

    static int of(float f) {
        int b = Float.floatToIntBits(f + 0.0f); // + 0.0f turns -0.0 into 0.0
        return b < 0 ? b ^ 0x7fffffff : b;
    }
}
