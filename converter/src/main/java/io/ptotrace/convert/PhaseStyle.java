package io.ptotrace.convert;

import io.ptotrace.model.PhaseColours;
import io.ptotrace.model.TaskRuntime;
import io.ptotrace.model.Timeline;
import java.util.Map;

/** Which scheduler/orchestrator phases are drawn, and their colours (the scheduler's in {@link PhaseColours}). */
final class PhaseStyle {
    private PhaseStyle() {}

    private static final Map<String, String> ORCH = Map.of(
            "orch_submit",
            "rail_animation",
            "orch_sync",
            "thread_state_iowait",
            "orch_alloc",
            "terrible",
            "orch_params",
            "good",
            "orch_lookup",
            "thread_state_running",
            "orch_insert",
            "olive",
            "orch_fanin",
            "rail_animation");

    static boolean isDrawn(String phase) {
        return PhaseColours.OLDER_ERAS.contains(phase);
    }

    static String schedulerColor(String phase) {
        return PhaseColours.of(phase);
    }

    /** The kind as drawn: a streams-era runtime may record one phase under a name of its own. */
    static String canonical(Timeline tl, String kind) {
        TaskRuntime r = tl.runtime();
        return r == null ? kind : r.canonicalKind(kind);
    }

    /** Whether a (canonical) kind is drawn on the scheduler lanes: each runtime has its own vocabulary. */
    static boolean isDrawn(Timeline tl, String phase) {
        TaskRuntime r = tl.runtime();
        return r == null ? isDrawn(phase) : r.draws(phase);
    }

    static String schedulerColor(Timeline tl, String phase) {
        TaskRuntime r = tl.runtime();
        return r == null ? schedulerColor(phase) : r.colour(phase);
    }

    private static final Map<String, String> AICORE_DISPLAY = Map.of(
            "complete",
            "Completion",
            "resolve",
            "Resolve",
            "state_probe",
            "StateProbe",
            "dispatch",
            "Dispatch",
            "worksteal",
            "Worksteal",
            "refill",
            "Refill");

    /** How a phase of a stream the AICore scheduler wrote is named. */
    static String aicoreDisplay(String phase) {
        return AICORE_DISPLAY.getOrDefault(phase, phase);
    }

    static String orchestratorColor(String phase) {
        return ORCH.getOrDefault(phase, "generic_work");
    }
}
