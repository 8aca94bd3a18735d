/**
 * Primitive collections shared by every module, so that per-task and per-edge data of million-task runs is
 * held in arrays rather than one object per item: paged columns ({@link io.ptotrace.model.util.PagedColumns},
 * pages small enough never to be G1 humongous objects), growable columns, int/long/double lists, a long→int map
 * with dense per-ring storage for task ids ({@link io.ptotrace.model.util.LongIntMap}), interners for strings
 * and long arrays read straight from the parser's buffer, member-order matching for the readers' hot path
 * ({@link io.ptotrace.model.util.MemberOrder}) and index sorts; and {@link io.ptotrace.model.util.SecondThread}, the one way
 * any module runs work beside its main thread.
 */
package io.ptotrace.model.util;
