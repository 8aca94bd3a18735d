package io.ptotrace.model.deps;

import static org.assertj.core.api.Assertions.assertThat;

import io.ptotrace.io.InputProblem;
import io.ptotrace.model.TestFiles;
import io.ptotrace.model.util.PlainValues;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The projection's fast path reads what the general reader reads, and gives way to it for everything else: every
 * sample deps.json and thousands of damaged copies give the same projection, warnings and errors either way.
 */
class DepsProjectionScanTest {
    @TempDir
    Path dir;

    private static final Path TESTDATA = Path.of("..", "testdata");

    /** Everything the converter can ask a projection, and the warnings or the error of reading it. */
    private static String describe(Path file, boolean general) {
        List<String> warnings = new ArrayList<>();
        DepsProjection d;
        try {
            d = general ? DepsProjection.readByReader(file, warnings::add) : DepsProjection.read(file, warnings::add);
        } catch (InputProblem e) {
            return "error: " + e.getMessage() + " at " + e.where();
        }
        StringBuilder sb = new StringBuilder();
        sb.append("edges listed ").append(d.edgesLoaded()).append(", pairs ").append(d.pairCount());
        sb.append("\nadjacency ").append(DepsProjectionTest.adjacency(d));
        sb.append("\nkernels ").append(d.kernelMapSize()).append(", block map ").append(d.hasBlockMap());
        for (long t : d.blockTaskIds()) {
            sb.append("\n task ")
                    .append(Long.toUnsignedString(t))
                    .append(" blocks ")
                    .append(d.blockNum(t));
            if (d.hasKernels(t))
                sb.append(" kernels ")
                        .append(d.kernel(t, 0))
                        .append(',')
                        .append(d.kernel(t, 1))
                        .append(',')
                        .append(d.kernel(t, 2));
        }
        sb.append("\nwarnings ").append(warnings);
        return sb.toString();
    }

    private static List<Path> samples() throws IOException {
        try (Stream<Path> s = Files.walk(TESTDATA)) {
            return s.filter(p -> p.getFileName().toString().equals("deps.json"))
                    .sorted()
                    .collect(Collectors.toList());
        }
    }

    @Test
    void everySampleReadsAsTheGeneralReaderReadsIt() throws IOException {
        List<Path> files = samples();
        assertThat(files).hasSizeGreaterThan(20);
        int fast = 0;
        for (Path f : files) {
            assertThat(describe(f, false)).as(f.toString()).isEqualTo(describe(f, true));
            if (scan(f, new DepsProjection())) fast++;
        }
        // the runtime's own files take the fast path (the damaged and hand-made ones may not)
        assertThat(scan(TESTDATA.resolve("runs/pa_level4/deps.json"), new DepsProjection()))
                .isTrue();
        assertThat(fast).isGreaterThan(files.size() / 2);
    }

    @Test
    void ordinaryFilesTakeTheFastPath() {
        Path f = TestFiles.write(dir, "deps.json", """
            {"runtime": "tensormap_and_ringbuffer",
             "tasks": [{"task_id": "4294967296", "scope": "auto", "kernel_ids": [3, -1, 12], "block_num": 4,
                        "args": [{"idx": 0, "type": "INPUT", "shape": [1, 2e3, -0.5], "x": [true, false, null]}]},
                       {"task_id": 7, "kernel_ids": [1, 2], "block_num": null, "early_dispatch": true},
                       {"task_id": "18446744073709551615", "note": "a \\"quoted\\" \\u00e9 \\n"}],
             "tensors": [{"tensor_id": "1", "version": 0}],
             "edges": [{"pred": "4294967296", "succ": "7", "arg": 0, "flags": ["wait"]},
                       {"succ": "7", "pred": "18446744073709551615"},
                       {"pred": "7"}]}
            """);
        assertThat(scan(f, new DepsProjection())).isTrue();
        assertThat(describe(f, false))
                .isEqualTo(describe(f, true))
                .contains("task 4294967296 blocks 4 kernels 3,-1,12");
    }

