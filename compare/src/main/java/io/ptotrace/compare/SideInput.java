package io.ptotrace.compare;

import java.nio.file.Path;
import java.util.List;

/** What one side of a comparison names: its label ({@code OLD}, {@code NEW}), the path given and its runs. */
public record SideInput(String label, Path path, List<Sample> samples) {}
