package io.ptotrace.convert;

import io.ptotrace.convert.pftrace.PacketCompression;
import io.ptotrace.convert.picture.OverlayProducer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** What the user asked {@code convert} for. */
public final class ConvertOptions {
    /** Trace file formats. */
    public enum Format {
        JSON,
        PFTRACE,
        BOTH;

        /** The format a trace file's name stands for: protobuf for {@code .pftrace} and {@code .perfetto-trace}, else JSON. */
        public static Format ofName(Path file) {
            String n = file.getFileName().toString();
            return n.endsWith(".pftrace") || n.endsWith(".perfetto-trace") ? PFTRACE : JSON;
        }
    }

    public Path input;
    public Path output;
    /** {@code -k FILE}: the kernel config of every dispatch, or null. */
    public Path kernelConfig;
    /** {@code -k PROGRAM=FILE}: the kernel config of each L2 program (a dispatch folder's dispatch_program.json). */
    public java.util.Map<String, Path> programKernelConfigs = new java.util.LinkedHashMap<>();

    public Path funcNames;
    public Path depsJson;
    public boolean verbose;
    public boolean overhead;
    /** The .pftrace carries every arg of the JSON trace instead of the lean set. */
    public boolean fullArgs;
    /** How the .pftrace's packets are stored. */
    public PacketCompression compression = PacketCompression.DEFLATE;
    /** null: decide from the output name (none given: both). */
    public Format format;
    /** {@code --split}: also write the .pftrace as time windows each estimated under this many bytes; null: not. */
    public Long splitBudget;
    /** {@code --window}: write only this window of the trace; null: the whole trace. */
    public WindowSpec window;
    /** Analyses that mark the trace, applied in this order to the picture before it is written. */
    public final List<OverlayProducer> overlays = new ArrayList<>();
    /**
     * Files of the calling command (a report) committed in the same set as the traces: all of them appear, or none
     * does. Their paths are checked against the inputs like the traces'.
     */
    public final List<io.ptotrace.io.Outputs.Job> alongside = new ArrayList<>();
    /** Keep the raw AICore cycle rows in the timeline (an overlay that counts in clock ticks needs them). */
    public boolean keepCycles;
    /** Directory mode: {@code --dispatch dN}, or null. */
    public String dispatch;
    /** Directory mode: {@code --dispatch-id RUN:SLOT}, or null. */
    public String dispatchId;
    /** Directory mode: {@code --rank-pid RANK=PID[:INV]} pins, in the order given. */
    public java.util.List<io.ptotrace.model.tree.RankPin> rankPins = new java.util.ArrayList<>();
    /** {@code --host-log}: the Host logs a streams-era capture is placed with; empty: the logs beside the capture. */
    public java.util.List<Path> hostLogs = java.util.List.of();
    /** Working directory for discovery. */
    public Path cwd = Path.of("");
}