    @Test
    void keysReadAfterSkippedMembersAreStillRead() {
        // the members between the keys read are skipped a run at a time: a key read may follow them, or come again
        Path f = TestFiles.write(dir, "deps.json", """
            {"tasks": [{"scope": "auto", "args": [{"idx": 0, "shape": [4, 4]}], "task_id": "3", "x": {"y": []},
                        "kernel_ids": [1, 2, 3], "note": "n", "block_num": 2, "z": 0, "task_id": "5"}],
             "edges": [{"arg": 0, "source": "creator", "succ": "5", "tensor_id": "9", "pred": "3", "pred": "4",
                        "consumer_shape": [64, 64]},
                       {"x": -1.5e-3, "pred": "3", "y": [[], {}], "succ": "4"}]}
            """);
        assertThat(scan(f, new DepsProjection())).isTrue();
        assertThat(describe(f, false))
                .isEqualTo(describe(f, true))
                .contains("task 5 blocks 2 kernels 1,2,3")
                .contains("pairs 2");
    }

    @Test
    void aFileLongerThanTheBufferTakesTheFastPath() throws IOException {
        // about 4 MB: the scanner's 1 MB buffer is refilled, and moved, in the middle of members it skips
        StringBuilder sb = new StringBuilder("{\"tasks\": [\n");
        int n = 12_000;
        for (int i = 1; i <= n; i++)
            sb.append(i > 1 ? ",\n" : "")
                    .append("{\"task_id\": \"")
                    .append(i)
                    .append("\", \"scope\": \"auto\", \"kernel_ids\": [")
                    .append(i % 7)
                    .append(", -1, -1], \"block_num\": ")
                    .append(1 + i % 5)
                    .append(", \"args\": [{\"idx\": 0, \"type\": \"INPUT\", \"tensor_id\": \"")
                    .append(i * 7919L)
                    .append("\", \"shape\": [128, ")
                    .append(i % 300)
                    .append("], \"strides\": [128, 1]}]}");
        sb.append("],\n\"edges\": [\n");
        for (int i = 1; i < n; i++)
            sb.append(i > 1 ? ",\n" : "")
                    .append("{\"pred\": \"")
                    .append(i)
                    .append("\", \"succ\": \"")
                    .append(i + 1 + i % 3)
                    .append("\", \"arg\": 4, \"source\": \"creator\", \"tensor_id\": \"")
                    .append(i * 7919L)
                    .append("\", \"consumer_dtype\": \"FLOAT32\", \"consumer_shape\": [64, ")
                    .append(i % 64)
                    .append("], \"consumer_start_offset\": \"0\"}");
        sb.append("]}\n");
        Path f = Files.writeString(dir.resolve("deps.json"), sb);
        assertThat(Files.size(f)).isGreaterThan(3L << 20);
        assertThat(scan(f, new DepsProjection())).isTrue();
        assertThat(describe(f, false)).isEqualTo(describe(f, true)).contains("pairs " + (n - 1));
    }

    /** What the scanner hands its visitor, entry by entry. */
    private static List<String> entries(java.io.InputStream in) {
        List<String> seen = new ArrayList<>();
        DepsVisitor v = new DepsVisitor() {
            @Override
            public void task(DepsTask t) {
                seen.add("task " + t.index + " " + t.idOk + " " + t.id + " " + java.util.Arrays.toString(t.kernelIds)
                        + " " + t.blockNumRaw);
            }

            @Override
            public void edge(DepsEdge e) {
                seen.add("edge " + e.index + " " + e.endpointsOk + " " + e.pred + " " + e.succ);
            }
        };
        seen.add("whole " + DepsProjectionScan.read(in, v));
        return seen;
    }

    @Test
    void aStreamThatTricklesReadsAsTheWholeFile() throws IOException {
        // a few bytes a read: the buffer ends, and is moved, at every place a member can start or end
        byte[] file = Files.readAllBytes(TESTDATA.resolve("runs/pa_level4/deps.json"));
        List<String> whole = entries(new java.io.ByteArrayInputStream(file));
        assertThat(whole).endsWith("whole true").hasSizeGreaterThan(100);
        Random r = new Random(5);
        for (int round = 0; round < 20; round++) {
            int most = 1 + r.nextInt(24);
            java.io.InputStream trickle = new java.io.ByteArrayInputStream(file) {
                @Override
                public synchronized int read(byte[] b, int off, int len) {
                    return super.read(b, off, Math.min(len, 1 + r.nextInt(most)));
                }
            };
            assertThat(entries(trickle)).as("at most %d bytes a read", most).isEqualTo(whole);
        }
    }

