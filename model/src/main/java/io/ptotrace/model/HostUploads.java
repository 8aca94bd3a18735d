package io.ptotrace.model;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.ptotrace.io.InputProblem;
import io.ptotrace.model.util.LongList;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/** A host-orchestrated capture's {@code host_device_uploads}: each upload's phase, detail and Host ns span. */
final class HostUploads {
    private final Path file;
    private final PhaseRecords phases;
    private final Consumer<String> warn;
    /** Null when the file holds none. */
    List<RawUpload> entries;
    /** The raw start and end Host ns of every entry, two per entry. */
    final LongList raw = new LongList();

    HostUploads(Path file, PhaseRecords phases, Consumer<String> warn) {
        this.file = file;
        this.phases = phases;
        this.warn = warn;
    }

    private InputProblem problem(JsonParser p, String msg) {
        return InputProblem.at(file, p, msg);
    }

    /** One host_device_uploads entry before its times are known (those go to {@link #raw}). */
    private static final class RawUpload {
        final Object phase, detail;

        RawUpload(Object phase, Object detail) {
            this.phase = phase;
            this.detail = detail;
        }
    }

    void read(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_NULL) return;
        if (t != JsonToken.START_ARRAY) throw problem(p, "host_device_uploads is not an array");
        List<RawUpload> list = new ArrayList<>();
        while (p.nextToken() != JsonToken.END_ARRAY) {
            if (p.currentToken() != JsonToken.START_OBJECT)
                throw problem(p, "host_device_uploads[" + list.size() + "] is not an object");
            Object phase = JsonValues.ABSENT, detail = JsonValues.ABSENT;
            long rawStart = 0, rawEnd = 0;
            phases.at("host_device_uploads", -1, list.size());
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String k = p.currentName();
                p.nextToken();
                switch (k) {
                    case "phase":
                        phase = JsonValues.read(p);
                        break;
                    case "detail":
                        detail = JsonValues.read(p);
                        break;
                    case "start_host_ns":
                        rawStart = phases.cycles(p, k);
                        break;
                    case "end_host_ns":
                        rawEnd = phases.cycles(p, k);
                        break;
                    default:
                        p.skipChildren();
                }
            }
            list.add(new RawUpload(phase, detail));
            raw.add(rawStart);
            raw.add(rawEnd);
        }
        entries = list;
    }

    /** The Host→device uploads on the trace's axis (Host ns from {@code origin}). */
    List<Timeline.Upload> onTraceAxis(long origin, boolean hostMode) {
        List<Timeline.Upload> uploads = new ArrayList<>();
        if (entries != null) {
            int k = 0;
            for (RawUpload u : entries) {
                long rawStart = raw.get(k++), rawEnd = raw.get(k++);
                if (rawStart < origin || rawEnd < rawStart)
                    throw new InputProblem(
                            file,
                            "invalid host device upload: origin=" + origin + ", start=" + rawStart + ", end=" + rawEnd,
                            null);
                uploads.add(new Timeline.Upload(
                        u.phase, (rawStart - origin) / 1000.0, (rawEnd - origin) / 1000.0, u.detail));
            }
            if (!uploads.isEmpty() && !hostMode)
                warn.accept(
                        "Warning: " + file
                                + " has host_device_uploads but is not a host-mode capture; the H2D lane is not aligned with device time");
        }
        return uploads;
    }
}
