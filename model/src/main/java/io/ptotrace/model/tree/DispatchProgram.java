package io.ptotrace.model.tree;

import io.ptotrace.io.InputProblem;
import io.ptotrace.model.JsonValues;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Map;

/**
 * A dispatch folder's {@code dispatch_program.json} ({@code {"program": NAME}}): the L2 program that dispatch ran.
 * An L3 build can dispatch several L2 programs, each numbering its kernels from 0, so a kernel id names a kernel
 * only together with its program.
 */
public final class DispatchProgram {
    public static final String FILE = "dispatch_program.json";

    private DispatchProgram() {}

    /** The program the dispatch in {@code dir} ran, or null when the folder carries no marker. */
    public static String of(Path dir) {
        Path file = dir.resolve(FILE);
        if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) return null;
        Object doc = JsonValues.readFile(file);
        Object program = doc instanceof Map ? ((Map<?, ?>) doc).get("program") : null;
        if (!(program instanceof String) || ((String) program).isBlank())
            throw new InputProblem(
                    file, "expected an object whose \"program\" is the L2 program's name, a non-empty string", null);
        return (String) program;
    }

    /**
     * The program of a capture: its own folder's marker, or for a dispatch captured in two passes the marker of
     * either pass (both must name the same program when both have one).
     */
    public static String of(DispatchSelection.Capture c) {
        String timing = of(c.dir);
        if (!c.joined()) return timing;
        String graph = of(c.graphDir);
        if (timing != null && graph != null && !timing.equals(graph))
            throw new InputProblem(
                    (String) null,
                    "the graph pass " + c.graphDir + " ran program " + graph + " and the timing pass " + c.dir + " ran "
                            + timing + "; they are not one dispatch",
                    null,
                    null);
        return graph != null ? graph : timing;
    }
}
