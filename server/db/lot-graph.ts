import { is, type SQL, sql } from 'drizzle-orm';
import { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';
import { lots } from './schema/index.ts';

/**
 * The graph of transformations (lot_inputs: `lot_id` made from `input_lot_id`) walked by one recursive query
 * on either engine (decision 202). Backward goes from a lot to what it was made from, forward to what was
 * made from it.
 */
export type TraceDirection = 'backward' | 'forward';

export interface ReachedLot {
  lotId: number;
  /** Steps of "made from" between the start and this lot: 0 for the start itself. */
  depth: number;
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
  const raw = exec as unknown as RawRows;
  // The tables name their engine (decision 153): a PostgreSQL handle's columns are PgColumns.
  if (is(lots.id, PgColumn))
    return (await (raw.execute as NonNullable<RawRows['execute']>)(query)).rows as T[];
  return (raw.all as NonNullable<RawRows['all']>)(query) as T[];
}

/**
 * The lots reached from `start` in `direction`, at most `maxDepth` steps away, through one recursive CTE.
 *
 * Safe on any graph: the walk's rows are (lot, depth) pairs kept by UNION, so a lot met again at the same
 * depth adds nothing, and no pair is deeper than `maxDepth`, so even a cycle (refused when inputs are saved,
 * but possible through a direct write or an import of old data) ends, after at most maxDepth x the lots of
 * the cycle rows. The walk is breadth first on both engines (SQLite's queue and PostgreSQL's working table
 * both hand out one depth before the next), and the outer LIMIT stops it after `maxRows` pairs: both
 * engines evaluate a recursive CTE only as far as its reader fetches. Each lot keeps its smallest depth.
 */
export async function reachLots(
  exec: Executor,
  start: number,
  direction: TraceDirection,
  bounds: { maxDepth: number; maxLots: number; maxRows: number },
): Promise<Reach> {
  const [from, to] = direction === 'backward' ? ['lot_id', 'input_lot_id'] : ['input_lot_id', 'lot_id'];
  const query = sql`WITH RECURSIVE reach(lot_id, depth) AS (
      SELECT CAST(${start} AS integer), 0
      UNION
      SELECT li.${sql.raw(to)}, r.depth + 1
      FROM reach r JOIN lot_inputs li ON li.${sql.raw(from)} = r.lot_id
      WHERE r.depth < ${bounds.maxDepth}
    )
    SELECT lot_id AS "lotId", depth FROM reach LIMIT ${bounds.maxRows + 1}`;
  const found = await rows<{ lotId: number | string; depth: number | string }>(exec, query);
  let truncated = found.length > bounds.maxRows;
  const depthOf = new Map<number, number>();
  for (const row of found.slice(0, bounds.maxRows)) {
    const id = Number(row.lotId);
    const depth = Number(row.depth);
    const seen = depthOf.get(id);
    if (seen === undefined) {
      if (depthOf.size >= bounds.maxLots) {
        truncated = true;
        continue;
      }
      depthOf.set(id, depth);
    } else if (depth < seen) depthOf.set(id, depth);
  }
  const reached = [...depthOf].map(([lotId, depth]) => ({ lotId, depth }));
  reached.sort((a, b) => a.depth - b.depth || a.lotId - b.lotId);
  return { lots: reached, truncated };
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
