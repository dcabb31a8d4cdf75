/**
 * A write refused by a unique index, on either engine (decision 166): SQLite's SQLITE_CONSTRAINT_UNIQUE names
 * the table and column ("UNIQUE constraint failed: products.gtin") or the index; PostgreSQL's 23505 names the
 * index (`constraint`). `which` narrows it to one index, matched against both. drizzle may wrap the driver's
 * error: its cause is looked at too.
 */
export function isUniqueViolation(err: unknown, which?: RegExp): boolean {
  for (
    let e = err as { code?: string; message?: string; constraint?: string; cause?: unknown } | null,
      depth = 0;
    e && depth < 3;
    depth++
  ) {
    if (e.code === 'SQLITE_CONSTRAINT_UNIQUE') return !which || which.test(e.message ?? '');
    if (e.code === '23505') return !which || which.test(`${e.constraint ?? ''} ${e.message ?? ''}`);
    e = e.cause as typeof e;
  }
  return false;
}
