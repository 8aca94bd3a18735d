package io.ptotrace.convert;

import java.util.Map;

/** Which scheduler/orchestrator phases are drawn, and their colours. */
final class PhaseStyle {
    private PhaseStyle() {}

    private static final Map<String, String> SCHED = Map.ofEntries(
        Map.entry("complete", "good"), Map.entry("dispatch", "terrible"), Map.entry("async_poll", "yellow"),
        Map.entry("release", "olive"), Map.entry("dummy", "grey"), Map.entry("early_dispatch", "rail_animation"),
        Map.entry("drain", "cq_build_running"), Map.entry("drain_prepare", "cq_build_attempt_runnable"),
        Map.entry("drain_publish", "cq_build_attempt_passed"), Map.entry("resolve", "vsync_highlight_color"),
        Map.entry("graph_prepare", "rail_animation"));

    private static final Map<String, String> ORCH = Map.of(
        "orch_submit", "rail_animation", "orch_sync", "thread_state_iowait", "orch_alloc", "terrible",
        "orch_params", "good", "orch_lookup", "thread_state_running", "orch_insert", "olive", "orch_fanin", "rail_animation");

    static boolean isDrawn(String phase) { return SCHED.containsKey(phase); }

    static String schedulerColor(String phase) { return SCHED.getOrDefault(phase, "generic_work"); }

    static String orchestratorColor(String phase) { return ORCH.getOrDefault(phase, "generic_work"); }
}
