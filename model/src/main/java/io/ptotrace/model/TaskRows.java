package io.ptotrace.model;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.ptotrace.io.InputProblem;
import io.ptotrace.model.util.LongList;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Path;

/**
 * The task rows of a records file, as every era writes them: the AICore rows ({@code aicore_tasks}: core,
 * task token, register task id, start and end cycles, receive-to-start cycles, and in the streams era a run
 * epoch) and the dispatch rows that time each task on the scheduler ({@code aicpu_tasks} of the l2 and chip
 * eras, {@code scheduler_tasks} of the streams era), read into columns with their values checked.
 */
final class TaskRows {
    /** The epoch of rows and records that carry none: never equal to a written run_epoch. */
    static final long IMPLICIT_EPOCH = Long.MIN_VALUE;

    private final Path file;
    final LongList core = new LongList(),
            token = new LongList(),
            reg = new LongList(),
            cStart = new LongList(),
            cEnd = new LongList(),
            r2s = new LongList(),
            coreEpoch = new LongList();
    final LongList aCore = new LongList(),
            aReg = new LongList(),
            aDispatch = new LongList(),
            aFinish = new LongList(),
            aEpoch = new LongList();
    /** An AICore row had a seventh column (a run epoch: a streams-era capture). */
    boolean aicoreSeven;
    /** Which spelling of the dispatch rows the file holds. */
    boolean schedTasksKey, aicpuTasksKey;
    /** {@code scheduler_tasks.producer} as read. */
    Object schedProducer = JsonValues.ABSENT;

    TaskRows(Path file) {
        this.file = file;
    }

    static final String INT64 = "a 64-bit integer";
    static final String INT32 = "an integer -2^31..2^31-1";

    private InputProblem problem(JsonParser p, String msg) {
        return InputProblem.at(file, p, msg);
    }

    private long rowLong(JsonParser p, String section, int row, int col) throws IOException {
        JsonToken t = p.currentToken();
        long v;
        if (t == JsonToken.VALUE_NUMBER_INT) {
            if (p.getNumberType() != JsonParser.NumberType.BIG_INTEGER) v = p.getLongValue();
            else if (bigFits(p)) v = p.getBigIntegerValue().longValue();
            else throw problem(p, section + " row " + row + " column " + col + outOfRange(p, INT64));
        } else {
            double d = t == JsonToken.VALUE_NUMBER_FLOAT ? p.getDoubleValue() : Double.NaN;
            if (!(d == Math.rint(d) && Math.abs(d) < 9.2e18))
                throw problem(
                        p, section + " row " + row + " column " + col + " is " + describe(p) + ", expected an integer");
            v = (long) d;
        }
        // column 0 is the core id
        if (col == 0 && v != (int) v) throw problem(p, section + " row " + row + " column 0" + outOfRange(p, INT32));
        return v;
    }

    /**
     * A JSON integer beyond a long fits 64 bits: it is at most 2^64−1 (task tokens and cycle counts keep their
     * unsigned bits; a negative one is below −2^63).
     */
    static boolean bigFits(JsonParser p) throws IOException {
        BigInteger b = p.getBigIntegerValue();
        return b.signum() >= 0 && b.bitLength() <= 64;
    }

    static String outOfRange(JsonParser p, String range) throws IOException {
        return " is " + describe(p) + ", out of range (expected " + range + ")";
    }

    static String describe(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        switch (t) {
            case VALUE_STRING:
                return "the string \"" + p.getText() + "\"";
            case VALUE_NULL:
                return "null";
            case START_ARRAY:
                return "an array";
            case START_OBJECT:
                return "an object";
            case VALUE_TRUE:
            case VALUE_FALSE:
                return "a boolean";
            default:
                return p.getText();
        }
    }

