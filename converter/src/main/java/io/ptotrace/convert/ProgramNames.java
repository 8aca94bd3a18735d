package io.ptotrace.convert;

import io.ptotrace.io.InputProblem;
import io.ptotrace.model.KernelConfig;
import io.ptotrace.model.NameMap;
import io.ptotrace.model.tree.DispatchProgram;
import io.ptotrace.model.tree.DispatchSelection;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * The kernel configs {@code -k} gives a tree: one for every dispatch ({@code -k FILE}, when the dispatches being
 * merged ran one L2 program), or one per program ({@code -k PROGRAM=FILE}, matched to the program a dispatch
 * folder's {@code dispatch_program.json} names). Each program numbers its kernels from 0, so a dispatch takes
 * names from its own program's config or its own name map, never from another program's.
 */
final class ProgramNames {
    private final NameMap any;
    private final Map<String, NameMap> byProgram = new LinkedHashMap<>();
    /** Each capture's program (null: no marker), or the problem of its marker; read once. */
    private final Map<DispatchSelection.Capture, Object> programOf = new java.util.IdentityHashMap<>();

    private ProgramNames(NameMap any) {
        this.any = any;
    }

    /** Checks the configs against the captures' programs and reads each once; warnings go to {@code warn}. */
    static ProgramNames of(
            Path anyConfig,
            Map<String, Path> programConfigs,
            List<DispatchSelection.Capture> captures,
            Consumer<String> warn) {
        Map<DispatchSelection.Capture, Object> programOf = new java.util.IdentityHashMap<>();
        TreeSet<String> programs = new TreeSet<>();
        for (DispatchSelection.Capture c : captures) {
            try {
                String p = DispatchProgram.of(c);
                programOf.put(c, p);
                if (p != null) programs.add(p);
            } catch (InputProblem unreadable) {
                programOf.put(c, unreadable); // that rank fails when it is read, with this line
            }
        }
        if (anyConfig != null && programs.size() > 1)
            throw new InputProblem(
                    (String) null,
                    "-k " + anyConfig + " would name the kernels of " + programs.size() + " L2 programs ("
                            + String.join(", ", programs)
                            + "), which each number their kernels from 0: give each its own -k PROGRAM=FILE",
                    null,
                    null);
        ProgramNames names = new ProgramNames(anyConfig == null ? null : KernelConfig.read(anyConfig, warn));
        names.programOf.putAll(programOf);
        for (Map.Entry<String, Path> e : programConfigs.entrySet()) {
            if (!programs.contains(e.getKey()))
                warn.accept("Warning: -k " + e.getKey() + "=" + e.getValue()
                        + " is not used: no dispatch being merged ran program " + e.getKey()
                        + (programs.isEmpty()
                                ? " (no dispatch folder carries a " + DispatchProgram.FILE + ")"
                                : " (they ran " + String.join(", ", programs) + ")"));
            names.byProgram.put(e.getKey(), KernelConfig.read(e.getValue(), warn));
        }
        return names;
    }

    /**
     * The names -k gives capture {@code c} (by the program its marker names), or null when -k names none for it; an
     * unreadable marker is that capture's input problem.
     */
    NameMap forCapture(DispatchSelection.Capture c) {
        Object program = programOf.get(c);
        if (program instanceof InputProblem) throw (InputProblem) program;
        if (program != null && byProgram.containsKey(program)) return byProgram.get(program);
        return any;
    }
}
