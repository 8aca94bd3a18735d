package io.ptotrace.model;

import java.nio.file.Path;
import java.util.List;

/**
 * What a reader of one capture is told besides the file: the Host logs to place it with (none given: the logs
 * beside the capture), a placement and time origin decided outside it, and whether to keep the raw AICore rows.
 */
public final class ReadOptions {
    public static final ReadOptions DEFAULT = new ReadOptions(List.of());

    /** The Host logs given ({@code --host-log}); empty for the logs beside the capture. */
    public final List<Path> hostLogs;
    /**
     * A placement decided outside this capture (a directory of ranks pairs every rank with its Host window
     * first), used instead of reading logs; null: the capture is placed on its own.
     */
    public final io.ptotrace.model.clock.Placement placement;
    /** The Host ns every rank of a merged trace measures from (must be > 0 and needs a placement); null: the capture's own. */
    public final Long sharedOriginNs;

    public ReadOptions(List<Path> hostLogs) {
        this(hostLogs, null, null);
    }

    /** Keep the raw AICore rows in the timeline ({@link Timeline#cycles()}): analyses that count in clock ticks need them. */
    public final boolean keepCycles;

    public ReadOptions(List<Path> hostLogs, io.ptotrace.model.clock.Placement placement, Long sharedOriginNs) {
        this(hostLogs, placement, sharedOriginNs, false);
    }

    public ReadOptions(
            List<Path> hostLogs, io.ptotrace.model.clock.Placement placement, Long sharedOriginNs, boolean keepCycles) {
        this.hostLogs = List.copyOf(hostLogs);
        this.placement = placement;
        this.sharedOriginNs = sharedOriginNs;
        this.keepCycles = keepCycles;
    }

    /** These options, keeping the raw AICore rows too. */
    public ReadOptions keepingCycles() {
        return new ReadOptions(hostLogs, placement, sharedOriginNs, true);
    }
}
