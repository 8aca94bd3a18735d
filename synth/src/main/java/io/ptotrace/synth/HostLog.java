package io.ptotrace.synth;

import io.ptotrace.io.OutputFile;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A Host process's log as a streams-era runtime writes it: one {@code [STRACE]} span line per Host span,
 * each invocation a {@code chip.run} root with its identity, the {@code chip.run.runner_run} window that
 * contains the device work, the AICPU launch marker and the device-clock {@code device_wall} span with its
 * {@code sched}/{@code orch} phases. The device work is put at a known Host time, so a placement by span
 * containment has a true answer to find.
 */
final class HostLog {
    /** How long after the runner window opens the AICPU launch marker sits, ns. */
    static final long LAUNCH_NS = 9_000;
    /** Runner-window time beyond the device work (the placement's slack), ns. */
    static final long SLACK_NS = 40_000;

    /** One invocation: the device bounds of its capture and where on the Host it ran. */
    record Invocation(
            long inv,
            long runnerStartNs,
            long runId,
            long dispatchId,
            long runEpoch,
            long clockFreqHz,
            long extentLo,
            long extentHi,
            long schedLo,
            long schedHi,
            long orchLo,
            long orchHi) {

        long deviceWallNs() {
            return ceilNs(extentHi - extentLo) + 100;
        }

        long runnerDurationNs() {
            return LAUNCH_NS + deviceWallNs() + SLACK_NS;
        }

        private long ceilNs(long cycles) {
            return Math.floorDiv(cycles * 1_000_000_000L + clockFreqHz - 1, clockFreqHz);
        }

        private long floorNs(long cycles) {
            return Math.floorDiv(cycles * 1_000_000_000L, clockFreqHz);
        }
    }

    private final long pid;
    private final long tid;
    private final List<Invocation> invocations = new ArrayList<>();

    HostLog(long pid) {
        this.pid = pid;
        this.tid = pid + 17;
    }

    void add(Invocation i) {
        invocations.add(i);
    }

    /** The log's name beside the captures: {@code host.<pid>.log}. */
    String fileName() {
        return "host." + pid + ".log";
    }

    /** Writes the log into {@code file}, an output of the caller's output set (put in place with the set). */
    void write(OutputFile.Pending file) throws IOException {
        try (Writer w = new OutputStreamWriter(file.open(false), StandardCharsets.US_ASCII)) {
            w.write("[mono_ns=1][T0x7f3a01399000][INFO] load_runtime: loaded libaicpu_runtime.so\n");
            for (Invocation i : invocations) {
                write(w, i);
            }
        }
    }

    private void write(Writer w, Invocation i) throws IOException {
        long hid = (pid * 1_000_003L + i.inv()) & 0xffffffffL;
        long runner = i.runnerStartNs();
        long launch = runner + LAUNCH_NS;
        long wall = i.deviceWallNs();
        long runnerDur = i.runnerDurationNs();
        span(w, i, hid, 2, "chip.run.runner_run.aicpu_launch", launch, 0, "");
        span(w, i, hid, 2, "chip.run.runner_run.device_wall", 0, wall, "clk=dev");
        long firstPhase =
                Math.min(i.schedLo() > 0 ? i.schedLo() : Long.MAX_VALUE, i.orchLo() > 0 ? i.orchLo() : Long.MAX_VALUE);
        if (firstPhase != Long.MAX_VALUE && firstPhase > i.extentLo())
            span(
                    w,
                    i,
                    hid,
                    3,
                    "chip.run.runner_run.device_wall.preamble",
                    0,
                    i.floorNs(firstPhase - i.extentLo()),
                    "clk=dev");
        phase(w, i, hid, "sched", i.schedLo(), i.schedHi());
        phase(w, i, hid, "orch", i.orchLo(), i.orchHi());
        span(w, i, hid, 1, "chip.run.runner_run", runner, runnerDur, "");
        span(w, i, hid, 1, "chip.run.collect", runner + runnerDur + 2_000, 7_000, "");
        span(
                w,
                i,
                hid,
                0,
                "chip.run",
                runner - 40_000,
                runnerDur + 60_000,
                "run_id=" + i.runId() + " dispatch_id=" + i.dispatchId() + " slot_id=0 generation=1 run_epoch="
                        + i.runEpoch());
    }

    /** A device phase on the device_wall timeline, rounded outward so the capture's records fit inside it. */
    private void phase(Writer w, Invocation i, long hid, String name, long lo, long hi) throws IOException {
        if (lo <= 0 || hi < lo) {
            return;
        }
        long s = i.floorNs(lo - i.extentLo());
        long e = i.ceilNs(hi - i.extentLo()) + 1;
        span(w, i, hid, 3, "chip.run.runner_run.device_wall." + name, s, e - s, "clk=dev");
    }

    private void span(Writer w, Invocation i, long hid, int depth, String name, long ts, long dur, String attrs)
            throws IOException {
        long mono = Math.max(1, i.runnerStartNs() + i.runnerDurationNs());
        w.write("[mono_ns=" + mono + "][T0x7f3a01399000][TIMING] emit_host_span: [STRACE] v=1 pid=" + pid + " tid="
                + tid
                + " inv=" + i.inv() + " hid=" + Long.toHexString(hid) + " depth=" + depth + " name=" + name + " ts="
                + ts
                + " dur=" + dur + " " + attrs + "\n");
    }
}
