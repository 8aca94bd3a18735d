package io.ptotrace.diff;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** The attributes a diff compares, each of which {@code --ignore} can switch off. */
public enum Field {
    // tasks[]
    SCOPE("scope", "task scope (auto/manual)"),
    KERNEL_IDS("kernel_ids", "task kernel id triple [aic,aiv0,aiv1]"),
    BLOCK_NUM("block_num", "task SPMD block num"),
    EARLY_DISPATCH("early_dispatch", "task early_dispatch (compared only when both sides carry it)"),
    ARG_COUNT("arg_count", "number of args of a task"),
    ARG_IDX("arg_idx", "args[i].idx"),
    ARG_TYPE("arg_type", "args[i].type (INPUT, TRACKED_INPUT, OUTPUT, INOUT, OUTPUT_EXISTING, NO_DEP)"),
    ARG_DTYPE("arg_dtype", "args[i].dtype"),
    ARG_SHAPE("arg_shape", "args[i].shape"),
    ARG_OFFSET("arg_offset", "args[i].start_offset"),
    ARG_STRIDES("arg_strides", "args[i].strides"),
    ARG_TENSOR("arg_tensor", "args[i].tensor_id (through the tensor matching)"),
    // edges[] annotation
    OVERLAP("overlap", "edge overlap (covered/other)"),
    HAZARD("hazard", "edge hazard (RAW/WAW/WAR)"),
    ACCESS_KIND("access_kind", "edge access_kind (WRITER/READER)"),
    FLAGS("flags", "edge flags (compared only when both sides carry them)"),
    CONSUMER_DTYPE("consumer_dtype", "edge consumer_dtype"),
    CONSUMER_SHAPE("consumer_shape", "edge consumer_shape"),
    CONSUMER_OFFSET("consumer_offset", "edge consumer_start_offset"),
    CONSUMER_STRIDES("consumer_strides", "edge consumer_strides"),
    PRODUCER_SHAPE("producer_shape", "edge producer_shape"),
    PRODUCER_OFFSET("producer_offset", "edge producer_start_offset"),
    PRODUCER_STRIDES("producer_strides", "edge producer_strides"),
    // tensors[]
    TENSOR_DTYPE("tensor_dtype", "tensor dtype"),
    BUFFER_NUMEL("buffer_numel", "tensor buffer_numel");

    private final String key;
    private final String help;

    Field(String key, String help) {
        this.key = key;
        this.help = help;
    }

    /** The name {@code --ignore} accepts. */
    public String key() {
        return key;
    }

    public String help() {
        return help;
    }

    /** Group names {@code --ignore} accepts besides the single field names. */
    public static Map<String, Set<Field>> groups() {
        Map<String, Set<Field>> g = new LinkedHashMap<>();
        g.put(
                "args",
                EnumSet.of(ARG_COUNT, ARG_IDX, ARG_TYPE, ARG_DTYPE, ARG_SHAPE, ARG_OFFSET, ARG_STRIDES, ARG_TENSOR));
        g.put("type", EnumSet.of(ARG_TYPE));
        g.put("tensor", EnumSet.of(ARG_TENSOR));
        g.put("dtype", EnumSet.of(ARG_DTYPE, CONSUMER_DTYPE, TENSOR_DTYPE));
        g.put("shape", EnumSet.of(ARG_SHAPE, CONSUMER_SHAPE, PRODUCER_SHAPE));
        g.put("offset", EnumSet.of(ARG_OFFSET, CONSUMER_OFFSET, PRODUCER_OFFSET));
        g.put("strides", EnumSet.of(ARG_STRIDES, CONSUMER_STRIDES, PRODUCER_STRIDES));
        g.put("consumer", EnumSet.of(CONSUMER_DTYPE, CONSUMER_SHAPE, CONSUMER_OFFSET, CONSUMER_STRIDES));
        g.put("producer", EnumSet.of(PRODUCER_SHAPE, PRODUCER_OFFSET, PRODUCER_STRIDES));
        g.put(
                "geometry",
                EnumSet.of(
                        CONSUMER_SHAPE,
                        CONSUMER_OFFSET,
                        CONSUMER_STRIDES,
                        PRODUCER_SHAPE,
                        PRODUCER_OFFSET,
                        PRODUCER_STRIDES));
        g.put(
                "annotations",
                EnumSet.of(
                        OVERLAP,
                        HAZARD,
                        ACCESS_KIND,
                        FLAGS,
                        CONSUMER_DTYPE,
                        CONSUMER_SHAPE,
                        CONSUMER_OFFSET,
                        CONSUMER_STRIDES,
                        PRODUCER_SHAPE,
                        PRODUCER_OFFSET,
                        PRODUCER_STRIDES));
        return g;
    }

    /**
     * Parses {@code --ignore} values: field or group names, comma-separated, case-insensitive, '-'
     * and '_' alike ({@code start_offset} is accepted for {@code offset}).
     *
     * @throws IllegalArgumentException naming the unknown name and the accepted ones
     */
    public static EnumSet<Field> parse(List<String> values) {
        EnumSet<Field> out = EnumSet.noneOf(Field.class);
        Map<String, Set<Field>> groups = groups();
        for (String v : values) {
            for (String part : v.split(",")) {
                String k = part.trim().toLowerCase(Locale.ROOT).replace('-', '_');
                if (k.isEmpty()) continue;
                if (k.equals("start_offset")) k = "offset";
                if (k.equals("kernel_id") || k.equals("kernels")) k = "kernel_ids";
                Set<Field> g = groups.get(k);
                if (g != null) {
                    out.addAll(g);
                    continue;
                }
                Field f = byKey(k);
                if (f == null)
                    throw new IllegalArgumentException("unknown field '" + part.trim() + "' for --ignore (known: "
                            + String.join(", ", names()) + ")");
                out.add(f);
            }
        }
        return out;
    }

    static Field byKey(String k) {
        for (Field f : values()) if (f.key.equals(k)) return f;
        return null;
    }

    /** Every accepted name: fields, then groups. */
    public static List<String> names() {
        List<String> l = new ArrayList<>();
        for (Field f : values()) l.add(f.key);
        l.addAll(groups().keySet());
        return l;
    }
}
