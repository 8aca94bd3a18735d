package io.ptotrace.viewer;

import io.ptotrace.io.InputProblem;
import io.ptotrace.model.RecordsReader;
import io.ptotrace.model.RunLocator;
import io.ptotrace.model.Timeline;
import io.ptotrace.model.util.SecondThread;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;

/** The swimlane records file beside a deps.json, as far as the views use it: which tasks ran. */
final class PerfSidecar {
    final Path file;
    /** Distinct task ids with a joined row, ascending (unsigned). */
    final long[] taskIds;
    /** Per entry of {@link #taskIds}: the core type its rows ran on, {@code mix} for more than one, or null. */
    private final String[] coreTypes;
    /** The raw AICore rows and the clock, when they were asked for (the HTML page's critical path); else null. */
    final io.ptotrace.model.AicoreCycles cycles;

    final long clockFreqHz;

    private PerfSidecar(
            Path file, long[] taskIds, String[] coreTypes, io.ptotrace.model.AicoreCycles cycles, long clockFreqHz) {
        this.file = file;
        this.taskIds = taskIds;
        this.coreTypes = coreTypes;
        this.cycles = cycles;
        this.clockFreqHz = clockFreqHz;
    }

    /** The records file next to {@code deps} (newer name first), as a sibling of the path given; or null. */
    static Path beside(Path deps) {
        Path dir = deps.toAbsolutePath().getParent();
        Path f = dir == null ? null : RunLocator.recordsIn(dir);
        return f == null ? null : deps.resolveSibling(f.getFileName().toString());
    }

    /** Reads {@code file}; a file the reader refuses is a warning and no sidecar (null). */
    static PerfSidecar read(Path file, Consumer<String> warn) {
        return read(file, warn, false);
    }

    /** As {@link #read(Path, Consumer)}; {@code withCycles} keeps the raw AICore rows. */
    static PerfSidecar read(Path file, Consumer<String> warn, boolean withCycles) {
        Timeline t;
        try {
            t = RecordsReader.read(file, warn, withCycles);
        } catch (InputProblem e) {
            warn.accept("Warning: couldn't read " + file + ": " + e.getMessage()
                    + (e.where() == null ? "" : " (at " + e.where() + ")"));
            return null;
        } catch (RuntimeException e) {
            warn.accept("Warning: couldn't read " + file + ": " + e);
            return null;
        }
        long[] ids = Arrays.copyOf(t.taskId, t.rows);
        for (int i = 0; i < ids.length; i++) ids[i] ^= Long.MIN_VALUE;
        Arrays.sort(ids);
        int m = 0;
        for (int i = 0; i < ids.length; i++) if (m == 0 || ids[i] != ids[m - 1]) ids[m++] = ids[i];
        ids = Arrays.copyOf(ids, m);
        for (int i = 0; i < m; i++) ids[i] ^= Long.MIN_VALUE;
        String[] types = new String[m];
        for (int row = 0; row < t.rows; row++) {
            String type = t.coreType[row];
            if (type == null || type.isEmpty()) continue;
            int k = indexIn(ids, t.taskId[row]);
            if (types[k] == null) types[k] = type;
            else if (!types[k].equals(type)) types[k] = "mix";
        }
        return new PerfSidecar(file, ids, types, t.cycles(), t.clockFreqHz);
    }

    boolean has(long id) {
        return indexIn(taskIds, id) >= 0;
    }

    /** The core type a task ran on ({@code mix} when its rows name several), or null when unknown or absent. */
    String coreType(long id) {
        int k = indexIn(taskIds, id);
        return k < 0 ? null : coreTypes[k];
    }

    private static int indexIn(long[] taskIds, long id) {
        int lo = 0, hi = taskIds.length - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int c = Long.compareUnsigned(taskIds[mid], id);
            if (c < 0) lo = mid + 1;
            else if (c > 0) hi = mid - 1;
            else return mid;
        }
        return -1;
    }

    /**
     * Reads the sidecar on a thread of its own, beside the deps.json read; {@link Pending#join} hands over the
     * result and its warnings.
     */
    static Pending start(Path file) {
        return new Pending(file, false);
    }

    /** As {@link #start(Path)}, keeping the raw AICore rows when {@code withCycles}. */
    static Pending start(Path file, boolean withCycles) {
        return new Pending(file, withCycles);
    }

    static final class Pending {
        private final List<String> warnings = new ArrayList<>();
        private final SecondThread<PerfSidecar> read;

        private Pending(Path file, boolean withCycles) {
            read = SecondThread.start(
                    "perf-sidecar",
                    () -> read(
                            file,
                            line -> {
                                synchronized (warnings) {
                                    warnings.add(line);
                                }
                            },
                            withCycles));
        }

        PerfSidecar join(Consumer<String> warn) {
            read.await();
            synchronized (warnings) {
                warnings.forEach(warn);
            }
            return read.joinUnchecked();
        }
    }
}
