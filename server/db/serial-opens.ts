import { lt, sql } from 'drizzle-orm';
import type { Db, Executor } from './client.ts';
import { transaction } from './transaction.ts';
import type { Sqlite } from './client.ts';

/**
 * The opens of kept serialized items, written a moment after they were counted (decision 230,
 * server/services/serials/kept-items.ts): each item's new open rows, and its state row moved on by as
 * many, in one transaction per batch of items. PostgreSQL's through drizzle (awaited on the pool);
 * SQLite's with two statements prepared once, since on the one connection every microsecond of a write
 * is the main thread's (bench/RESULTS.md), as scan events are written (scan-events.ts).
 */

/** One item's opens counted since the last write. */
export interface PendingItem {
  serial: string;
  batchId: number;
  seq: number;
  companyId: number;
  /** The counted opens, oldest first: when, where, which browser (hashed with the item). */
  opens: { at: number; province: string | null; approximate: boolean; browser: string }[];
  /** Set when one of them was the item's first: its first open's time and province. */
  first: { at: number; province: string | null; approximate: boolean } | null;
  /** Set when one of them found the item suspect: the last such open. */
  suspect: { at: number; reason: string } | null;
}

/** An item's state row as the write left it. */
export interface WrittenState {
  batchId: number;
  seq: number;
  count: number;
  firstVerifiedAt: Date | null;
  firstProvince: string | null;
  firstProvinceApproximate: boolean;
  activatedAt: Date | null;
  suspectAt: Date | null;
  suspectReason: string | null;
}

/** The columns of serial_states an item's state is read from (the verdict's read, the write's answer). */
export function itemStateColumns(db: Executor) {
  const { serialStates } = db.tables;
  return {
    count: serialStates.count,
    firstVerifiedAt: serialStates.firstVerifiedAt,
    firstProvince: serialStates.firstProvince,
    firstProvinceApproximate: serialStates.firstProvinceApproximate,
    activatedAt: serialStates.activatedAt,
    suspectAt: serialStates.suspectAt,
    suspectReason: serialStates.suspectReason,
  };
}

/** Writes items' opens in one transaction and answers their state rows as they now stand. */
export type OpenWriter = (items: readonly PendingItem[]) => Promise<WrittenState[]>;

/** Open rows per INSERT statement: well under both engines' limits on a statement's parameters. */
const ROWS_PER_INSERT = 500;

/**
 * Writes the items' opens and moves their state rows on, in one transaction: the count added (never set,
 * so other instances' writes add up too), the first open kept when the row had none, the suspect mark
 * when there is a newer one. Returns each item's row as it now stands.
 */
export const drizzleOpenWriter =
  (db: Db): OpenWriter =>
  (items) =>
    transaction(db, async (tx) => {
      const { serialOpens, serialStates } = tx.tables;
      const rows = items.flatMap((i) =>
        i.opens.map((o) => ({
          batchId: i.batchId,
          seq: i.seq,
          companyId: i.companyId,
          browser: o.browser,
          province: o.province,
          provinceApproximate: o.approximate,
          at: new Date(o.at),
        })),
      );
      for (let k = 0; k < rows.length; k += ROWS_PER_INSERT)
        await tx.insert(serialOpens).values(rows.slice(k, k + ROWS_PER_INSERT));
      const firstUnset = sql`${serialStates.firstVerifiedAt} IS NULL`;
      return tx
        .insert(serialStates)
        .values(
          items.map((i) => ({
            batchId: i.batchId,
            seq: i.seq,
            companyId: i.companyId,
            count: i.opens.length,
            firstVerifiedAt: i.first ? new Date(i.first.at) : null,
            firstProvince: i.first?.province ?? null,
            firstProvinceApproximate: i.first?.approximate ?? true,
            suspectAt: i.suspect ? new Date(i.suspect.at) : null,
            suspectReason: i.suspect?.reason ?? null,
          })),
        )
        .onConflictDoUpdate({
          target: [serialStates.batchId, serialStates.seq],
          set: {
            count: sql`${serialStates.count} + excluded.count`,
            firstVerifiedAt: sql`CASE WHEN ${firstUnset} THEN excluded.first_verified_at ELSE ${serialStates.firstVerifiedAt} END`,
            firstProvince: sql`CASE WHEN ${firstUnset} THEN excluded.first_province ELSE ${serialStates.firstProvince} END`,
            firstProvinceApproximate: sql`CASE WHEN ${firstUnset} THEN excluded.first_province_approximate ELSE ${serialStates.firstProvinceApproximate} END`,
            suspectAt: sql`COALESCE(excluded.suspect_at, ${serialStates.suspectAt})`,
            suspectReason: sql`COALESCE(excluded.suspect_reason, ${serialStates.suspectReason})`,
          },
        })
        .returning({ batchId: serialStates.batchId, seq: serialStates.seq, ...itemStateColumns(tx) });
    });

