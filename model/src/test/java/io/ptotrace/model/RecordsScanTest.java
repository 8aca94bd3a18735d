package io.ptotrace.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The records file's fast path ({@link RecordsScan}) reads exactly what the general reader reads: on every sample
 * it either gives up or makes the same timeline with the same warnings, and on thousands of altered files reading
 * (fast path first) ends as the general reader alone ends, with the same timeline or the same message.
 */
class RecordsScanTest {
    private static final Path TESTDATA = Path.of("..", "testdata");

    @TempDir
    Path tmp;

    /** What a read ended in: the timeline and warnings, or the message. */
    private static String outcome(Path file, boolean general) {
        List<String> warnings = new ArrayList<>();
        try {
            Timeline tl = general
                    ? RecordsReader.readGeneral(file, ReadOptions.DEFAULT.keepingCycles(), warnings::add)
                    : RecordsReader.read(file, ReadOptions.DEFAULT.keepingCycles(), warnings::add);
            return dump(tl) + "\nwarnings " + warnings;
        } catch (RuntimeException e) {
            return "failed " + e.getClass().getSimpleName() + ": " + e.getMessage() + "\nwarnings " + warnings;
        }
    }

    private static String dump(Timeline t) {
        StringBuilder b = new StringBuilder();
        b.append(t.era)
                .append(' ')
                .append(t.level)
                .append(' ')
                .append(t.clockFreqHz)
                .append('\n');
        b.append(Arrays.toString(t.coreTypes))
                .append(Arrays.toString(t.coreToThread))
                .append('\n');
        b.append(t.rows)
                .append(' ')
                .append(t.aicpuJoined)
                .append(' ')
                .append(t.orchestratorSource)
                .append('\n');
        b.append(Arrays.toString(t.taskId)).append(Arrays.toString(t.coreId)).append(Arrays.toString(t.coreType));
        for (double[] d : new double[][] {t.start, t.end, t.dispatch, t.finish, t.localSetup, t.receive})
            b.append(Arrays.toString(d));
        b.append('\n').append(t.timelineMetadata).append('\n').append(t.streams == null);
        for (Timeline.Upload u : t.uploads)
            b.append(' ')
                    .append(u.phase)
                    .append(u.startUs)
                    .append(' ')
                    .append(u.endUs)
                    .append(u.detail);
        AicoreCycles c = t.cycles();
        if (c != null)
            b.append('\n')
                    .append(Arrays.toString(c.core))
                    .append(Arrays.toString(c.task))
                    .append(Arrays.toString(c.start))
                    .append(Arrays.toString(c.end));
        PhaseTable p = t.phases;
        for (int r = 0; r < p.size(); r++) {
            b.append('\n')
                    .append(p.kind(r))
                    .append(' ')
                    .append(p.startUs(r))
                    .append(' ')
                    .append(p.endUs(r));
            for (int s = 0; s <= PhaseTable.TASK_ID; s++) {
                Object v = p.has(r, s) ? p.value(r, s) : "-";
                b.append(' ').append(v).append(v == null ? "" : v.getClass().getSimpleName());
            }
            b.append(' ').append(p.taskIdOk(r) ? p.taskId(r) : "?").append(p.taskIdNonNegative(r));
            b.append(' ').append(p.depthsValid(r));
            b.append(' ').append(p.hasRunEpoch(r) ? p.runEpoch(r) : "-");
        }
        for (List<PhaseTable.Lane> lanes : List.of(
                t.schedulerPhases == null ? List.<PhaseTable.Lane>of() : t.schedulerPhases,
                t.orchestratorPhases == null ? List.<PhaseTable.Lane>of() : t.orchestratorPhases))
            for (PhaseTable.Lane l : lanes)
                b.append("\nlane ").append(l.from).append('-').append(l.to);
        return b.toString();
    }

    private static List<Path> samples() throws IOException {
        try (Stream<Path> s = Files.walk(TESTDATA)) {
            return s.filter(f -> f.getFileName().toString().matches("(l2|chip)_swimlane_records\\.json"))
                    .sorted()
                    .toList();
        }
    }

