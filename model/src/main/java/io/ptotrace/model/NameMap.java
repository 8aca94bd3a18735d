package io.ptotrace.model;

import io.ptotrace.io.InputProblem;
import io.ptotrace.io.Inputs;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
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

    private final Map<String, String> names;
    private final String orchestratorName;

    public NameMap(Map<String, String> names, String orchestratorName) {
        this.names = names;
        this.orchestratorName = orchestratorName;
    }

    public String name(int funcId) { return names.get(Integer.toString(funcId)); }

    public Map<String, String> entries() { return names; }

    public int size() { return names.size(); }

    public String orchestratorName() { return orchestratorName; }

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
        try { return Long.parseLong(s.strip()); } catch (NumberFormatException e) { return null; }
    }

    /** Reads a {@code name_map*.json}: {@code callable_id_to_name} and {@code orchestrator_name}. */
    public static NameMap read(Path file) {
        Map<String, String> names = new LinkedHashMap<>();
        String[] orch = {null};
        Inputs.readJson(file, JSON, p -> {
            if (p.nextToken() != JsonToken.START_OBJECT) throw InputProblem.at(file, p, "name map is not a JSON object");
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String k = p.currentName();
                JsonToken t = p.nextToken();
                if (k.equals("callable_id_to_name") && t == JsonToken.START_OBJECT) {
                    while (p.nextToken() == JsonToken.FIELD_NAME) {
                        String id = p.currentName();
                        p.nextToken();
                        Object v = JsonValues.read(p);
                        if (v instanceof String) names.put(id, (String) v);
                        else if (JsonValues.isPresent(v) && !(v instanceof Map) && !(v instanceof List)) names.put(id, String.valueOf(v));
                    }
                } else if (k.equals("orchestrator_name")) {
                    Object v = JsonValues.read(p);
                    orch[0] = v instanceof String ? (String) v : null;
                } else p.skipChildren();
            }
            if (p.nextToken() != null) throw InputProblem.at(file, p, "trailing content after the top-level object");
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
        Inputs.readJson(file, JSON, p -> {
            if (p.nextToken() != JsonToken.START_OBJECT) throw InputProblem.at(file, p, "name map is not a JSON object");
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String k = p.currentName();
                JsonToken t = p.nextToken();
                if (k.equals("callable_id_to_name") && t == JsonToken.START_OBJECT) {
                    while (p.nextToken() == JsonToken.FIELD_NAME) {
                        String id = p.currentName();
                        callableListed[0] = true;
                        if (p.nextToken() == JsonToken.VALUE_STRING) callable.put(id, p.getText());
                        else p.skipChildren();
                    }
                    flat.remove(k);
                } else if (t == JsonToken.VALUE_STRING) {
                    flat.put(k, p.getText());
                    if (k.equals("orchestrator_name")) orch[0] = p.getText();
                } else {
                    flat.remove(k);
                    p.skipChildren();
                }
            }
            if (p.nextToken() != null) throw InputProblem.at(file, p, "trailing content after the top-level object");
        });
        return new NameMap(callableListed[0] ? callable : flat, orch[0]);
    }
}
