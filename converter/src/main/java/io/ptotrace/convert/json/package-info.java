/**
 * The Chrome trace-event JSON writer ({@code merged_swimlane.json}): renders a picture in the member order,
 * number formatting and escaping of the Python converter, in parallel chunks written in order so the bytes do
 * not depend on the thread count.
 */
package io.ptotrace.convert.json;