    @Test
    void everySampleReadsAsTheGeneralReaderReadsIt() throws IOException {
        List<Path> files = samples();
        assertThat(files).hasSizeGreaterThan(20);
        int scanned = 0;
        for (Path f : files) {
            List<String> w = new ArrayList<>();
            Timeline fast = null;
            try {
                fast = RecordsReader.readScanned(f, ReadOptions.DEFAULT.keepingCycles(), w::add);
            } catch (RuntimeException e) {
                throw new AssertionError(f + ": the fast path threw instead of giving up", e);
            }
            if (fast == null) continue;
            scanned++;
            assertThat(dump(fast) + "\nwarnings " + w).as(f.toString()).isEqualTo(outcome(f, true));
        }
        // the l2 and chip era samples (all but the streams era's and the malformed ones) take the fast path
        assertThat(scanned).isGreaterThanOrEqualTo(12);
    }

    @Test
    void theLevel4SampleTakesTheFastPath() {
        Path f = TESTDATA.resolve("conformance/level4_full_a2a3/l2_swimlane_records.json");
        assertThat(RecordsReader.readScanned(f, ReadOptions.DEFAULT, s -> {})).isNotNull();
    }

    private static final Pattern NUMBER = Pattern.compile("-?\\d+");

    /** Replacements for one number: what runtimes, other tools and corrupt files write. */
    private static final String[] NUMBERS = {
        "1.0",
        "1e3",
        "-0",
        "00",
        "01",
        "null",
        "\"7\"",
        "true",
        "9223372036854775807",
        "9223372036854775808",
        "18446744073709551615",
        "18446744073709551616",
        "-9223372036854775808",
        "-9223372036854775809",
        "2147483648",
        "-1",
        "1048576",
        "1048575",
        "123456789012345678901234",
        "[1]",
        "{}",
        "1.5",
        "-",
        "0x10",
        " 5 "
    };

    /** Other alterations of the text, each applied at a random place of its kind. */
    private static String alter(String s, Random rnd) {
        switch (rnd.nextInt(9)) {
            case 0:
            case 1:
            case 2: { // one number
                Matcher m = NUMBER.matcher(s);
                List<int[]> at = new ArrayList<>();
                while (m.find()) at.add(new int[] {m.start(), m.end()});
                int[] a = at.get(rnd.nextInt(at.size()));
                return s.substring(0, a[0]) + NUMBERS[rnd.nextInt(NUMBERS.length)] + s.substring(a[1]);
            }
            case 3: { // a key respelled, escaped, doubled or foreign
                Matcher m = Pattern.compile("\"([a-z_]+)\":").matcher(s);
                List<int[]> at = new ArrayList<>();
                while (m.find()) at.add(new int[] {m.start(1), m.end(1)});
                int[] a = at.get(rnd.nextInt(at.size()));
                String k = s.substring(a[0], a[1]);
                String[] to = {
                    k.replaceFirst("_", "\\\\u005f"),
                    k + "x",
                    "host_device_uploads",
                    "scheduler_records",
                    "pop_hit",
                    "start_host_ns",
                    "kind",
                    "run_epoch",
                    "task_id",
                    "l2_swimlane_level",
                    "aicore_tasks"
                };
                return s.substring(0, a[0]) + to[rnd.nextInt(to.length)] + s.substring(a[1]);
            }
            case 4: { // a kind's text
                Matcher m = Pattern.compile("\"kind\": *\"([a-z_]+)\"").matcher(s);
                List<int[]> at = new ArrayList<>();
                while (m.find()) at.add(new int[] {m.start(1), m.end(1)});
                if (at.isEmpty()) return s;
                int[] a = at.get(rnd.nextInt(at.size()));
                String[] to = {"d\\u0069spatch", "caf\u00e9", "tab\\t", "", "x\"y", "\u0001"};
                return s.substring(0, a[0]) + to[rnd.nextInt(to.length)] + s.substring(a[1]);
            }
            case 5: { // a column or depth more or fewer
                int i = s.indexOf(rnd.nextBoolean() ? "]," : "],\n", rnd.nextInt(s.length()));
                if (i < 0) return s;
                return rnd.nextBoolean() ? s.substring(0, i) + ", 3" + s.substring(i) : dropLastItem(s, i);
            }
            case 6: { // a structural byte removed or doubled
                int i = rnd.nextInt(s.length());
                while (i < s.length() && "{}[],:\"".indexOf(s.charAt(i)) < 0) i++;
                if (i == s.length()) return s;
                return rnd.nextBoolean()
                        ? s.substring(0, i) + s.substring(i + 1)
                        : s.substring(0, i + 1) + s.substring(i);
            }
            case 7: // trailing content or a cut
                return rnd.nextBoolean()
                        ? s + (rnd.nextBoolean() ? " \n" : "x")
                        : s.substring(0, rnd.nextInt(s.length()));
            default: { // a whole section null, empty or an unknown member added
                String[] keys = {
                    "aicore_tasks", "aicpu_tasks", "aicpu_scheduler_phases", "aicpu_orchestrator_phases", "metadata"
                };
                String k = "\"" + keys[rnd.nextInt(keys.length)] + "\": ";
                int i = s.indexOf(k);
                if (i < 0) return s;
                String[] to = {"null", "[]", "[[]]", "{}", "7"};
                String val = to[rnd.nextInt(to.length)];
                if (rnd.nextBoolean())
                    return s.substring(0, i) + "\"zz_unknown\": [1, {\"a\": \"b\"}], " + s.substring(i);
                int v = i + k.length();
                int e = valueEnd(s, v);
                return e < 0 ? s : s.substring(0, v) + val + s.substring(e);
            }
        }
    }

