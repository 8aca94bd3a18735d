package io.ptotrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.ptotrace.synth.SynthOptions;
import io.ptotrace.synth.SynthRun;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * The contract under mutated inputs: whatever is done to a run's files (cut, spliced, numbers replaced by
 * hostile ones, bytes inserted), convert, diff and inspect exit 0, 1 (diff, inspect: findings) or 2; a failure
 * is one {@code Error:} line after at most the reference's warning lines, never a stack trace; inputs are
 * unchanged; nothing but the outputs is left; and the same input gives the same bytes and the same lines.
 */
class MutatedInputsTest {
    static Path base;
    static Path sample;
    static byte[] sampleTrace;
    static final String[] FILES = {"l2_swimlane_records.json", "deps.json", "name_map_synth.json"};
    static final String[] HOSTILE = {"18446744073709551616", "1e308", "-1", "NaN", "\"oops\"", "null", "[[[[", "\"\\ud800\"",
        "{", "]", "\u0000", "9".repeat(3000), "-0", "0.5", "true", "4294967296", "-9223372036854775809", "\"\"", "[]", "{}"};

    enum Op { TRUNCATE, DELETE, INSERT, REPLACE_NUMBER, FLIP, DUPLICATE }

    record Mutation(int file, Op op, double at, int length, String payload, int flip) {
        byte[] apply(byte[] in) {
            int pos = (int) Math.min(in.length, Math.floor(at * in.length));
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] p = payload.getBytes(StandardCharsets.UTF_8);
            switch (op) {
                case TRUNCATE: out.write(in, 0, pos); break;
                case DELETE: out.write(in, 0, pos); out.write(in, Math.min(in.length, pos + length), in.length - Math.min(in.length, pos + length)); break;
                case INSERT: out.write(in, 0, pos); out.write(p, 0, p.length); out.write(in, pos, in.length - pos); break;
                case FLIP: {
                    byte[] c = in.clone();
                    if (pos < c.length) c[pos] ^= (byte) (1 << flip);
                    return c;
                }
                case DUPLICATE: {
                    int end = Math.min(in.length, pos + length);
                    out.write(in, 0, end);
                    out.write(in, pos, end - pos);
                    out.write(in, end, in.length - end);
                    break;
                }
                default: return replaceNumber(in, pos, p);
            }
            return out.toByteArray();
        }