    void readAicore(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_NULL) return;
        if (t != JsonToken.START_ARRAY) throw problem(p, "aicore_tasks is not an array");
        int row = 0;
        while (p.nextToken() != JsonToken.END_ARRAY) {
            if (p.currentToken() != JsonToken.START_ARRAY)
                throw problem(p, "aicore_tasks row " + row + " is not an array");
            long[] v = new long[7];
            int col = 0;
            while (p.nextToken() != JsonToken.END_ARRAY) {
                if (col < 7) v[col] = rowLong(p, "aicore_tasks", row, col);
                else p.skipChildren();
                col++;
            }
            if (col < 5) throw problem(p, "aicore_tasks row " + row + " has " + col + " columns, expected 5, 6 or 7");
            addAicore(v, col);
            row++;
        }
    }

    /** An AICore row of {@code cols} (5 to 7) checked columns. */
    void addAicore(long[] v, int cols) {
        if (cols == 7) aicoreSeven = true;
        core.add(v[0]);
        token.add(v[1]);
        reg.add(v[2]);
        cStart.add(v[3]);
        cEnd.add(v[4]);
        r2s.add(cols >= 6 ? v[5] : 0);
        coreEpoch.add(cols >= 7 ? v[6] : IMPLICIT_EPOCH);
    }

    /** A dispatch row of the l2 and chip eras ({@code aicpu_tasks}), its four columns checked. */
    void addAicpu(long[] v) {
        aCore.add(v[0]);
        aReg.add(v[1]);
        aDispatch.add(v[2]);
        aFinish.add(v[3]);
        aEpoch.add(IMPLICIT_EPOCH);
    }

    void readAicpu(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_NULL) return;
        if (t != JsonToken.START_ARRAY) throw problem(p, "aicpu_tasks is not an array");
        int row = 0;
        while (p.nextToken() != JsonToken.END_ARRAY) {
            if (p.currentToken() != JsonToken.START_ARRAY)
                throw problem(p, "aicpu_tasks row " + row + " is not an array");
            long[] v = new long[4];
            int col = 0;
            while (p.nextToken() != JsonToken.END_ARRAY) {
                if (col < 4) v[col] = rowLong(p, "aicpu_tasks", row, col);
                else p.skipChildren();
                col++;
            }
            if (col < 4) throw problem(p, "aicpu_tasks row " + row + " has " + col + " columns, expected 4");
            addAicpu(v);
            row++;
        }
    }

    /** {@code scheduler_tasks {producer, records: [[core, reg_task_id, dispatch, finish, run_epoch], ...]}}. */
    void readSchedulerTasks(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_NULL) return;
        if (t != JsonToken.START_OBJECT) throw problem(p, "scheduler_tasks must be an object");
        schedTasksKey = true;
        boolean sawRecords = false;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String k = p.currentName();
            p.nextToken();
            if (k.equals("producer")) {
                schedProducer = JsonValues.read(p);
            } else if (k.equals("records")) {
                sawRecords = true;
                if (p.currentToken() != JsonToken.START_ARRAY)
                    throw problem(p, "scheduler_tasks.records must contain five-column arrays");
                int row = 0;
                while (p.nextToken() != JsonToken.END_ARRAY) {
                    if (p.currentToken() != JsonToken.START_ARRAY)
                        throw problem(p, "scheduler_tasks.records must contain five-column arrays");
                    long[] v = new long[5];
                    int col = 0;
                    while (p.nextToken() != JsonToken.END_ARRAY) {
                        if (col < 5) v[col] = rowLong(p, "scheduler_tasks.records", row, col);
                        else p.skipChildren();
                        col++;
                    }
                    if (col < 4 || col > 5) throw problem(p, "scheduler_tasks.records must contain five-column arrays");
                    aCore.add(v[0]);
                    aReg.add(v[1]);
                    aDispatch.add(v[2]);
                    aFinish.add(v[3]);
                    aEpoch.add(col == 5 ? v[4] : IMPLICIT_EPOCH);
                    row++;
                }
            } else p.skipChildren();
        }
        if (!"aicpu".equals(schedProducer) && !"aicore".equals(schedProducer))
            throw new InputProblem(file, "scheduler_tasks.producer must be 'aicpu' or 'aicore'", null);
        if (!sawRecords) throw new InputProblem(file, "scheduler_tasks.records must contain five-column arrays", null);
    }
}