/** Every item's opens older than the kept window (the dashboard's 30 days): one indexed range delete. */
export async function sweepOldOpens(db: Db, before: number): Promise<void> {
  const { serialOpens } = db.tables;
  await db.delete(serialOpens).where(lt(serialOpens.at, new Date(before)));
}

/** SQLite's upsert: the same rules as the drizzle statement above, written once as SQL to be prepared once. */
const STATE_UPSERT = `INSERT INTO serial_states
  (batch_id, seq, company_id, count, first_verified_at, first_province, first_province_approximate, suspect_at, suspect_reason)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
  ON CONFLICT (batch_id, seq) DO UPDATE SET
    count = serial_states.count + excluded.count,
    first_verified_at = CASE WHEN serial_states.first_verified_at IS NULL THEN excluded.first_verified_at ELSE serial_states.first_verified_at END,
    first_province = CASE WHEN serial_states.first_verified_at IS NULL THEN excluded.first_province ELSE serial_states.first_province END,
    first_province_approximate = CASE WHEN serial_states.first_verified_at IS NULL THEN excluded.first_province_approximate ELSE serial_states.first_province_approximate END,
    suspect_at = COALESCE(excluded.suspect_at, serial_states.suspect_at),
    suspect_reason = COALESCE(excluded.suspect_reason, serial_states.suspect_reason)
  RETURNING batch_id, seq, count, first_verified_at, first_province, first_province_approximate, activated_at, suspect_at, suspect_reason`;

const OPEN_INSERT =
  'INSERT INTO serial_opens (batch_id, seq, company_id, browser, province, province_approximate, at) VALUES (?, ?, ?, ?, ?, ?, ?)';

interface StateRow {
  batch_id: number;
  seq: number;
  count: number;
  first_verified_at: number | null;
  first_province: string | null;
  first_province_approximate: number;
  activated_at: number | null;
  suspect_at: number | null;
  suspect_reason: string | null;
}

const dateOf = (ms: number | null) => (ms === null ? null : new Date(ms));

/** SQLite's writer: the statements prepared on first use, the batch in one transaction of the connection. */
export function sqliteOpenWriter(sqlite: Sqlite): OpenWriter {
  let write: ((items: readonly PendingItem[]) => WrittenState[]) | undefined;
  const prepare = () => {
    const insert = sqlite.prepare(OPEN_INSERT);
    const upsert = sqlite.prepare<unknown[], StateRow>(STATE_UPSERT);
    return sqlite.transaction((items: readonly PendingItem[]) =>
      items.map((i) => {
        for (const o of i.opens)
          insert.run(i.batchId, i.seq, i.companyId, o.browser, o.province, o.approximate ? 1 : 0, o.at);
        const row = upsert.get(
          i.batchId,
          i.seq,
          i.companyId,
          i.opens.length,
          i.first?.at ?? null,
          i.first?.province ?? null,
          i.first ? (i.first.approximate ? 1 : 0) : 1,
          i.suspect?.at ?? null,
          i.suspect?.reason ?? null,
        ) as StateRow;
        return {
          batchId: row.batch_id,
          seq: row.seq,
          count: row.count,
          firstVerifiedAt: dateOf(row.first_verified_at),
          firstProvince: row.first_province,
          firstProvinceApproximate: row.first_province_approximate === 1,
          activatedAt: dateOf(row.activated_at),
          suspectAt: dateOf(row.suspect_at),
          suspectReason: row.suspect_reason,
        };
      }),
    );
  };
  return async (items) => {
    write ??= prepare();
    return write(items);
  };
}
