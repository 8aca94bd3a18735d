package io.ptotrace.model.deps;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.ptotrace.io.InputProblem;
import io.ptotrace.io.Inputs;
import io.ptotrace.model.RangeWarnings;
import io.ptotrace.model.U64;
import io.ptotrace.model.util.LongArrayInterner;
import io.ptotrace.model.util.LongList;
import io.ptotrace.model.util.MemberOrder;
import io.ptotrace.model.util.TextInterner;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Streams a deps.json to a {@link DepsVisitor}, one entry at a time; never holds the whole file.
 * Entries that are not objects are skipped; members of the wrong type read as absent. A number outside
 * its member's range is an {@link InputProblem}, except a {@code block_num} below 1 or not a number,
 * which reads as 1 and is counted in one warning for the file.
 */
public final class DepsReader {
    private static final JsonFactory JSON = JsonFactory.builder().build();

    /** How much of each entry to decode. */
    public enum Detail {
        /** Task ids, kernel ids, block nums; edge endpoints. What the converter needs. */
        PROJECTION,
        /**
         * The projection plus each edge's annotations without slice geometry (arg, source, flags, overlap, hazard,
         * access kind, tensor id) and the tensors; no task args.
         */
        ANNOTATIONS,
        /** Every member the schema defines. */
        FULL
    }

    private final Path file;
    private final Detail detail;
    private final DepsVisitor v;
    private final RangeWarnings rangeWarnings = new RangeWarnings();
    private final TextInterner strings = new TextInterner();
    private final LongArrayInterner arrays = new LongArrayInterner();
    private final U64.Slot slot = new U64.Slot();
    private final DepsTask task = new DepsTask();
    private final DepsTensor tensor = new DepsTensor();
    private final DepsEdge edge = new DepsEdge();
    // member names in the order the runtime writes them; each constant is its name's index
    private static final int T_TASK_ID = 0,
            T_SCOPE = 1,
            T_KERNEL_IDS = 2,
            T_BLOCK_NUM = 3,
            T_EARLY_DISPATCH = 4,
            T_ARGS = 5;
    private static final int A_IDX = 0,
            A_TYPE = 1,
            A_TENSOR_ID = 2,
            A_DTYPE = 3,
            A_SHAPE = 4,
            A_START_OFFSET = 5,
            A_STRIDES = 6;
    private static final int R_TENSOR_ID = 0, R_BUFFER_ADDR = 1, R_VERSION = 2, R_DTYPE = 3, R_BUFFER_NUMEL = 4;
    private static final int E_PRED = 0,
            E_SUCC = 1,
            E_ARG = 2,
            E_SOURCE = 3,
            E_FLAGS = 4,
            E_OVERLAP = 5,
            E_HAZARD = 6,
            E_ACCESS_KIND = 7,
            E_TENSOR_ID = 8,
            E_CONSUMER_DTYPE = 9,
            E_CONSUMER_SHAPE = 10,
            E_CONSUMER_START_OFFSET = 11,
            E_CONSUMER_STRIDES = 12,
            E_PRODUCER_SHAPE = 13,
            E_PRODUCER_START_OFFSET = 14,
            E_PRODUCER_STRIDES = 15;
    private final MemberOrder taskOrder =
            new MemberOrder("task_id", "scope", "kernel_ids", "block_num", "early_dispatch", "args");
    private final MemberOrder argOrder =
            new MemberOrder("idx", "type", "tensor_id", "dtype", "shape", "start_offset", "strides");
    private final MemberOrder tensorOrder =
            new MemberOrder("tensor_id", "buffer_addr", "version", "dtype", "buffer_numel");
    private final MemberOrder edgeOrder = new MemberOrder(
            "pred",
            "succ",
            "arg",
            "source",
            "flags",
            "overlap",
            "hazard",
            "access_kind",
            "tensor_id",
            "consumer_dtype",
            "consumer_shape",
            "consumer_start_offset",
            "consumer_strides",
            "producer_shape",
            "producer_start_offset",
            "producer_strides");