    @Test
    void theRunSkipperAcceptsOnlyWholeJsonValues() throws IOException {
        // whatever the one-loop skipper takes must be one JSON value, exactly to where it says the value ends
        byte[] alphabet = "{}[]\",:0123456789-+.eE a\\\n\u0001".getBytes(StandardCharsets.ISO_8859_1);
        com.fasterxml.jackson.core.JsonFactory json = new com.fasterxml.jackson.core.JsonFactory();
        Random r = new Random(63);
        int taken = 0;
        for (int round = 0; round < 200_000; round++) {
            byte[] b = new byte[1 + r.nextInt(24)];
            for (int i = 0; i < b.length; i++) b[i] = alphabet[r.nextInt(alphabet.length)];
            int end = PlainValues.valueEnd(b, 0, b.length);
            if (end < 0) continue;
            taken++;
            String text = new String(b, StandardCharsets.ISO_8859_1);
            assertThat(end).as(text).isBetween(1, b.length);
            try (com.fasterxml.jackson.core.JsonParser p = json.createParser(b, 0, end)) {
                p.nextToken();
                p.skipChildren();
                assertThat(p.nextToken()).as(text).isNull();
            } catch (com.fasterxml.jackson.core.JsonParseException e) {
                throw new AssertionError("took " + text.substring(0, end) + " from " + text, e);
            }
        }
        assertThat(taken).as("some random texts are values").isGreaterThan(1000);
    }

    @Test
    void anythingUnusualGoesToTheGeneralReader() {
        String[] unusual = {
            "{\"tasks\": [{\"task_id\": \"1\", \"block_num\": 0}], \"edges\": []}", // a warning to give
            "{\"tasks\": [{\"task_id\": \"x1\"}], \"edges\": []}",
            "{\"tasks\": [{\"task_id\": \" 1 \"}], \"edges\": []}",
            "{\"tasks\": [{\"task_id\": \"18446744073709551616\"}], \"edges\": []}", // out of range
            "{\"tasks\": [{\"task_\\u0069d\": \"5\"}], \"edges\": []}", // an escaped key spells task_id
            "{\"tasks\": [{\"task_id\": 1.0}], \"edges\": []}",
            "{\"tasks\": [{\"task_id\": \"1\", \"kernel_ids\": [1, 2.5, 3]}], \"edges\": []}",
            "{\"edges\": [{\"pred\": \"1\", \"succ\": \"2\"},]}", // a trailing comma
            "{\"edges\": [{\"pred\": 01, \"succ\": \"2\"}]}",
            "{\"edges\": [{\"pred\": \"1\", \"succ\": \"2\", \"x\": \"caf\u00e9\"}]}", // non-ASCII
            "{\"edges\": [{\"pred\": \"1\", \"succ\": \"2\"}]} x",
            "{\"edges\": null}",
            "[]",
            "",
        };
        for (String json : unusual) {
            Path f = TestFiles.write(dir, "deps.json", json);
            assertThat(scan(f, new DepsProjection())).as(json).isFalse();
            assertThat(describe(f, false)).as(json).isEqualTo(describe(f, true));
        }
    }

