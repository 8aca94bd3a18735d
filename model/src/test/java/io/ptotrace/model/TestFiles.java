package io.ptotrace.model;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Small helpers for tests that write input files into a temporary folder. */
public final class TestFiles {
    private TestFiles() {}

    public static Path write(Path dir, String name, String text) {
        try {
            Path p = dir.resolve(name);
            Files.createDirectories(p.getParent());
            Files.writeString(p, text);
            return p;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Reads a records file, collecting warnings. */
    public static final class Read {
        public final Timeline tl;
        public final List<String> warnings;

        Read(Timeline tl, List<String> warnings) {
            this.tl = tl;
            this.warnings = warnings;
        }
    }

    public static Read read(Path dir, String name, String json) {
        Path f = write(dir, name, json);
        List<String> w = new ArrayList<>();
        Timeline tl = RecordsReader.read(f, w::add);
        return new Read(tl, w);
    }
}
