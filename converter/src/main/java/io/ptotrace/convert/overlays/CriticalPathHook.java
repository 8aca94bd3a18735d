package io.ptotrace.convert.overlays;

import io.ptotrace.convert.picture.OverlayProducer;
import io.ptotrace.critpath.RunAnalysis;
import io.ptotrace.critpath.RunGraph;
import io.ptotrace.model.Run;
import io.ptotrace.model.RunLocator;
import io.ptotrace.model.Timeline;
import io.ptotrace.model.deps.DepsReader;
import io.ptotrace.model.graph.TaskGraph;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;

/** {@code convert --critical-path}: analyses the run being converted and draws its {@link CriticalPathOverlay}. */
public final class CriticalPathHook {
    private CriticalPathHook() {}

    /** {@code depsJson} as given to convert (null: the one beside the records). */
    public static OverlayProducer of(Path depsJson, PrintStream err) {
        return CriticalPathOverlay.producer(ctx -> {
            Run run = ctx.run();
            Timeline tl = run.timeline;
            Path deps = depsJson != null ? depsJson : RunLocator.depsBeside(tl.file);
            if (!Files.exists(deps) || Files.isDirectory(deps)) {
                err.println(
                        "Warning: --critical-path needs the run's deps.json (" + deps + "); no critical path marked.");
                return null;
            }
            if (tl.cycles() == null || tl.cycles().rows == 0) {
                err.println("Warning: --critical-path: no aicore_tasks records in " + tl.file
                        + "; no critical path marked.");
                return null;
            }
            TaskGraph g = TaskGraph.read(deps, DepsReader.Detail.PROJECTION, TaskGraph.Duplicates.LAST, err::println);
            String label = tl.file.toAbsolutePath().getParent() == null
                    ? tl.file.toString()
                    : String.valueOf(tl.file.toAbsolutePath().getParent().getFileName());
            RunAnalysis a = new RunAnalysis(
                    label, tl.era, RunGraph.build(tl.file, tl.cycles(), tl.clockFreqHz, g, run.names, 2), tl);
            return a;
        });
    }
}