    @Test
    void damagedCopiesReadAsTheGeneralReaderReadsThem() throws IOException {
        // a small piece keeps each mutated file quick to read twice: the first entries of each list
        List<String> lines = Files.readAllLines(TESTDATA.resolve("runs/pa_level4/deps.json"));
        StringBuilder piece = new StringBuilder("{");
        String list = null;
        int taken = 0;
        for (String line : lines) {
            String t = line.strip();
            if (t.startsWith("\"") && t.endsWith("[")) {
                piece.append(list == null ? "\n" : "],\n").append(t).append('\n');
                list = t;
                taken = 0;
            } else if (t.startsWith("{") && list != null && taken < 6) {
                piece.append(taken++ > 0 ? ",\n" : "").append(t.endsWith(",") ? t.substring(0, t.length() - 1) : t);
            }
        }
        byte[] seed = piece.append("]}\n").toString().getBytes(StandardCharsets.US_ASCII);
        assertThat(scan(Files.write(dir.resolve("seed.json"), seed), new DepsProjection()))
                .isTrue();
        byte[] alphabet = "{}[]\",:0123456789-+.eE tfnul\\\n\u0001x".getBytes(StandardCharsets.ISO_8859_1);
        Random r = new Random(22);
        int fast = 0;
        for (int round = 0; round < 1500; round++) {
            byte[] b = seed.clone();
            int edits = 1 + r.nextInt(3);
            for (int k = 0; k < edits; k++) {
                int at = r.nextInt(b.length);
                switch (r.nextInt(3)) {
                    case 0 -> b[at] = alphabet[r.nextInt(alphabet.length)];
                    case 1 -> b = splice(b, at, 1, new byte[0]);
                    default -> b = splice(b, at, 0, new byte[] {alphabet[r.nextInt(alphabet.length)]});
                }
            }
            Path f = dir.resolve("deps.json");
            Files.write(f, b);
            if (scan(f, new DepsProjection())) fast++;
            assertThat(describe(f, false))
                    .as("round %d: %s", round, new String(b, StandardCharsets.ISO_8859_1))
                    .isEqualTo(describe(f, true));
        }
        assertThat(fast)
                .as("some damage (inside skipped values) stays valid JSON")
                .isGreaterThan(50);
    }

    private static byte[] splice(byte[] b, int at, int remove, byte[] insert) {
        byte[] out = new byte[b.length - remove + insert.length];
        System.arraycopy(b, 0, out, 0, at);
        System.arraycopy(insert, 0, out, at, insert.length);
        System.arraycopy(b, at + remove, out, at + insert.length, b.length - at - remove);
        return out;
    }

    /** A read of {@code f} as convert's projection makes one with every core. */
    private static boolean scan(Path f, DepsVisitor v) {
        return DepsProjectionScan.read(f, v, Runtime.getRuntime().availableProcessors());
    }

    /** The visitor's calls in a read of {@code f}, in two halves from {@code start} when given; "replayed" counted. */
    private static List<String> calls(Path f, DepsSecondHalf.Start start, int[] replayed) {
        List<String> seen = new ArrayList<>();
        seen.add("whole " + DepsProjectionScan.read(f, recorder(seen, replayed), start));
        return seen;
    }

    /** As {@link #calls}, the read deciding on halves itself for {@code cores} cores. */
    private static List<String> callsOnCores(Path f, int cores, int[] replayed) {
        List<String> seen = new ArrayList<>();
        seen.add("whole " + DepsProjectionScan.read(f, recorder(seen, replayed), cores));
        return seen;
    }

    /** A visitor that writes each call into {@code seen}, counting the replayed entries (index −1) in "replayed". */
    private static DepsVisitor recorder(List<String> seen, int[] replayed) {
        return new DepsVisitor() {
            @Override
            public void task(DepsTask t) {
                if (t.index < 0) replayed[0]++;
                seen.add("task " + t.idOk + " " + t.id + " " + java.util.Arrays.toString(t.kernelIds) + " "
                        + t.blockNumRaw);
            }

            @Override
            public void edge(DepsEdge e) {
                if (e.index < 0) replayed[0]++;
                seen.add("edge " + e.endpointsOk + " " + e.pred + " " + e.succ);
            }

            @Override
            public void noEdgesList() {
                seen.add("no edges list");
            }
        };
    }

    private Path generated(int n) throws IOException {
        StringBuilder sb = new StringBuilder("{\"tasks\": [\n");
        for (int i = 1; i <= n; i++)
            sb.append(i > 1 ? ",\n" : "")
                    .append("{\"task_id\": \"")
                    .append(i)
                    .append("\", \"kernel_ids\": [")
                    .append(i % 7)
                    .append(", -1, -1], \"block_num\": ")
                    .append(1 + i % 5)
                    .append(", \"args\": [{\"idx\": 0, \"shape\": [128, ")
                    .append(i % 300)
                    .append("]}]}");
        sb.append("],\n\"edges\": [\n");
        for (int i = 1; i < n; i++)
            sb.append(i > 1 ? ",\n" : "")
                    .append("{\"pred\": \"")
                    .append(i)
                    .append("\", \"succ\": \"")
                    .append(i + 1 + i % 3)
                    .append("\", \"arg\": 4, \"consumer_shape\": [64, ")
                    .append(i % 64)
                    .append("]}");
        sb.append("]}\n");
        return Files.writeString(dir.resolve("gen" + n + ".json"), sb);
    }

