package io.ptotrace.compare;

import java.nio.file.Path;

/**
 * One capture to read: a run folder's files, or one rank's capture of a {@code dfx_outputs/} tree. {@code deps}
 * and {@code nameMap} are null when the folder has none; {@code rank} is −1 for a single capture.
 */
public record Capture(Path dir, int rank, Path records, Path deps, Path nameMap) {
    /** How reports name it: the folder, with its rank in a tree. */
    public String shown() {
        return rank < 0 ? dir.toString() : dir + " (rank" + rank + ")";
    }
}
