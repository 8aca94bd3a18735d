package io.ptotrace.model;

/**
 * Tensor ids of deps.json.
 *
 * <p>{@code tensor_id = FNV-1a-64} over 12 bytes: the 8 bytes of {@code buffer_addr} in little-endian
 * order, then the 4 bytes of {@code version} (as uint32) in little-endian order. The result is an
 * unsigned 64-bit value held in a {@code long}; print it with {@link Long#toUnsignedString(long)}.
 * Check value: {@code fnv1a(29204938752L, 0)} prints as {@code 13451765318376212391}.
 */
public final class TensorIds {
    /** FNV-1a 64-bit offset basis. */
    public static final long FNV_OFFSET_BASIS = 0xcbf29ce484222325L;
    /** FNV-1a 64-bit prime. */
    public static final long FNV_PRIME = 0x100000001b3L;

    private TensorIds() {}

    /**
     * The tensor id of {@code (bufferAddr, version)}: FNV-1a-64 over the little-endian bytes of
     * {@code bufferAddr} (8 bytes, unsigned interpretation of the bits) then of {@code version}
     * (4 bytes, unsigned interpretation of the bits).
     */
    public static long fnv1a(long bufferAddr, int version) {
        long h = FNV_OFFSET_BASIS;
        for (int i = 0; i < 8; i++) {
            h ^= (bufferAddr >>> (8 * i)) & 0xFFL;
            h *= FNV_PRIME;
        }
        for (int i = 0; i < 4; i++) {
            h ^= (version >>> (8 * i)) & 0xFFL;
            h *= FNV_PRIME;
        }
        return h;
    }
}