    private static String dropLastItem(String s, int close) {
        int comma = s.lastIndexOf(',', close);
        int open = s.lastIndexOf('[', close);
        return comma > open ? s.substring(0, comma) + s.substring(close) : s;
    }

    /** The end of the JSON value starting at {@code i} (brackets counted, strings without brackets assumed). */
    private static int valueEnd(String s, int i) {
        char c = s.charAt(i);
        if (c != '[' && c != '{') {
            int e = i;
            while (e < s.length() && ",}\n".indexOf(s.charAt(e)) < 0) e++;
            return e;
        }
        int depth = 0;
        for (int e = i; e < s.length(); e++) {
            char x = s.charAt(e);
            if (x == '[' || x == '{') depth++;
            else if (x == ']' || x == '}') if (--depth == 0) return e + 1;
        }
        return -1;
    }

    @Test
    void alteredFilesEndAsTheGeneralReaderEnds() throws IOException {
        List<Path> bases = new ArrayList<>();
        for (String s : List.of(
                "conformance/level4_full_a2a3/l2_swimlane_records.json",
                "conformance/chip_level4_aicpu/chip_swimlane_records.json",
                "conformance/level3_sched_phases/l2_swimlane_records.json",
                "conformance/chip_host_aligned/chip_swimlane_records.json",
                "conformance/level1_aicore_only/l2_swimlane_records.json")) bases.add(TESTDATA.resolve(s));
        Random rnd = new Random(20261206);
        int fastTaken = 0, rounds = 0;
        for (Path base : bases) {
            String text = Files.readString(base);
            for (int i = 0; i < 160; i++) {
                String s = text;
                for (int k = 1 + rnd.nextInt(2); k > 0; k--) s = alter(s, rnd);
                Path f = tmp.resolve("r" + rounds++ + "/" + base.getFileName());
                Files.createDirectories(f.getParent());
                Files.writeString(f, s);
                if (RecordsReader.readScanned(f, ReadOptions.DEFAULT, x -> {}) != null) fastTaken++;
                assertThat(outcome(f, false)).as(f + "\n" + s).isEqualTo(outcome(f, true));
            }
        }
        // the alterations leave many files the fast path reads, and send many to the general reader
        assertThat(fastTaken).isBetween(rounds / 10, rounds * 9 / 10);
    }
}
