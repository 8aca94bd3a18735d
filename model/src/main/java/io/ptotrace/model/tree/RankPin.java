package io.ptotrace.model.tree;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** {@code --rank-pid RANK=PID[:INV]}: a rank's capture pinned to a Host process (and invocation) of the Host logs. */
public final class RankPin {
    private static final Pattern FORM = Pattern.compile("([0-9]+)=([0-9]+)(?::(.*))?");

    public final int rank;
    public final long pid;
    /** −1 when only the process is named. */
    public final long inv;

    public RankPin(int rank, long pid, long inv) {
        this.rank = rank;
        this.pid = pid;
        this.inv = inv;
    }

    public static RankPin parse(String item) {
        Matcher m = FORM.matcher(item == null ? "" : item.strip());
        if (!m.matches())
            throw new IllegalArgumentException(
                    "--rank-pid must be RANK=PID or RANK=PID:INV (for example, 0=4242), not '" + item + "'");
        long inv = -1;
        if (m.group(3) != null) {
            if (!m.group(3).matches("[0-9]+"))
                throw new IllegalArgumentException(
                        "--rank-pid invocation must be a number, as RANK=PID:INV, not '" + item + "'");
            inv = parseNumber(m.group(3), item);
        }
        long rank = parseNumber(m.group(1), item);
        if (rank > Integer.MAX_VALUE)
            throw new IllegalArgumentException(
                    "--rank-pid must be RANK=PID or RANK=PID:INV (for example, 0=4242), not '" + item + "'");
        return new RankPin((int) rank, parseNumber(m.group(2), item), inv);
    }

    private static long parseNumber(String s, String item) {
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    "--rank-pid must be RANK=PID or RANK=PID:INV (for example, 0=4242), not '" + item + "'");
        }
    }

    @Override
    public String toString() {
        return rank + "=" + pid + (inv >= 0 ? ":" + inv : "");
    }
}
