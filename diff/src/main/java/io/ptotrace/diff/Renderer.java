package io.ptotrace.diff;

import java.io.IOException;
import java.io.Writer;

/** Writes a {@link GraphDiff} in one format. Renderers only render: every decision was made by the differ. */
interface Renderer {
    void render(GraphDiff d, Writer out) throws IOException;
}
