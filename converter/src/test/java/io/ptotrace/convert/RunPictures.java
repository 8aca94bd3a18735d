package io.ptotrace.convert;

import io.ptotrace.convert.picture.TracePicture;
import io.ptotrace.model.NameMap;
import io.ptotrace.model.RecordsReader;
import io.ptotrace.model.Run;
import io.ptotrace.model.RunLocator;
import io.ptotrace.model.deps.DepsProjection;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/** For tests and benchmarks: a run folder's picture as convert draws it, and a stream that only counts bytes. */
public final class RunPictures {
    private RunPictures() {}

    /** The picture of the records file {@code records} with the deps.json and name map beside it (where present). */
    public static TracePicture of(Path records, boolean overhead) throws IOException {
        Path depsFile = RunLocator.depsBeside(records);
        DepsProjection deps = Files.isRegularFile(depsFile) ? DepsProjection.read(depsFile) : null;
        Path map = RunLocator.uniqueNameMapBeside(records, w -> {});
        NameMap names = map == null ? null : NameMap.read(map);
        Run run = new Run(RecordsReader.read(records, w -> {}), deps, names);
        return TraceBuilder.build(run, overhead, w -> {}, null).picture;
    }

    /** The picture of the run folder {@code dir} (its records file found as convert finds it), without overhead. */
    public static TracePicture ofFolder(Path dir) throws IOException {
        return of(RunLocator.recordsIn(dir), false);
    }

    /** Counts the bytes written to it and keeps none. */
    public static final class ByteCounter extends OutputStream {
        public long count;

        @Override
        public void write(int b) {
            count++;
        }

        @Override
        public void write(byte[] b, int off, int len) {
            count += len;
        }
    }
}
