package io.ptotrace.model;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.ptotrace.model.util.JsonByteScan;
import io.ptotrace.model.util.LongList;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * The records reader's fast path: reads a records file of the l2 and chip eras straight from its bytes into a
 * {@link RecordsReader}'s tables, for files as the runtime writes them. The task rows and phase records (nearly all
 * of the file) are read here; the small {@code metadata} object goes to the general reader's code through Jackson.
 * It takes a strict subset, every value of which the general reader reads the same way: integers without fraction
 * or exponent that fit where they go, queue depths as three small integers, kinds as ASCII strings without escapes
 * (a section written twice is added twice, as the general reader adds it). On anything else, including every section
 * of the streams and host-orchestrated eras, it gives up before the reader is used, and {@link RecordsReader} reads
 * the file with Jackson, which says what is wrong or reads what is unusual.
 */
final class RecordsScan extends JsonByteScan {
    private static final JsonFactory JSON = JsonFactory.builder().build();

    private static final byte[][] TOP = {
        key("l2_swimlane_level"),
        key("chip_swimlane_level"),
        key("metadata"),
        key("aicore_tasks"),
        key("aicpu_tasks"),
        key("aicpu_scheduler_phases"),
        key("aicpu_orchestrator_phases"),
        // sections of other eras: the general reader's
        key("host_orchestrator_phases"),
        key("host_device_uploads"),
        key("scheduler_tasks"),
        key("scheduler_records"),
        key("aicpu_lifecycle_records")
    };
    private static final int L2_LEVEL = 0,
            CHIP_LEVEL = 1,
            METADATA = 2,
            AICORE = 3,
            AICPU = 4,
            SCHED = 5,
            ORCH = 6,
            READ_HERE = 7;

    private static final byte[][] MEMBERS = new byte[PhaseRecords.MEMBERS.length][];

    static {
        for (int i = 0; i < MEMBERS.length; i++) MEMBERS[i] = key(PhaseRecords.MEMBERS[i]);
    }

    /** Phase record members in the order the runtime writes them (scheduler, then orchestrator records). */
    private static final int[] USUAL = {
        PhaseRecords.M_KIND,
        PhaseRecords.M_START_CYCLES,
        PhaseRecords.M_END_CYCLES,
        PhaseRecords.M_LOOP_ITER,
        PhaseRecords.M_TASKS_PROCESSED,
        PhaseRecords.M_POP_HIT,
        PhaseRecords.M_POP_MISS,
        PhaseRecords.M_SHARED_AT_START,
        PhaseRecords.M_SHARED_AT_END,
        PhaseRecords.M_SUBMIT_IDX,
        PhaseRecords.M_TASK_ID
    };

    private final RecordsReader r;
    private final long[] row = new long[7];
    private char[] text = new char[64];

    private RecordsScan(InputStream in, RecordsReader r) {
        super(in);
        this.r = r;
    }

    /** True when the file was read whole into {@code r}; false when {@code r} must be dropped and the file read again. */
    static boolean read(InputStream in, RecordsReader r) {
        try {
            new RecordsScan(in, r).document();
            return true;
        } catch (NotCanonical | IOException | RuntimeException e) {
            return false;
        }
    }

    private void document() throws IOException, NotCanonical {
        expect('{', nextToken());
        int b = nextToken();
        if (b != '}') {
            while (true) {
                expect('"', b);
                int k = topKey();
                expect(':', nextToken());
                if (k >= READ_HERE) throw GIVE_UP;
                if (k >= 0) section(k, nextToken());
                else skipValue(nextToken(), 1);
                b = nextToken();
                if (b == '}') break;
                expect(',', b);
                b = nextToken();
            }
        }
        if (nextToken() != -1) throw GIVE_UP;
    }

    /** After the opening quote: the index of a top-level key in {@link #TOP}, or −1 for another (checked, taken). */
    private int topKey() throws IOException, NotCanonical {
        for (int k = 0; k < TOP.length; k++) if (matches(TOP[k])) return k;
        skipKey();
        return -1;
    }

    private void section(int k, int b) throws IOException, NotCanonical {
        switch (k) {
            case L2_LEVEL:
                r.l2Level = plainInteger(b, 18);
                return;
            case CHIP_LEVEL:
                r.chipLevel = plainInteger(b, 18);
                return;
            case METADATA:
                metadata(b);
                return;
            case AICORE:
                rows(b, 5, 7);
                return;
            case AICPU:
                r.taskRows.aicpuTasksKey = b != 'n';
                rows(b, 4, 4);
                return;
            case SCHED:
                r.schedPhasesKey = b != 'n';
                r.sched = lanes(b, r.schedRaw);
                return;
            case ORCH:
                r.orch = lanes(b, r.orchRaw);
                return;
            default:
                throw GIVE_UP;
        }
    }

    /** The metadata object, read by the general reader's code from its bytes. */
    private void metadata(int b) throws IOException, NotCanonical {
        if (b == 'n') {
            literal("ull");
            return;
        }
        if (b != '{') throw GIVE_UP;
        byte[] bytes = valueBytes(b);
        try (JsonParser p = JSON.createParser(bytes)) {
            p.nextToken();
            r.metadata.read(p);
            if (p.currentToken() != JsonToken.END_OBJECT) throw GIVE_UP;
        }
    }

    /** An array of rows of {@code min} to {@code max} integer columns (AICore rows when max is 7), or null. */
    private void rows(int b, int min, int max) throws IOException, NotCanonical {
        if (b == 'n') {
            literal("ull");
            return;
        }
        expect('[', b);
        b = nextToken();
        if (b == ']') return;
        while (true) {
            row(b, min, max);
            b = nextToken();
            if (b == ']') return;
            expect(',', b);
            b = nextToken();
        }
    }

