package io.ptotrace.check;

/** The six kinds of finding, with their JSON key, their words in a report, their severity and why they matter. */
public enum HazardKind {
    UNTRACKED_READER(
            "untracked_reader",
            "untracked reader",
            Severity.WARNING,
            "a plain INPUT registers nothing, so this later overlapping write cannot wait for it and may overwrite the bytes "
                    + "while they are still being read"),
    LOST_WAR(
            "lost_war",
            "lost WAR edge",
            Severity.ERROR,
            "the reader is TRACKED_INPUT, so the runtime should have ordered the overlapping write after it and did not "
                    + "(a dep_gen or runtime bug)"),
    LOST_RAW(
            "lost_raw",
            "lost RAW edge",
            Severity.ERROR,
            "the read has no path from the last writer of these bytes, so it may read them before they are written"),
    UNORDERED_OVERWRITE(
            "unordered_overwrite",
            "unordered overwrite",
            Severity.WARNING,
            "OUTPUT_EXISTING writers stay unordered by contract, but the earlier INOUT also read these bytes, so the "
                    + "overwrite can corrupt its input"),
    UNORDERED_WRITERS(
            "unordered_writers",
            "unordered writers",
            Severity.INFO,
            "two writers of the same bytes with no order between them: allowed by the writers' contract, so the bytes "
                    + "end up with either value"),
    EDGE_WITHOUT_OVERLAP(
            "edge_without_overlap",
            "edge without overlap",
            Severity.INFO,
            "a tensormap edge whose two recorded regions share no byte: an order the data does not need");

    /** The key in the JSON report. */
    public final String key;
    /** The kind in a sentence. */
    public final String words;

    public final Severity severity;
    public final String why;

    HazardKind(String key, String words, Severity severity, String why) {
        this.key = key;
        this.words = words;
        this.severity = severity;
        this.why = why;
    }

    /** What to change, for a finding of this kind. */
    public String fix(Finding f) {
        switch (this) {
            case UNTRACKED_READER:
                return "declare arg " + f.first().slot() + " of " + f.first().display()
                        + " TRACKED_INPUT (add_tracked_input), " + "or add an explicit dependency "
                        + f.first().display() + " -> " + f.second().display();
            case LOST_WAR:
                return "the runtime lost the WAR edge " + f.first().display() + " -> "
                        + f.second().display()
                        + "; report it (dep_gen / TensorMap), or add an explicit dependency meanwhile";
            case LOST_RAW:
                return "the runtime lost the RAW edge " + f.first().display() + " -> "
                        + f.second().display() + "; check the slices' declared types, or add an explicit dependency";
            case UNORDERED_OVERWRITE:
                return "declare arg " + f.second().slot() + " of " + f.second().display()
                        + " INOUT, or add an explicit dependency " + f.first().display() + " -> "
                        + f.second().display();
            case UNORDERED_WRITERS:
                return "add an explicit dependency " + f.first().display() + " -> "
                        + f.second().display() + " if the later value must win";
            default:
                return "none needed; the edge may be dropped, or its recorded geometry is wrong";
        }
    }

    /** The kind of a JSON key, or null. */
    public static HazardKind ofKey(String key) {
        for (HazardKind k : values()) if (k.key.equals(key)) return k;
        return null;
    }
}
