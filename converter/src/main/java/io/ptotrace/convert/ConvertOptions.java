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
    /**
     * Marks added to the picture the rules built, before it is windowed or written (e.g. hazard findings): each is
     * given the picture and the deps.json path the run was read with.
     */
    public final java.util.List<java.util.function.BiConsumer<io.ptotrace.convert.picture.TracePicture, Path>> overlays = new java.util.ArrayList<>();
    /** Working directory for discovery. */
    public Path cwd = Path.of("");
}