    /** One row, its opening bracket {@code b} taken. */
    private void row(int b, int min, int max) throws IOException, NotCanonical {
        expect('[', b);
        long[] v = row;
        int col = 0;
        b = nextToken();
        if (b != ']') {
            while (true) {
                if (col == max) throw GIVE_UP;
                v[col++] = integer64(b);
                b = nextToken();
                if (b == ']') break;
                expect(',', b);
                b = nextToken();
            }
        }
        if (col < min || v[0] != (int) v[0]) throw GIVE_UP; // column 0 is the core id
        if (max == 7) r.taskRows.addAicore(v, col);
        else r.taskRows.addAicpu(v);
    }

    /** A section of phase records (an array of lanes, each an array of records), or null. */
    private List<PhaseTable.Lane> lanes(int b, LongList raw) throws IOException, NotCanonical {
        raw.clearAll();
        if (b == 'n') {
            literal("ull");
            return null;
        }
        expect('[', b);
        PhaseTable table = r.table;
        List<PhaseTable.Lane> lanes = new ArrayList<>();
        b = nextToken();
        if (b == ']') return lanes;
        while (true) {
            expect('[', b);
            int from = table.size();
            b = nextToken();
            if (b != ']') {
                while (true) {
                    expect('{', b);
                    record(table, raw);
                    b = nextToken();
                    if (b == ']') break;
                    expect(',', b);
                    b = nextToken();
                }
            }
            lanes.add(table.lane(from, table.size()));
            b = nextToken();
            if (b == ']') return lanes;
            expect(',', b);
            b = nextToken();
        }
    }

    /** One phase record of a device section, after its opening brace. */
    private void record(PhaseTable table, LongList raw) throws IOException, NotCanonical {
        long rawStart = 0, rawEnd = 0;
        int row = table.addRow();
        int usual = 0;
        int b = nextToken();
        if (b != '}') {
            while (true) {
                expect('"', b);
                int m = -1;
                if (usual < USUAL.length && matches(MEMBERS[USUAL[usual]])) m = USUAL[usual++];
                else {
                    for (int i = 0; i < MEMBERS.length; i++)
                        if (matches(MEMBERS[i])) {
                            m = i;
                            break;
                        }
                    if (m < 0) skipKey();
                }
                expect(':', nextToken());
                b = nextToken();
                switch (m) {
                    case PhaseRecords.M_KIND:
                        table.setKind(row, kind(b));
                        break;
                    case PhaseRecords.M_START_CYCLES:
                        rawStart = cycles(b);
                        break;
                    case PhaseRecords.M_END_CYCLES:
                        rawEnd = cycles(b);
                        break;
                    case PhaseRecords.M_RUN_EPOCH:
                        table.setRunEpoch(row, cycles(b));
                        break;
                    case PhaseRecords.M_LOOP_ITER:
                        table.setInteger(row, PhaseTable.LOOP_ITER, plainInteger(b, 18));
                        break;
                    case PhaseRecords.M_TASKS_PROCESSED:
                        table.setInteger(row, PhaseTable.TASKS_PROCESSED, plainInteger(b, 18));
                        break;
                    case PhaseRecords.M_SUBMIT_IDX:
                        table.setInteger(row, PhaseTable.SUBMIT_IDX, plainInteger(b, 18));
                        break;
                    case PhaseRecords.M_TASK_ID:
                        table.setTaskId(row, plainInteger(b, 18));
                        break;
                    case PhaseRecords.M_SHARED_AT_START:
                        depths(b, row, PhaseTable.SHARED_AT_START);
                        break;
                    case PhaseRecords.M_SHARED_AT_END:
                        depths(b, row, PhaseTable.SHARED_AT_END);
                        break;
                    default: // pop_hit, pop_miss, the host's times and unknown members: not kept
                        skipValue(b, 3);
                }
                b = nextToken();
                if (b == '}') break;
                expect(',', b);
                b = nextToken();
            }
        }
        raw.add(rawStart);
        raw.add(rawEnd);
    }

    /** A timestamp member: an integer, null as 0. */
    private long cycles(int b) throws IOException, NotCanonical {
        if (b == 'n') {
            literal("ull");
            return 0;
        }
        return integer64(b);
    }

    /** A queue-depth member: three integers 0..2^20−1. */
    private void depths(int b, int row, int slot) throws IOException, NotCanonical {
        expect('[', b);
        long x = depth(nextToken());
        expect(',', nextToken());
        long y = depth(nextToken());
        expect(',', nextToken());
        long z = depth(nextToken());
        expect(']', nextToken());
        r.phases.depthTriple(row, slot, x, y, z);
    }

    private long depth(int b) throws IOException, NotCanonical {
        long v = plainInteger(b, 7);
        if (v < 0 || v >= 1 << 20) throw GIVE_UP;
        return v;
    }

    /** A kind: a string of printable ASCII without escapes, interned. */
    private String kind(int b) throws IOException, NotCanonical {
        expect('"', b);
        int n = 0;
        while (true) {
            int c = next();
            if (c == '"') break;
            if (c < 0x20 || c > 0x7E || c == '\\' || n == MAX_TOKEN) throw GIVE_UP;
            if (n == text.length) text = java.util.Arrays.copyOf(text, n * 2);
            text[n++] = (char) c;
        }
        return r.phases.kinds.intern(text, 0, n);
    }
}
