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

    private ProgramNames(NameMap any) {
        this.any = any;
    }

    /** Checks the configs against the captures' programs and reads each once; warnings go to {@code warn}. */
    static ProgramNames of(
            Path anyConfig,
            Map<String, Path> programConfigs,
            List<DispatchSelection.Capture> captures,
            Consumer<String> warn) {
        TreeSet<String> programs = new TreeSet<>();
        for (DispatchSelection.Capture c : captures) {
            try {
                String p = DispatchProgram.of(c);
                if (p != null) programs.add(p);
            } catch (InputProblem unreadable) {
                // that rank fails when it is read, with this line
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

    /** Whether {@code -k} gave no config at all (then every dispatch takes its own name map). */
    boolean none() {
        return any == null && byProgram.isEmpty();
    }

    /** The names -k gives a dispatch of {@code program} (null: unmarked), or null when -k names none for it. */
    NameMap forProgram(String program) {
        if (program != null && byProgram.containsKey(program)) return byProgram.get(program);
        return any;
    }
}
