import { type AnyColumn, is, type SQL, sql } from 'drizzle-orm';
import { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';

/**
 * The graph of transformations (lot_inputs: `lot_id` made from `input_lot_id`) walked by one recursive query
 * on either engine (decision 202). Backward goes from a lot to what it was made from, forward to what was
 * made from it.
 */
export type TraceDirection = 'backward' | 'forward';

/** A lot reached by a trace, with what the answers show of it. */
export interface ReachedLot {
  lotId: number;
  /** Steps of "made from" between the start and this lot: 0 for the start itself. */
  depth: number;
  companyId: number;
  code: string;
  productId: number;
  productName: string;
  recalledAt: Date | null;
  recallReason: string | null;
  heldAt: Date | null;
  holdReason: string | null;
}

export interface Reach {
  /** Each lot reached once, at the fewest steps it can be reached in, nearest first. */
  lots: ReachedLot[];
  /** Whether rows were left unread: a lot past `maxLots`, or the walk's rows past their bound. */
  truncated: boolean;
}

type RawRows = { all?: (q: SQL) => unknown[]; execute?: (q: SQL) => Promise<{ rows: unknown[] }> };

/** Runs a raw statement on the executor's own engine (a transaction included) and answers its rows. */
async function rows<T>(exec: Executor, query: SQL): Promise<T[]> {
  const { lots } = exec.tables;
  const raw = exec as unknown as RawRows;
  // The tables name their engine (decision 153): a PostgreSQL handle's columns are PgColumns.
  if (is(lots.id, PgColumn))
    return (await (raw.execute as NonNullable<RawRows['execute']>)(query)).rows as T[];
  return (raw.all as NonNullable<RawRows['all']>)(query) as T[];
}

/**
 * `IN` over many ids as one bound parameter instead of one per id: SQLite reads a JSON array with json_each,
 * PostgreSQL an integer array. A trace's ten thousand lots are then one statement, not ten of a thousand
 * parameters each.
 */
export function inIds(column: AnyColumn, ids: readonly number[]): SQL {
  // The column names its engine (decision 153): a PostgreSQL handle's columns are PgColumns.
  if (is(column, PgColumn)) return sql`${column} = ANY(CAST(${`{${ids.join(',')}}`} AS integer[]))`;
  return sql`${column} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`;
}

/** A time as either engine answers a raw statement: integer milliseconds (SQLite) or a Date (PostgreSQL). */
const timeOf = (v: unknown) => (v === null || v === undefined ? null : new Date(v as number | Date));

/**
 * The lots of `companyId` reached from `start` in `direction`, at most `maxDepth` steps away, with their facts,
 * in one statement: a recursive CTE joined to the lots and their products (decision 202).
 *
 * Safe on any graph: the walk's rows are (lot, depth) pairs kept by UNION, so a lot met again at the same
 * depth adds nothing, and no pair is deeper than `maxDepth`, so even a cycle (refused when inputs are saved,
 * but possible through a direct write) ends, after at most maxDepth x the lots of the cycle rows. The walk
 * is breadth first on both engines (SQLite's queue and PostgreSQL's working table both hand out one depth
 * before the next) and stops after `maxRows` pairs: both engines evaluate a recursive CTE only as far as
 * its reader fetches. CROSS JOIN keeps SQLite's loop over the reached lots (it otherwise walked every lot
 * of the company and looked each up among them); PostgreSQL reads it as a plain join. It follows only the company's own links (lot_inputs.company_id), so a link written
 * behind the app's back never leads into another company. Each lot keeps its smallest depth.
 */
export async function reachLots(
  exec: Executor,
  companyId: number,
  start: number,
  direction: TraceDirection,
  bounds: { maxDepth: number; maxLots: number; maxRows: number },
): Promise<Reach> {
  const [from, to] = direction === 'backward' ? ['lot_id', 'input_lot_id'] : ['input_lot_id', 'lot_id'];
  const query = sql`WITH RECURSIVE reach(lot_id, depth) AS (
      SELECT CAST(${start} AS integer), 0
      UNION
      SELECT li.${sql.raw(to)}, r.depth + 1
      FROM reach r JOIN lot_inputs li ON li.${sql.raw(from)} = r.lot_id AND li.company_id = ${companyId}
      WHERE r.depth < ${bounds.maxDepth}
    ),
    walked AS MATERIALIZED (SELECT lot_id, depth FROM reach LIMIT ${bounds.maxRows + 1}),
    nearest AS (SELECT lot_id, MIN(depth) AS depth FROM walked GROUP BY lot_id)
    SELECT n.lot_id AS "lotId", n.depth AS depth, l.company_id AS "companyId", l.code AS code,
      l.product_id AS "productId", p.name AS "productName", l.recalled_at AS "recalledAt",
      l.recall_reason AS "recallReason", l.held_at AS "heldAt", l.hold_reason AS "holdReason",
      (SELECT count(*) FROM walked) AS walked
    FROM nearest n CROSS JOIN lots l CROSS JOIN products p
    WHERE l.id = n.lot_id AND p.id = l.product_id AND l.company_id = ${companyId}
    ORDER BY n.depth, n.lot_id
    LIMIT ${bounds.maxLots + 1}`;
  const found = await rows<Record<string, unknown>>(exec, query);
  const truncated = found.length > bounds.maxLots || Number(found[0]?.walked ?? 0) > bounds.maxRows;
  return {
    truncated,
    lots: found.slice(0, bounds.maxLots).map((r) => ({
      lotId: Number(r.lotId),
      depth: Number(r.depth),
      companyId: Number(r.companyId),
      code: String(r.code),
      productId: Number(r.productId),
      productName: String(r.productName),
      recalledAt: timeOf(r.recalledAt),
      recallReason: (r.recallReason as string | null) ?? null,
      heldAt: timeOf(r.heldAt),
      holdReason: (r.holdReason as string | null) ?? null,
    })),
  };
}

/**
 * Whether adding "target made from each of `from`" would close a cycle: 'cycle' when `target` is one of
 * `from` or what one of them was made from, directly or not; 'tooDeep' when the walk reached its depth bound
 * without deciding (refused rather than risked); else 'ok'. Stops at the first meeting.
 */
export async function cycleCheck(
  exec: Executor,
  from: number[],
  target: number,
  maxDepth: number,
): Promise<'ok' | 'cycle' | 'tooDeep'> {
  if (from.includes(target)) return 'cycle';
  if (!from.length) return 'ok';
  const starts = sql.join(
    from.map((id) => sql`SELECT CAST(${id} AS integer), 0`),
    sql` UNION `,
  );
  const query = sql`WITH RECURSIVE up(lot_id, depth) AS (
      ${starts}
      UNION
      SELECT li.input_lot_id, u.depth + 1
      FROM up u JOIN lot_inputs li ON li.lot_id = u.lot_id
      WHERE u.depth < ${maxDepth}
    )
    SELECT lot_id AS "lotId" FROM up WHERE lot_id = ${target} OR depth = ${maxDepth} LIMIT 1`;
  const [found] = await rows<{ lotId: number | string }>(exec, query);
  if (!found) return 'ok';
  return Number(found.lotId) === target ? 'cycle' : 'tooDeep';
}
