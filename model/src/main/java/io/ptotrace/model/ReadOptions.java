package io.ptotrace.model;

import java.nio.file.Path;
import java.util.List;

/**
 * What a reader of one capture is told besides the file: the Host logs to place it with (none given: the logs
 * beside the capture).
 */
public final class ReadOptions {
    public static final ReadOptions DEFAULT = new ReadOptions(List.of());

    /** The Host logs given ({@code --host-log}); empty for the logs beside the capture. */
    public final List<Path> hostLogs;

    public ReadOptions(List<Path> hostLogs) { this.hostLogs = List.copyOf(hostLogs); }
}