    private DepsReader(Path file, Detail detail, DepsVisitor v) {
        this.file = file;
        this.detail = detail;
        this.v = v;
    }

    /** As {@link #read(Path, Detail, DepsVisitor, Consumer)}, dropping warnings. */
    /**
     * The one warning about repeated ids, the same for every command: the last entry of an id counts (as the
     * runtime's deps viewer reads the file). Null when nothing repeats.
     */
    public static String duplicatesWarning(Path file, int tasks, int tensors) {
        if (tasks + tensors == 0) return null;
        String what = tasks > 0 && tensors > 0
                ? tasks + " task_id(s) and " + tensors + " tensor_id(s)"
                : tasks > 0 ? tasks + " task_id(s)" : tensors + " tensor_id(s)";
        return "Warning: " + file + ": " + what + " listed more than once; the last entry of each counts";
    }

    public static void read(Path file, Detail detail, DepsVisitor visitor) {
        read(file, detail, visitor, w -> {});
    }

    /**
     * @param warn warnings, one line each (at most one, after the whole file was read)
     * @throws InputProblem when the file cannot be read, is not valid JSON, or holds a number out of range
     */
    public static void read(Path file, Detail detail, DepsVisitor visitor, Consumer<String> warn) {
        DepsReader r = new DepsReader(file, detail, visitor);
        Inputs.readJson(file, JSON, r::parse);
        String line = r.rangeWarnings.line(file);
        if (line != null) warn.accept(line);
    }

