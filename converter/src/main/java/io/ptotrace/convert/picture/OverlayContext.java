package io.ptotrace.convert.picture;

import io.ptotrace.model.Run;
import java.nio.file.Path;
import java.util.function.IntUnaryOperator;

/**
 * What an {@link OverlayProducer} is given: the run, the picture the rules built from it, the deps.json the
 * command read (null: none), and which slice of the picture each record became, so marks can bind to the
 * slices a person sees.
 *
 * @param workerSlice timeline row → its Worker View slice (picture index)
 * @param recordSlice phase-table row (scheduler or orchestrator record) → its slice, or −1
 */
public record OverlayContext(
        Run run, TracePicture picture, Path depsJson, IntUnaryOperator workerSlice, IntUnaryOperator recordSlice) {}