    /** A file large enough for two halves is read in one on one core, and the visitor sees the same either way. */
    @Test
    void oneCoreReadsALargeFileInOnePiece() throws IOException {
        Path f = generated(380_000);
        assertThat(Files.size(f)).isGreaterThanOrEqualTo(DepsSecondHalf.MIN_BYTES);
        int[] oneCore = {0}, twoCores = {0};
        List<String> one = callsOnCores(f, 1, oneCore), two = callsOnCores(f, 2, twoCores);
        assertThat(one.get(one.size() - 1)).isEqualTo("whole true");
        assertThat(one).isEqualTo(two);
        assertThat(oneCore[0]).isZero();
        assertThat(twoCores[0]).isPositive(); // the second half's entries, handed over
    }

    /**
     * A file read in two halves hands its visitor exactly what a read in one does: from a start found near any
     * place (the half is then taken over), and from every opening brace of the file taken as a start, in either
     * array (entries, nested objects, braces in the wrong array: the first half then reads on alone).
     */
    @Test
    void aFileReadInTwoHalvesIsReadAsInOne() throws IOException {
        List<Path> files = new ArrayList<>();
        files.add(TESTDATA.resolve("runs/pa_level4/deps.json"));
        files.add(TESTDATA.resolve("conformance/multi_ring/deps.json"));
        files.add(TESTDATA.resolve("check/hand-manual_scope/deps.json"));
        files.add(generated(300));
        String tasksOnly = Files.readString(generated(200));
        files.add(Files.writeString(
                dir.resolve("tasks-only.json"), tasksOnly.substring(0, tasksOnly.indexOf("],\n\"edges\"")) + "]}\n"));
        int takenOver = 0;
        for (Path f : files) {
            List<String> one = calls(f, null, new int[1]);
            assertThat(one).as(f.toString()).endsWith("whole true");
            byte[] b = Files.readAllBytes(f);
            for (int i = 0; i < b.length; i++) {
                if (b[i] != '{') continue;
                for (boolean edges : new boolean[] {false, true}) {
                    int[] replayed = new int[1];
                    assertThat(calls(f, new DepsSecondHalf.Start(i, edges), replayed))
                            .as(f + " split at " + i + (edges ? " (edges)" : " (tasks)"))
                            .isEqualTo(one);
                    if (replayed[0] > 0) takenOver++;
                }
            }
            for (int k = 1; k < 8; k++) {
                DepsSecondHalf.Start s = DepsSecondHalf.find(f, b.length * k / 8L);
                if (s == null) continue;
                int[] replayed = new int[1];
                assertThat(calls(f, s, replayed)).as(f + " found " + s).isEqualTo(one);
                assertThat(replayed[0])
                        .as(f + " found " + s + ": the half is taken over")
                        .isPositive();
            }
        }
        assertThat(takenOver).isGreaterThan(300);
    }

    /** A value the fast path does not read, in either half, ends the read in two halves as it ends the one. */
    @Test
    void anUnusualValueInEitherHalfGivesUpAsInOne() throws IOException {
        Path f = generated(400);
        String text = Files.readString(f);
        for (String damaged : List.of(
                text.replace("\"task_id\": \"17\"", "\"task_id\": 17.5"),
                text.replace("\"pred\": \"390\"", "\"pred\": \"3\\u0039\""),
                text.replace("\"succ\": \"200\"", "\"succ\": \"200\", \"x\": 01"))) {
            assertThat(damaged).isNotEqualTo(text);
            Path d = Files.writeString(dir.resolve("damaged.json"), damaged);
            DepsSecondHalf.Start s = DepsSecondHalf.find(d, Files.size(d) / 2);
            assertThat(s).isNotNull();
            assertThat(calls(d, s, new int[1])).endsWith("whole false");
            assertThat(calls(d, null, new int[1])).endsWith("whole false");
        }
    }
}
