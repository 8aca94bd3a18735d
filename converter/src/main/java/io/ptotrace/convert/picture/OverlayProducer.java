package io.ptotrace.convert.picture;

/**
 * An analysis that marks a trace (the critical path, hazard findings): it adds its marks to a picture as one
 * {@link Overlay} and never sees a writer. The command applies each producer it was given after the rules have
 * built the picture and before any writer renders it ({@link #applyTo}), so a new overlay is one class and one
 * option of the command.
 */
public interface OverlayProducer {
    /** The overlay's category: its slices' category and its arrows' name. */
    String category();

    /** Adds the marks for {@code ctx.run()} to {@code overlay}, the overlay of this category of {@code ctx.picture()}. */
    void mark(OverlayContext ctx, Overlay overlay);

    /** Applies this producer: {@link #mark} on {@link TracePicture#overlay ctx.picture().overlay(category())}. */
    default void applyTo(OverlayContext ctx) {
        mark(ctx, ctx.picture().overlay(category()));
    }
}
