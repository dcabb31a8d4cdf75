/**
 * Statements over many rows or values, in slices: both engines limit the parameters one statement binds
 * (SQLite's limit is the lower), and one statement per slice instead of one per row is what keeps a large
 * import to a few round trips on PostgreSQL (decision 167).
 */

/**
 * Values bound in one `IN (...)` lookup: far below both engines' limits on bound parameters, so a file
 * of the largest size is checked in a few statements instead of one round trip per code.
 */
export const LOOKUP_CHUNK = 1000;

/** `values` in consecutive slices of at most `size`. */
export function chunked<T>(values: readonly T[], size: number): T[][] {
  const slices: T[][] = [];
  for (let at = 0; at < values.length; at += size) slices.push(values.slice(at, at + size));
  return slices;
}
