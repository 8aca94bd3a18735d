package io.ptotrace.convert;

import io.ptotrace.convert.json.JsonPrelude;
import io.ptotrace.convert.json.JsonTraceWriter;
import io.ptotrace.convert.pftrace.PftraceLayout;
import io.ptotrace.convert.pftrace.PftraceTraceWriter;
import io.ptotrace.convert.picture.ArgSet;
import io.ptotrace.convert.picture.TraceWriter;
import java.util.EnumMap;
import java.util.Map;

/** The writer of each trace format {@code convert} writes: adding a format is its writer and one line here. */
final class TraceWriters {
    private TraceWriters() {}

    /**
     * The .pftrace with the args of {@code pftraceArgs}, finishing the layout {@code layout} (null: none) started; the
     * JSON trace checked by {@code jsonCheck} (null: unchecked), starting with what {@code prelude} (null: none)
     * rendered.
     */
    static Map<ConvertOptions.Format, TraceWriter> of(
            ArgSet pftraceArgs, JsonTraceCheck jsonCheck, JsonPrelude prelude, PftraceLayout.Started layout) {
        Map<ConvertOptions.Format, TraceWriter> m = new EnumMap<>(ConvertOptions.Format.class);
        TraceWriter json = new JsonTraceWriter(prelude);
        m.put(ConvertOptions.Format.JSON, jsonCheck == null ? json : jsonCheck.checking(json));
        m.put(ConvertOptions.Format.PFTRACE, new PftraceTraceWriter(pftraceArgs, layout));
        return m;
    }
}
