package io.ptotrace.convert;

import io.ptotrace.model.Era;
import io.ptotrace.synth.SynthOptions;

/** The options of the generated streams-era captures the directory-mode tests build their trees from. */
final class GeneratedTrees {
    private GeneratedTrees() {}

    /** Level 4, streams era, {@code tasks} a rank: the rest as each test needs. */
    static SynthOptions.Builder streams(int tasks, long seed) {
        return SynthOptions.builder().tasks(tasks).level(4).seed(seed).era(Era.STREAMS);
    }
}
