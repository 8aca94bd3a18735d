package io.ptotrace.model;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.ptotrace.io.InputProblem;
import io.ptotrace.io.Inputs;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Function names by func id (decimal string keys) and an optional orchestrator name. */
public final class NameMap {
    private static final JsonFactory JSON = JsonFactory.builder().build();
    public static final NameMap EMPTY = new NameMap(Collections.emptyMap(), null);

    /** Func ids below this are looked up in an array: a trace names a function once per task slice. */
    private static final int BY_ID = 1024;

    private final Map<String, String> names;
    private final String orchestratorName;
    /** {@code names} by id for the keys that are {@code Integer.toString} of an id in [0, BY_ID). */
    private final String[] byId;

    public NameMap(Map<String, String> names, String orchestratorName) {
        this.names = Collections.unmodifiableMap(names);
        this.orchestratorName = orchestratorName;
        String[] ids = new String[BY_ID];
        for (int id = 0; id < BY_ID; id++) ids[id] = names.get(Integer.toString(id));
        this.byId = ids;
    }

    public String name(int funcId) {
        if (funcId >= 0 && funcId < BY_ID) return byId[funcId];
        return names.get(Integer.toString(funcId));
    }

    public Map<String, String> entries() {
        return names;
    }

    public int size() {
        return names.size();
    }

    public String orchestratorName() {
        return orchestratorName;
    }

    /** Entries sorted numerically by key, non-numeric keys after them by string (a key like "x" must not break -v). */
    public List<Map.Entry<String, String>> sortedEntries() {
        List<Map.Entry<String, String>> l = new ArrayList<>(names.entrySet());
        l.sort((a, b) -> {
            Long x = numeric(a.getKey()), y = numeric(b.getKey());
            if (x != null && y != null) return Long.compare(x, y);
            if (x != null) return -1;
            if (y != null) return 1;
            return a.getKey().compareTo(b.getKey());
        });
        return l;
    }

    private static Long numeric(String s) {
        try {
            return Long.parseLong(s.strip());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** One member of a JSON object: its name, the first token of its value (current); the handler consumes the value. */
    @FunctionalInterface
    private interface Member {
        void read(String key, JsonToken value, JsonParser p) throws IOException;
    }

    /** The one walk of a name map: every member of its top-level object, in file order; nothing may follow it. */
    private static void eachTopLevelMember(Path file, Member m) {
        Inputs.readJson(file, JSON, p -> {
            if (p.nextToken() != JsonToken.START_OBJECT)
                throw InputProblem.at(file, p, "name map is not a JSON object");
            eachMember(p, m);
            if (p.nextToken() != null) throw InputProblem.at(file, p, "trailing content after the top-level object");
        });
    }

    /** Every member of the object whose start is the current token. */
    private static void eachMember(JsonParser p, Member m) throws IOException {
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String k = p.currentName();
            m.read(k, p.nextToken(), p);
        }
    }

    private static final String CALLABLES = "callable_id_to_name", ORCHESTRATOR = "orchestrator_name";

    /** Reads a {@code name_map*.json}: {@code callable_id_to_name} and {@code orchestrator_name}. */
    public static NameMap read(Path file) {
        Map<String, String> names = new LinkedHashMap<>();
        String[] orch = {null};
        eachTopLevelMember(file, (k, t, p) -> {
            if (k.equals(CALLABLES) && t == JsonToken.START_OBJECT) {
                eachMember(p, (id, vt, q) -> {
                    Object v = JsonValues.read(q);
                    if (v instanceof String) names.put(id, (String) v);
                    else if (JsonValues.isPresent(v) && !(v instanceof Map) && !(v instanceof List))
                        names.put(id, String.valueOf(v));
                });
            } else if (k.equals(ORCHESTRATOR)) {
                Object v = JsonValues.read(p);
                orch[0] = v instanceof String ? (String) v : null;
            } else p.skipChildren();
        });
        return new NameMap(names, orch[0]);
    }

    /**
     * Reads a name map the deps viewer's way: {@code callable_id_to_name} when it is a non-empty object, otherwise
     * the top-level object itself as a flat {@code {id: name}} map. Only string values are names.
     */
    public static NameMap readWithFlatFallback(Path file) {
        Map<String, String> callable = new LinkedHashMap<>(), flat = new LinkedHashMap<>();
        String[] orch = {null};
        boolean[] callableListed = {false};
        eachTopLevelMember(file, (k, t, p) -> {
            if (k.equals(CALLABLES) && t == JsonToken.START_OBJECT) {
                eachMember(p, (id, vt, q) -> {
                    callableListed[0] = true;
                    if (vt == JsonToken.VALUE_STRING) callable.put(id, q.getText());
                    else q.skipChildren();
                });
                flat.remove(k);
            } else if (t == JsonToken.VALUE_STRING) {
                flat.put(k, p.getText());
                if (k.equals(ORCHESTRATOR)) orch[0] = p.getText();
            } else {
                flat.remove(k);
                p.skipChildren();
            }
        });
        return new NameMap(callableListed[0] ? callable : flat, orch[0]);
    }
}
