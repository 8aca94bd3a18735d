package io.ptotrace.critpath;

import java.util.regex.Pattern;

/**
 * A kernel's family: its name without a trailing instance number and core suffix ({@code gate_0_aic} →
 * {@code gate}, {@code exp_up_mm_2} → {@code exp_up_mm}, {@code attn_aiv} → {@code attn}).
 */
public final class KernelFamily {
    private KernelFamily() {}

    // Python's re semantics: \d is any Unicode digit, $ also matches before one final \n
    private static final Pattern SUFFIX =
            Pattern.compile("(_\\d+)?(_(?:aic|aiv))?$", Pattern.UNICODE_CHARACTER_CLASS | Pattern.UNIX_LINES);

    public static String of(String name) {
        return SUFFIX.matcher(name).replaceFirst("");
    }
}
