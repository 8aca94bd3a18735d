package io.ptotrace.critpath.bench;

import io.ptotrace.model.NameMap;
import io.ptotrace.model.RecordsReader;
import io.ptotrace.model.RunLocator;
import io.ptotrace.model.Timeline;
import io.ptotrace.model.deps.DepsReader;
import io.ptotrace.model.graph.TaskGraph;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;

/**
 * The yardstick of the critical-path benchmark: reads a run folder's inputs exactly as {@code critical-path} does
 * (records with their raw AICore rows and deps.json on two threads, the name map) and nothing else.
 */
public final class ReadInputs {
    private ReadInputs() {}

    public static void main(String[] args) {
        Path run = Path.of(args[0]);
        CompletableFuture<TaskGraph> deps = CompletableFuture.supplyAsync(() -> TaskGraph.read(
                run.resolve(RunLocator.DEPS_NAME), DepsReader.Detail.PROJECTION, TaskGraph.Duplicates.LAST, s -> {}));
        Timeline tl = RecordsReader.read(RunLocator.recordsIn(run), System.err::println, true);
        TaskGraph g = deps.join();
        NameMap names = NameMap.read(RunLocator.newestNameMapBeside(run.resolve(RunLocator.DEPS_NAME)));
        System.out.println(
                "read " + tl.cycles().rows + " AICore rows, " + g.edgeCount() + " edges, " + names.size() + " names");
    }
}