        /** Replaces the first number at or after {@code pos} with {@code p}. */
        private static byte[] replaceNumber(byte[] in, int pos, byte[] p) {
            int s = pos;
            while (s < in.length && !(in[s] >= '0' && in[s] <= '9')) s++;
            if (s >= in.length) return in;
            int e = s;
            while (e < in.length && ((in[e] >= '0' && in[e] <= '9') || in[e] == '.' || in[e] == 'e' || in[e] == '-')) e++;
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            out.write(in, 0, s);
            out.write(p, 0, p.length);
            out.write(in, e, in.length - e);
            return out.toByteArray();
        }
    }

    @BeforeContainer
    static void makeSample() throws IOException {
        base = Files.createTempDirectory("ptotrace-mutations");
        sample = base.resolve("sample");
        SynthRun.write(SynthOptions.builder().tasks(60).level(4).seed(11).build(), sample);
        Path t = base.resolve("sample-trace.json");
        assertThat(Cli.run("convert", sample.toString(), "-o", t.toString()).status()).isZero();
        sampleTrace = Files.readAllBytes(t);
    }

    @AfterContainer
    static void removeSample() throws IOException {
        try (Stream<Path> s = Files.walk(base)) {
            for (Path p : (Iterable<Path>) s.sorted(Comparator.reverseOrder())::iterator) Files.deleteIfExists(p);
        }
    }

    @Provide
    Arbitrary<Mutation> mutations() {
        return Combinators.combine(Arbitraries.integers().between(0, FILES.length - 1), Arbitraries.of(Op.class),
            Arbitraries.doubles().between(0, 1), Arbitraries.integers().between(1, 400),
            Arbitraries.oneOf(Arbitraries.of(HOSTILE), Arbitraries.strings().ofMaxLength(8)), Arbitraries.integers().between(0, 7))
            .as(Mutation::new);
    }

    @Property(tries = 60)
    void convertKeepsTheContract(@ForAll("mutations") Mutation m) throws IOException {
        Path work = Files.createTempDirectory(base, "try");
        Path run = Files.createDirectories(work.resolve("run"));
        for (String f : FILES) Files.copy(sample.resolve(f), run.resolve(f));
        Path victim = run.resolve(FILES[m.file()]);
        Files.write(victim, m.apply(Files.readAllBytes(victim)));
        Map<String, String> inputs = Cli.snapshot(run);
        Path out = Files.createDirectories(work.resolve("out"));

        Cli.Result first = Cli.run("convert", run.toString(), "-o", out.resolve("t.json").toString(), "--format", "both");
        checkOutcome(first, List.of(0, 2));
        Map<String, String> written = Cli.snapshot(out);
        assertThat(written.keySet()).isEqualTo(first.status() == 0 ? java.util.Set.of("t.json", "t.pftrace") : java.util.Set.of());
        Cli.Result second = Cli.run("convert", run.toString(), "-o", out.resolve("t.json").toString(), "--format", "both");
        assertThat(second.status()).isEqualTo(first.status());
        assertThat(second.stderr()).isEqualTo(first.stderr());
        assertThat(Cli.snapshot(out)).isEqualTo(written);

        if (m.file() == 1) {
            Cli.Result diff = Cli.run("diff", sample.resolve("deps.json").toString(), victim.toString(), "--format", "json");
            checkOutcome(diff, List.of(0, 1, 2));
        }
        assertThat(Cli.snapshot(run)).isEqualTo(inputs);
    }

    /** A streams-era capture placed by the Host log beside it: any of its inputs mutated. */
    static final Path STREAMS = Path.of("..", "testdata", "conformance", "streams_sample_hbg_host_placed");
    static final String[] STREAMS_FILES = {"chip_swimlane_records.json", "host.4242.log", "dispatch_identity.json", "deps.json"};

    @Property(tries = 40)
    void streamsCaptureKeepsTheContract(@ForAll("mutations") Mutation m) throws IOException {
        Path work = Files.createTempDirectory(base, "streams");
        Path run = Files.createDirectories(work.resolve("run"));
        for (String f : STREAMS_FILES) Files.copy(STREAMS.resolve(f), run.resolve(f));
        Path victim = run.resolve(STREAMS_FILES[(m.file() + (int) (m.at() * 7)) % STREAMS_FILES.length]);
        Files.write(victim, m.apply(Files.readAllBytes(victim)));
        Map<String, String> inputs = Cli.snapshot(run);
        Path out = Files.createDirectories(work.resolve("out"));
        Cli.Result r = Cli.run("convert", run.toString(), "-o", out.resolve("t.json").toString(), "--format", "both");
        checkOutcome(r, List.of(0, 2));
        assertThat(Cli.snapshot(out).keySet()).isEqualTo(r.status() == 0 ? java.util.Set.of("t.json", "t.pftrace") : java.util.Set.of());
        assertThat(Cli.snapshot(run)).isEqualTo(inputs);
    }

    @Property(tries = 40)
    void inspectKeepsTheContract(@ForAll("mutations") Mutation m) throws IOException {
        Path work = Files.createTempDirectory(base, "inspect");
        Path trace = Files.write(work.resolve("trace.json"), m.apply(sampleTrace));
        Cli.Result r = Cli.run("inspect", trace.toString());
        checkOutcome(r, List.of(0, 1, 2));
        assertThat(Cli.snapshot(work).keySet()).containsExactly("trace.json");
    }

    static void checkOutcome(Cli.Result r, List<Integer> allowed) {
        assertThat(r.status()).as(r.stderr()).isIn(allowed.toArray());
        assertThat(r.stderr()).doesNotContain("\tat ", "Exception", "internal error", "StackOverflow");
        if (r.status() == 2) r.errorLine();
        else for (String l : r.errLines()) assertThat(l).startsWith("Warning: ");
    }
}
