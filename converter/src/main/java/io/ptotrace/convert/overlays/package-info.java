/**
 * The analyses drawn on a run's trace, behind the converter's overlay seam: the hazard check's findings
 * ({@code convert --check}, {@code check --trace}) and the critical paths ({@code convert --critical-path},
 * {@code critical-path --trace}). Each takes its analysis's data and only adds to the picture.
 */
package io.ptotrace.convert.overlays;
