package io.ptotrace.diff;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.ptotrace.synth.SynthOptions;
import io.ptotrace.synth.SynthRun;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Test helpers: synthetic runs, running a diff in-process, reading its JSON. */
final class Fixtures {
    private Fixtures() {}

    static final ObjectMapper JSON = new ObjectMapper();

    /** A small synthetic run (2 rings, newer era: edges carry flags, hazard/access_kind annotations). */
    static Path synth(Path dir, int tasks, long seed) {
        try {
            SynthOptions o = SynthOptions.builder()
                    .tasks(tasks)
                    .level(1)
                    .rings(2)
                    .era(io.ptotrace.model.Era.CHIP)
                    .edgesPerTask(5.0)
                    .seed(seed)
                    .build();
            return SynthRun.write(o, dir).depsFile();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The outcome of one in-process diff. */
    record Result(GraphDiff diff, String out, List<String> warnings) {
        JsonNode json() {
            try {
                return JSON.readTree(out);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        GraphDiff.Summary summary() {
            return diff.summary();
        }
    }

    /** Builder of a {@link DiffTool.Request}. */
    static final class Diff {
        final DiffTool.Request r = new DiffTool.Request();

        Diff(Path oldPath, Path newPath) {
            r.oldPath = oldPath;
            r.newPath = newPath;
            r.color = DiffTool.Color.NEVER;
        }

        Diff align() {
            r.options.align = true;
            return this;
        }

        Diff projected() {
            r.options.projected = true;
            return this;
        }

        Diff structure() {
            r.options.matchTensors = DiffOptions.TensorMatch.STRUCTURE;
            return this;
        }

        Diff ignore(String... fields) {
            r.options.ignore(Field.parse(List.of(fields)));
            return this;
        }

        Diff format(Format f) {
            r.format = f;
            return this;
        }

        Diff funcNames(Path p) {
            r.funcNames = p;
            return this;
        }

        Diff color() {
            r.color = DiffTool.Color.ALWAYS;
            return this;
        }

        Diff output(Path p) {
            r.output = p;
            return this;
        }

        Diff maxList(int n) {
            r.maxList = n;
            return this;
        }

        Result run() {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            List<String> warnings = new ArrayList<>();
            try {
                GraphDiff d = DiffTool.run(r, out, false, warnings::add);
                return new Result(d, out.toString(StandardCharsets.UTF_8), warnings);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        Result json() {
            r.format = Format.JSON;
            return run();
        }
    }

    static Diff diff(Path oldPath, Path newPath) {
        return new Diff(oldPath, newPath);
    }

    static Path write(Path file, String text) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Files.writeString(file, text);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Copies a test resource to a file. */
    static Path resource(String name, Path target) {
        try (var in = Fixtures.class.getResourceAsStream("/fixtures/" + name)) {
            if (in == null) throw new IllegalArgumentException("no resource " + name);
            Files.createDirectories(target.toAbsolutePath().getParent());
            Files.copy(in, target, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
