package io.ptotrace.convert.json;

import io.ptotrace.convert.picture.TracePicture;
import io.ptotrace.io.TempFiles;
import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The Chrome JSON trace written part by part, so that only one part's picture is in memory at a time (a multi-rank
 * trace: the Host block, then each rank). The trace lists all metadata first, then all slices, counter samples and
 * arrows; so each part's four sections go to temporary files, and {@link #writeTo} joins them section by section.
 * With each part's Chrome ids and arrow ids continuing the previous part's ({@link TracePicture#TracePicture(int,
 * int)}), the bytes are those of one picture holding every part.
 */
public final class JsonParts implements Closeable {
    private final Path dir;
    /** Per part, its sections' files. */
    private final List<Path[]> parts = new ArrayList<>();

    /** Parts kept as temporary files in {@code dir} (the output's folder). */
    public JsonParts(Path dir) {
        this.dir = dir;
    }

    /** Renders one part; the picture is not needed afterwards. */
    public void add(TracePicture pic) throws IOException {
        Path[] files = new Path[ChromeJsonWriter.SECTIONS];
        parts.add(files);
        OutputStream[] outs = new OutputStream[files.length];
        try {
            for (int k = 0; k < files.length; k++) {
                files[k] = TempFiles.create(dir);
                outs[k] = new BufferedOutputStream(Files.newOutputStream(files[k]), 1 << 16);
            }
            ChromeJsonWriter.writeSections(pic, outs);
        } finally {
            for (OutputStream o : outs) if (o != null) o.close();
        }
    }

    /** Writes the whole trace, with {@code metadata} as its top-level metadata (or none when null). */
    public void writeTo(OutputStream out, Map<String, Object> metadata) throws IOException {
        ChromeJsonWriter.writeHead(out);
        boolean any = false;
        for (int k = 0; k < ChromeJsonWriter.SECTIONS; k++)
            for (Path[] part : parts) {
                if (Files.size(part[k]) == 0) continue;
                if (any) out.write(',');
                try (InputStream in = Files.newInputStream(part[k])) {
                    in.transferTo(out);
                }
                any = true;
            }
        ChromeJsonWriter.writeTail(out, metadata);
    }

    /** Deletes the parts' temporary files. */
    @Override
    public void close() {
        for (Path[] part : parts) for (Path p : part) if (p != null) TempFiles.delete(p);
        parts.clear();
    }
}
