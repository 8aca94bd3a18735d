package io.ptotrace.viewer;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** One viewer run in this JVM over files written into a folder: its stdout, warnings and output file. */
final class Run {
    final String stdout;
    final List<String> warnings;
    final DepsViewer.Result result;

    private Run(String stdout, List<String> warnings, DepsViewer.Result result) {
        this.stdout = stdout;
        this.warnings = warnings;
        this.result = result;
    }

    /** The output file's text. */
    String text() {
        try {
            return Files.readString(result.output());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Path write(Path dir, String name, String content) {
        try {
            Path p = dir.resolve(name);
            Files.createDirectories(p.getParent());
            Files.writeString(p, content);
            return p;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Run of(Path input, EdgeMode mode) {
        return of(input, mode, null, null);
    }

    static Run of(Path input, EdgeMode mode, Path output, Path funcNames) {
        DepsViewer.Request r = new DepsViewer.Request();
        r.input = input;
        r.edgeMode = mode;
        r.output = output;
        r.funcNames = funcNames;
        return of(r);
    }

    static Run of(DepsViewer.Request r) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        List<String> warnings = new ArrayList<>();
        DepsViewer.Result res = DepsViewer.run(r, new PrintStream(out, true, StandardCharsets.UTF_8), warnings::add);
        return new Run(out.toString(StandardCharsets.UTF_8), warnings, res);
    }
}
