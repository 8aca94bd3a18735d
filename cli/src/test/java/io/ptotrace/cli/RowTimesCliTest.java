package io.ptotrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * An AICore row whose end is before its start, or whose cycle count no counter reaches (2^63 and beyond, or
 * negative), is refused the same way in every capture era and by every command that reads rows: one line, exit
 * 2, nothing written.
 */
class RowTimesCliTest {
    @TempDir
    Path dir;

    /** A 60-task run of {@code era} whose fourth AICore row has start and end as given (null: swapped). */
    Path run(String era, String start, String end) throws Exception {
        Path r = dir.resolve("run");
        assertThat(Cli.run("synth", "-o", r.toString(), "-n", "60", "--era", era)
                        .status())
                .isZero();
        Path records = r.resolve(era.equals("l2") ? "l2_swimlane_records.json" : "chip_swimlane_records.json");
        String text = Files.readString(records);
        // a row is written as [core, task, reg, start, end, ...]: the fourth array of five integers or more
        Matcher m =
                Pattern.compile("\\[(\\d+), ?(\\d+), ?(\\d+), ?(\\d+), ?(\\d+)").matcher(text);
        int found = 0;
        while (m.find()) if (++found == 4) break;
        assertThat(found).isEqualTo(4);
        String s = start == null ? m.group(5) : start, e = end == null ? m.group(4) : end;
        String row = "[" + m.group(1) + ", " + m.group(2) + ", " + m.group(3) + ", " + s + ", " + e;
        Files.writeString(records, text.substring(0, m.start()) + row + text.substring(m.end()));
        return r;
    }

    @ParameterizedTest
    @CsvSource(
            nullValues = "swap",
            value = {
                "l2, swap, swap",
                "chip, swap, swap",
                "l2, 9223372036854775808, 9223372036854775809",
                "chip, 9223372036854775808, 9223372036854775808",
                "l2, -1, 100",
                "chip, -5, -1",
                "l2, 100, 18446744073709551611"
            })
    void everyCommandRefusesTheRow(String era, String start, String end) throws Exception {
        Path r = run(era, start, end);
        Map<String, String> before = Cli.snapshot(r);
        for (List<String> cmd : List.of(
                List.of("convert", r.toString(), "-o", dir.resolve("t.json").toString()),
                List.of(
                        "compare",
                        r.toString(),
                        r.toString(),
                        "-o",
                        dir.resolve("c.txt").toString()))) {
            Cli.Result res = Cli.run(cmd.toArray(new String[0]));
            assertThat(res.status()).as(cmd + "\n" + res.stderr()).isEqualTo(2);
            assertThat(res.errorLine()).contains("has invalid timing: expected 0 <= start_cycles <= end_cycles");
        }
        Cli.Result cp = Cli.run("critical-path", r.toString());
        assertThat(cp.status()).isEqualTo(2);
        assertThat(cp.stderr()).contains("has invalid timing: expected 0 <= start_cycles <= end_cycles");
        assertThat(Cli.snapshot(r)).isEqualTo(before);
        assertThat(dir.resolve("t.json")).doesNotExist();
        assertThat(dir.resolve("c.txt")).doesNotExist();
    }

    /** A phase record's cycle count no counter reaches: convert refuses it; critical-path, which reads no phases, warns. */
    @org.junit.jupiter.api.Test
    void aPhaseRecordBeyondAnyCounterIsRefusedByConvertAndNamedByCriticalPath() throws Exception {
        Path r = dir.resolve("phases");
        Files.createDirectories(r);
        for (String f : List.of("l2_swimlane_records.json", "deps.json", "name_map_pa_level4.json"))
            Files.copy(Path.of("..", "testdata", "runs", "pa_level4", f), r.resolve(f));
        Path records = r.resolve("l2_swimlane_records.json");
        String text = Files.readString(records);
        String bad = text.replaceFirst("\"start_cycles\": ?\\d+", "\"start_cycles\": -5");
        assertThat(bad).isNotEqualTo(text);
        Files.writeString(records, bad);
        Cli.Result c =
                Cli.run("convert", r.toString(), "-o", dir.resolve("p.json").toString());
        assertThat(c.status()).isEqualTo(2);
        assertThat(c.errorLine())
                .contains("record 0: its start cycle count 18446744073709551611 is 2^63 or more")
                .contains("a corrupt value");
        Cli.Result cp = Cli.run("critical-path", r.toString());
        assertThat(cp.status()).as(cp.stderr()).isZero();
        assertThat(cp.stderr()).contains("needs only the AICore rows");
    }
}