    private void parse(JsonParser p) throws IOException {
        JsonToken first = p.nextToken();
        if (first != JsonToken.START_OBJECT) {
            if (first == null) throw InputProblem.at(file, p, "empty file");
            v.unexpected(null, InputProblem.location(p.currentTokenLocation()));
            p.skipChildren();
            if (p.nextToken() != null) throw InputProblem.at(file, p, "trailing content after the top-level value");
            v.noEdgesList();
            return;
        }
        boolean edgesListed = false;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String key = p.currentName();
            JsonToken t = p.nextToken();
            if (key.equals("runtime") && t == JsonToken.VALUE_STRING) {
                v.runtime(p.getText());
                continue;
            }
            if (t != JsonToken.START_ARRAY) {
                if (t != JsonToken.VALUE_NULL && (key.equals("tasks") || key.equals("tensors") || key.equals("edges")))
                    v.unexpected(key, InputProblem.location(p.currentTokenLocation()));
                p.skipChildren();
                continue;
            }
            switch (key) {
                case "tasks":
                    readTasks(p);
                    break;
                case "tensors":
                    if (detail != Detail.PROJECTION) readTensors(p);
                    else p.skipChildren();
                    break;
                case "edges":
                    edgesListed = true;
                    readEdges(p);
                    break;
                default:
                    p.skipChildren();
            }
        }
        if (p.nextToken() != null) throw InputProblem.at(file, p, "trailing content after the top-level object");
        if (!edgesListed) v.noEdgesList();
    }

    private String str(JsonParser p) throws IOException {
        if (p.currentToken() == JsonToken.VALUE_STRING)
            return strings.intern(p.getTextCharacters(), p.getTextOffset(), p.getTextLength());
        p.skipChildren();
        return null;
    }

    private static final String INT64 = "a 64-bit integer",
            INT32 = "an integer -2^31..2^31-1",
            BLOCKS = "an integer 1..2^31-1";

    private InputProblem outOfRange(JsonParser p, String member, String range) throws IOException {
        String text = p.currentToken() == JsonToken.VALUE_STRING ? '"' + p.getText() + '"' : p.getText();
        return InputProblem.at(file, p, member + " " + text + " out of range (expected " + range + ")");
    }

    /** {@link U64#read}, refusing a number that does not fit 64 bits. */
    private boolean u64(JsonParser p, String member) throws IOException {
        boolean ok = U64.read(p, slot);
        if (slot.wrapped) throw outOfRange(p, member, INT64);
        return ok;
    }

    /** The number {@link U64#read} put in the slot, as a 32-bit integer. */
    private int int32(JsonParser p, String member) throws IOException {
        if (!slot.fitsSigned() || slot.value != (int) slot.value) throw outOfRange(p, member, INT32);
        return (int) slot.value;
    }

    private Integer smallInt(JsonParser p, String member) throws IOException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_NUMBER_INT
                || t == JsonToken.VALUE_NUMBER_FLOAT
                || t == JsonToken.VALUE_STRING
                || t == JsonToken.VALUE_TRUE
                || t == JsonToken.VALUE_FALSE) {
            return U64.read(p, slot) ? (Integer) int32(p, member) : null;
        }
        p.skipChildren();
        return null;
    }

    private Long longValue(JsonParser p, String member) throws IOException {
        if (!u64(p, member)) return null;
        return slot.value;
    }

    /** block_num as written (null when it does not convert); one above 2^31−1 is an error, one below 1 a warning. */
    private Long blockNum(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.START_ARRAY || t == JsonToken.START_OBJECT) {
            blockNumReadAsOne(p);
            p.skipChildren();
            return null;
        }
        if (U64.read(p, slot)) {
            if (slot.fitsSigned() && slot.value >= 1 && slot.value <= Integer.MAX_VALUE) return slot.value;
            if (!slot.negative && (slot.wrapped || slot.value != 0)) throw outOfRange(p, "block_num", BLOCKS);
        }
        blockNumReadAsOne(p);
        return slot.ok && slot.fitsSigned() ? slot.value : null;
    }

    private void blockNumReadAsOne(JsonParser p) {
        rangeWarnings.add("block_num", "out of range (expected " + BLOCKS + "), read as 1", p.currentTokenLocation());
    }

    private final LongList scratch = new LongList();

    private long[] longArray(JsonParser p, String member) throws IOException {
        if (p.currentToken() != JsonToken.START_ARRAY) {
            p.skipChildren();
            return null;
        }
        scratch.clearAll();
        while (p.nextToken() != JsonToken.END_ARRAY) {
            scratch.add(u64(p, member + " entry") ? slot.value : -1);
        }
        return arrays.intern(scratch);
    }

    private void readTasks(JsonParser p) throws IOException {
        int index = 0;
        while (p.nextToken() != JsonToken.END_ARRAY) {
            if (p.currentToken() != JsonToken.START_OBJECT) {
                p.skipChildren();
                index++;
                continue;
            }
            DepsTask t = task;
            t.index = index++;
            t.idOk = false;
            t.scope = null;
            t.kernelIds = null;
            t.kernelSlots = null;
            t.blockNumRaw = null;
            t.earlyDispatch = null;
            t.args.clear();
            t.argsListed = false;
            taskOrder.start();
            for (int k; (k = taskOrder.next(p)) != MemberOrder.END; ) {
                JsonToken vt = p.nextToken();
                switch (k) {
                    case T_TASK_ID:
                        t.idOk = u64(p, "task_id");
                        t.id = slot.value;
                        break;
                    case T_SCOPE:
                        t.scope = str(p);
                        break;
                    case T_KERNEL_IDS:
                        t.kernelIds = kernelIds(p, t);
                        break;
                    case T_BLOCK_NUM:
                        t.blockNumRaw = vt == JsonToken.VALUE_NULL ? null : blockNum(p);
                        break;
                    case T_EARLY_DISPATCH:
                        t.earlyDispatch = vt == JsonToken.VALUE_TRUE
                                ? Boolean.TRUE
                                : vt == JsonToken.VALUE_FALSE ? Boolean.FALSE : null;
                        p.skipChildren();
                        break;
                    case T_ARGS:
                        if (detail == Detail.FULL && vt == JsonToken.START_ARRAY) {
                            t.argsListed = true;
                            readArgs(p, t.args);
                        } else {
                            if (vt != JsonToken.START_ARRAY && vt != JsonToken.VALUE_NULL)
                                v.unexpected("args", InputProblem.location(p.currentTokenLocation()));
                            p.skipChildren();
                        }
                        break;
                    default:
                        p.skipChildren();
                }
            }
            v.task(t);
        }
    }

    private int[] kernelIds(JsonParser p, DepsTask task) throws IOException {
        if (p.currentToken() != JsonToken.START_ARRAY) {
            p.skipChildren();
            return null;
        }
        int[] k = {-1, -1, -1};
        int n = 0;
        while (p.nextToken() != JsonToken.END_ARRAY) {
            int val = -1;
            JsonToken t = p.currentToken();
            // each slot as Python's int() reads it (U64.read): true/false are 1/0, a float truncates, a string may
            // have surrounding blanks and '_' between digits; anything else ("3.0", null, a list) is no kernel
            if (t == JsonToken.VALUE_NUMBER_INT
                    || t == JsonToken.VALUE_NUMBER_FLOAT
                    || t == JsonToken.VALUE_STRING
                    || t == JsonToken.VALUE_TRUE
                    || t == JsonToken.VALUE_FALSE) {
                if (U64.read(p, slot)) val = int32(p, "kernel_ids entry");
            } else p.skipChildren();
            if (n < 3) k[n] = val;
            n++;
        }
        task.kernelSlots = k;
        return n == 3 ? k : null;
    }

    private void readArgs(JsonParser p, List<DepsArg> out) throws IOException {
        while (p.nextToken() != JsonToken.END_ARRAY) {
            if (p.currentToken() != JsonToken.START_OBJECT) {
                p.skipChildren();
                continue;
            }
            DepsArg a = new DepsArg();
            argOrder.start();
            for (int k; (k = argOrder.next(p)) != MemberOrder.END; ) {
                p.nextToken();
                switch (k) {
                    case A_IDX:
                        a.idx = smallInt(p, "idx");
                        break;
                    case A_TYPE:
                        a.type = str(p);
                        break;
                    case A_TENSOR_ID:
                        a.tensorIdOk = u64(p, "tensor_id");
                        a.tensorId = slot.value;
                        break;
                    case A_DTYPE:
                        a.dtype = str(p);
                        break;
                    case A_SHAPE:
                        a.shape = longArray(p, "shape");
                        break;
                    case A_START_OFFSET:
                        a.startOffsetOk = u64(p, "start_offset");
                        a.startOffset = slot.value;
                        break;
                    case A_STRIDES:
                        a.strides = longArray(p, "strides");
                        break;
                    default:
                        p.skipChildren();
                }
            }
            out.add(a);
        }
    }

    private void readTensors(JsonParser p) throws IOException {
        int index = 0;
        while (p.nextToken() != JsonToken.END_ARRAY) {
            if (p.currentToken() != JsonToken.START_OBJECT) {
                p.skipChildren();
                index++;
                continue;
            }
            DepsTensor t = tensor;
            t.index = index++;
            t.idOk = false;
            t.bufferAddrOk = false;
            t.version = null;
            t.dtype = null;
            t.bufferNumelOk = false;
            tensorOrder.start();
            for (int k; (k = tensorOrder.next(p)) != MemberOrder.END; ) {
                JsonToken vt = p.nextToken();
                switch (k) {
                    case R_TENSOR_ID:
                        t.idOk = u64(p, "tensor_id");
                        t.id = slot.value;
                        break;
                    case R_BUFFER_ADDR:
                        t.bufferAddrOk = u64(p, "buffer_addr");
                        t.bufferAddr = slot.value;
                        break;
                    case R_VERSION:
                        t.version = vt == JsonToken.VALUE_NULL ? null : longValue(p, "version");
                        break;
                    case R_DTYPE:
                        t.dtype = str(p);
                        break;
                    case R_BUFFER_NUMEL:
                        t.bufferNumelOk = u64(p, "buffer_numel");
                        t.bufferNumel = slot.value;
                        break;
                    default:
                        p.skipChildren();
                }
            }
            v.tensor(t);
        }
    }

    private void readEdges(JsonParser p) throws IOException {
        int index = 0;
        boolean annotated = detail != Detail.PROJECTION, full = detail == Detail.FULL;
        while (p.nextToken() != JsonToken.END_ARRAY) {
            if (p.currentToken() != JsonToken.START_OBJECT) {
                p.skipChildren();
                index++;
                continue;
            }
            DepsEdge e = edge;
            e.index = index++;
            boolean predOk = false, succOk = false;
            e.arg = null;
            e.source = null;
            e.flags = null;
            e.overlap = null;
            e.hazard = null;
            e.accessKind = null;
            e.tensorIdOk = false;
            e.consumerDtype = null;
            e.consumerShape = null;
            e.consumerStartOffsetOk = false;
            e.consumerStrides = null;
            e.producerShape = null;
            e.producerStartOffsetOk = false;
            e.producerStrides = null;
            edgeOrder.start();
            for (int k; (k = edgeOrder.next(p)) != MemberOrder.END; ) {
                JsonToken vt = p.nextToken();
                switch (k) {
                    case E_PRED:
                        predOk = u64(p, "pred");
                        e.pred = slot.value;
                        break;
                    case E_SUCC:
                        succOk = u64(p, "succ");
                        e.succ = slot.value;
                        break;
                    default:
                        if (!annotated || !full && k >= E_CONSUMER_DTYPE) {
                            p.skipChildren();
                            break;
                        }
                        switch (k) {
                            case E_ARG:
                                e.arg = smallInt(p, "arg");
                                break;
                            case E_SOURCE:
                                e.source = str(p);
                                break;
                            case E_FLAGS:
                                e.flags = stringList(p, vt);
                                break;
                            case E_OVERLAP:
                                e.overlap = str(p);
                                break;
                            case E_HAZARD:
                                e.hazard = str(p);
                                break;
                            case E_ACCESS_KIND:
                                e.accessKind = str(p);
                                break;
                            case E_TENSOR_ID:
                                e.tensorIdOk = u64(p, "tensor_id");
                                e.tensorId = slot.value;
                                break;
                            case E_CONSUMER_DTYPE:
                                e.consumerDtype = str(p);
                                break;
                            case E_CONSUMER_SHAPE:
                                e.consumerShape = longArray(p, "consumer_shape");
                                break;
                            case E_CONSUMER_START_OFFSET:
                                e.consumerStartOffsetOk = u64(p, "consumer_start_offset");
                                e.consumerStartOffset = slot.value;
                                break;
                            case E_CONSUMER_STRIDES:
                                e.consumerStrides = longArray(p, "consumer_strides");
                                break;
                            case E_PRODUCER_SHAPE:
                                e.producerShape = longArray(p, "producer_shape");
                                break;
                            case E_PRODUCER_START_OFFSET:
                                e.producerStartOffsetOk = u64(p, "producer_start_offset");
                                e.producerStartOffset = slot.value;
                                break;
                            case E_PRODUCER_STRIDES:
                                e.producerStrides = longArray(p, "producer_strides");
                                break;
                            default:
                                p.skipChildren();
                        }
                }
            }
            e.endpointsOk = predOk && succOk;
            v.edge(e);
        }
    }

    private final List<String> scratchStrings = new ArrayList<>();
    private final Map<List<String>, List<String>> stringLists = new HashMap<>();

    /** An unmodifiable list, the same instance for equal lists (up to {@link #MAX_STRING_LISTS} of them). */
    private List<String> stringList(JsonParser p, JsonToken t) throws IOException {
        if (t != JsonToken.START_ARRAY) {
            p.skipChildren();
            return null;
        }
        List<String> l = scratchStrings;
        l.clear();
        while (p.nextToken() != JsonToken.END_ARRAY) {
            String s = str(p);
            if (s != null) l.add(s);
        }
        List<String> known = stringLists.get(l);
        if (known != null) return known;
        List<String> copy = List.copyOf(l);
        if (stringLists.size() < MAX_STRING_LISTS) stringLists.put(copy, copy);
        return copy;
    }

    private static final int MAX_STRING_LISTS = 1 << 12;
}
