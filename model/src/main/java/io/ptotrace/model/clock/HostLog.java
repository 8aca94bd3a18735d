package io.ptotrace.model.clock;

import io.ptotrace.io.Inputs;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code [STRACE]} span records of a Host log: one record per span the host runtime timed, anywhere in a
 * line (a line may hold several). A span's attribute text runs to the next record, the next log prefix or the
 * end of the line.
 */
public final class HostLog {
    private HostLog() {}

    /** One span: host ns unless {@link #deviceClock} (then ns on the device-phase timeline). */
    public static final class Span {
        public final long pid, tid, inv, depth;
        public final String name;
        public final long ts, dur;
        public final Map<String, String> attrs;

        Span(long pid, long tid, long inv, long depth, String name, long ts, long dur, Map<String, String> attrs) {
            this.pid = pid;
            this.tid = tid;
            this.inv = inv;
            this.depth = depth;
            this.name = name;
            this.ts = ts;
            this.dur = dur;
            this.attrs = attrs;
        }

        public boolean deviceClock() {
            return "dev".equals(attrs.get("clk"));
        }

        /** An integer attribute, or null. */
        public Long intAttr(String key) {
            String v = attrs.get(key);
            if (v == null || !v.matches("-?[0-9]+")) return null;
            try {
                return Long.parseLong(v);
            } catch (NumberFormatException e) {
                return null;
            }
        }
    }

    private static final Pattern RECORD = Pattern.compile(
            "\\[STRACE\\] v=(\\d+) pid=(\\d+) tid=(\\d+) inv=(\\d+) hid=([0-9a-fA-F]+) depth=(\\d+) name=(\\S+) ts=(-?\\d+) dur=(-?\\d+)");
    private static final Pattern END_OF_ATTRS = Pattern.compile("\\[STRACE\\]|\\[mono_ns=");

    /** Every span of the logs, in file and line order. */
    public static List<Span> read(List<Path> logs) {
        List<Span> out = new ArrayList<>();
        for (Path log : logs) {
            try (BufferedReader r =
                    new BufferedReader(new InputStreamReader(Inputs.open(log), StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) parseLine(line, out);
            } catch (IOException e) {
                throw Inputs.cannotRead(log, e);
            }
        }
        return out;
    }

    static void parseLine(String line, List<Span> out) {
        if (!line.contains("[STRACE]")) return;
        Matcher m = RECORD.matcher(line);
        int at = 0;
        while (m.find(at)) {
            int attrFrom = m.end();
            Matcher e = END_OF_ATTRS.matcher(line);
            int attrTo = e.find(attrFrom) ? e.start() : line.length();
            Map<String, String> attrs = new LinkedHashMap<>();
            for (String kv : line.substring(attrFrom, attrTo).trim().split("\\s+")) {
                int eq = kv.indexOf('=');
                if (eq > 0) attrs.put(kv.substring(0, eq), kv.substring(eq + 1));
            }
            try {
                out.add(new Span(
                        Long.parseLong(m.group(2)),
                        Long.parseLong(m.group(3)),
                        Long.parseLong(m.group(4)),
                        Long.parseLong(m.group(6)),
                        decode(m.group(7)),
                        Long.parseLong(m.group(8)),
                        Long.parseLong(m.group(9)),
                        attrs));
            } catch (NumberFormatException ignored) {
                // a number beyond 64 bits: not a span any window can use
            }
            at = attrTo;
        }
    }

    /** {@code %XX} escapes in a span name. */
    static String decode(String name) {
        if (name.indexOf('%') < 0) return name;
        java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c == '%' && i + 2 < name.length() && isHex(name.charAt(i + 1)) && isHex(name.charAt(i + 2))) {
                b.write(Integer.parseInt(name.substring(i + 1, i + 3), 16));
                i += 2;
            } else {
                byte[] bytes = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
                b.write(bytes, 0, bytes.length);
            }
        }
        return b.toString(StandardCharsets.UTF_8);
    }

    private static boolean isHex(char c) {
        return Character.digit(c, 16) >= 0;
    }
}
