package io.ptotrace.model;

/**
 * How a capture's task ids are shown ({@code t5}, {@code r1t3}, {@code r0t5}, {@code g7t3}, {@code p4}): the
 * id layout depends on the era and, in the streams era, on the runtime that minted the ids.
 */
@FunctionalInterface
public interface TaskLabels {
    String label(long rawId);

    /**
     * The labels of tasks of a graph or run built by the runtime named {@code runtimeName} (deps.json's top-level
     * {@code runtime}, a capture's {@code metadata.runtime}): that runtime's layout ({@code r0t5}; {@code t7},
     * {@code g7t3}, {@code p4}) as the converted trace shows them; the older layout ({@link TaskIds#display}) when
     * the name is null or names neither runtime.
     */
    static TaskLabels ofRuntime(String runtimeName) {
        TaskRuntime r = runtimeName == null ? null : TaskRuntime.ofWireName(runtimeName);
        return r == null ? TaskIds::display : r.labels();
    }
}
