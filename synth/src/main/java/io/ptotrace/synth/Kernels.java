package io.ptotrace.synth;

import java.util.Map;
import java.util.TreeMap;

/** The kernel palette of synthetic runs: func ids, display names and nominal execution times. */
final class Kernels {
    private Kernels() {}

    /** AIC-only kernels (slot 0). */
    static final int[] AIC = {0, 2, 4, 11, 16, 19};
    /** AIV-only kernels (slot 1). */
    static final int[] AIV = {1, 3, 5, 12, 13, 15, 17, 20};
    /** AIV kernels that occupy slot 2 (aiv1) alone. */
    static final int[] AIV1_ONLY = {14};
    /** MIX kernels: {aic, aiv0, aiv1 (or -1)}. */
    static final int[][] MIX = {{6, 7, 8}, {9, 10, -1}};

    /** Display names; ids 19 and 20 are deliberately unnamed (they render as func_N_xx). */
    static final String[] NAMES = new String[22];
    /** Nominal kernel execution time in nanoseconds, by func id. */
    static final int[] EXEC_NS = new int[22];

    static {
        def(0, "QK", 6000);
        def(1, "SF", 6000);
        def(2, "PV", 7000);
        def(3, "UP", 5000);
        def(4, "MM", 9000);
        def(5, "ADD", 3500);
        def(6, "fa_fused_aic", 10000);
        def(7, "fa_fused_aiv0", 9500);
        def(8, "fa_fused_aiv1", 9500);
        def(9, "gate_mix_aic", 9000);
        def(10, "gate_mix_aiv", 8500);
        def(11, "bgemm", 12000);
        def(12, "SPMD_WRITE_AIV", 3000);
        def(13, "v_proj", 8000);
        def(14, "rope_aiv1", 4500);
        def(15, "rmsnorm", 5000);
        def(16, "qkv_proj", 10000);
        def(17, "rope", 4500);
        def(19, null, 8000);
        def(20, null, 5000);
        def(18, "silu", 4000);
        def(21, "exp_gate_mm", 7000);
    }

    private static void def(int id, String name, int ns) {
        NAMES[id] = name;
        EXEC_NS[id] = ns;
    }

    /** The id of the kernel with this display name, or −1. */
    static int idOf(String name) {
        for (int i = 0; i < NAMES.length; i++) if (name.equals(NAMES[i])) return i;
        return -1;
    }

    /** {@code callable_id_to_name} of the name map: every named id, in numeric order. */
    static Map<Integer, String> nameMap() {
        Map<Integer, String> m = new TreeMap<>();
        for (int i = 0; i < NAMES.length; i++) {
            if (NAMES[i] != null) {
                m.put(i, NAMES[i]);
            }
        }
        return m;
    }
}
