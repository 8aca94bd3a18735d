package io.ptotrace.model;

import java.util.Map;
import java.util.Set;

/**
 * The colour of each scheduler phase kind on the scheduler lanes, one table for every capture era and runtime
 * (Perfetto's named colours), and the kinds each vocabulary draws.
 */
public final class PhaseColours {
    private PhaseColours() {}

    private static final Map<String, String> COLOUR = Map.ofEntries(
            Map.entry("complete", "good"),
            Map.entry("dispatch", "terrible"),
            Map.entry("async_poll", "yellow"),
            Map.entry("release", "olive"),
            Map.entry("dummy", "grey"),
            Map.entry("early_dispatch", "rail_animation"),
            Map.entry("drain", "cq_build_running"),
            Map.entry("drain_prepare", "cq_build_attempt_runnable"),
            Map.entry("drain_publish", "cq_build_attempt_passed"),
            Map.entry("resolve", "vsync_highlight_color"),
            Map.entry("graph_prepare", "rail_animation"),
            Map.entry("bootstrap", "rail_animation"),
            Map.entry("state_probe", "cq_build_running"),
            Map.entry("worksteal", "cq_build_attempt_failed"),
            Map.entry("refill", "cq_build_attempt_passed"),
            Map.entry("idle", "grey"));

    /** The kinds the l2 and chip eras draw (and a streams capture of no known runtime). */
    public static final Set<String> OLDER_ERAS = Set.of(
            "complete",
            "dispatch",
            "async_poll",
            "release",
            "dummy",
            "early_dispatch",
            "drain",
            "drain_prepare",
            "drain_publish",
            "resolve",
            "graph_prepare");

    /** The colour of a drawn kind; a kind of no entry is generic work. */
    public static String of(String kind) {
        return COLOUR.getOrDefault(kind, "generic_work");
    }
}
