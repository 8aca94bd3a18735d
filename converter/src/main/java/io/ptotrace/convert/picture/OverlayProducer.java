package io.ptotrace.convert.picture;

import io.ptotrace.model.Run;

/**
 * An analysis that marks a trace (the critical path, hazard findings): it adds its marks to a picture as one
 * {@link Overlay} and never sees a writer. The command applies each producer it was given after the rules have
 * built the picture and before any writer renders it ({@link #applyTo}), so a new overlay is one class and one
 * option of the command.
 */
public interface OverlayProducer {
    /** The overlay's category: its slices' category and its arrows' name. */
    String category();

    /** Adds the marks for {@code run} to {@code overlay}, the overlay of this category of {@code pic}, the picture built from {@code run}. */
    void mark(Run run, TracePicture pic, Overlay overlay);

    /** Applies this producer: {@link #mark} on {@link TracePicture#overlay pic.overlay(category())}. */
    default void applyTo(Run run, TracePicture pic) {
        mark(run, pic, pic.overlay(category()));
    }
}
