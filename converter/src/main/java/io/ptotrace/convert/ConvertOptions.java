package io.ptotrace.convert;

import java.nio.file.Path;

/** What the user asked {@code convert} for. */
public final class ConvertOptions {
    /** Trace file formats. */
    public enum Format {
        JSON, PFTRACE, BOTH;

        /** The format a trace file's name stands for: protobuf for {@code .pftrace} and {@code .perfetto-trace}, else JSON. */
        public static Format ofName(Path file) {
            String n = file.getFileName().toString();
            return n.endsWith(".pftrace") || n.endsWith(".perfetto-trace") ? PFTRACE : JSON;
        }
    }

    public Path input;
    public Path output;
    public Path kernelConfig;
    public Path funcNames;
    public Path depsJson;
    public boolean verbose;
    public boolean overhead;
    /** The .pftrace carries every arg of the JSON trace instead of the lean set. */
    public boolean fullArgs;
    /** null: decide from the output name (none given: both). */
    public Format format;
    /** {@code --split}: also write the .pftrace as time windows each estimated under this many bytes; null: not. */
    public Long splitBudget;
    /** {@code --window}: write only this window of the trace; null: the whole trace. */
    public WindowSpec window;
    /** Adds marks to the picture the rules built, before it is windowed or written (e.g. hazard findings). */
    @FunctionalInterface
    public interface OverlayStep {
        /** {@code run} is the run as read, {@code depsJson} the deps.json path it was read from (it may not exist). */
        void add(io.ptotrace.convert.picture.TracePicture picture, io.ptotrace.model.Run run, Path depsJson);
    }

    /** The overlay steps, in order. */
    public final java.util.List<OverlayStep> overlays = new java.util.ArrayList<>();
    /** Working directory for discovery. */
    public Path cwd = Path.of("");
}
