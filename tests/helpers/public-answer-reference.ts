import { and, eq, getTableColumns, isNotNull, type SQL } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { ANSWERS } from '#server/db/public-answers/answers.ts';
import type { AnswerData, Column, Source, TableName, ValueNode } from '#server/db/public-answers/fields.ts';
import type { PublicAnswerKind } from '#shared/public-pages.ts';

/**
 * The public answers as their field lists say (server/db/public-answers/answers.ts), read in TypeScript:
 * each source's rows through the query builder (on either engine, as the workspace reads them: times
 * as Dates, flags as booleans, JSON parsed), each value made from them here. So the SQL each engine is
 * given (sql.ts) is held to what the field list means, not to its own rendering:
 * tests/server/perf/answer-builder.test.ts compares them byte for byte. Whether the field lists are the
 * workspace's objects is held apart, by tests/helpers/workspace-answers.ts (the workspace's own
 * serializers) in the same test and by tests/server/perf/public-cache.test.ts.
 */
export interface BuiltAnswer<T> {
  productId: number | null;
  companyId: number | null;
  lotId: number | null;
  data: T;
}

/** Every table a field list may read, from the handle's engine: a new one is a type error until it is named here. */
function tablesOf(db: Executor) {
  const {
    products,
    trackingEntries,
    companies,
    shortLinks,
    lots,
    lotEvents,
    lotInputs,
    lotReceipts,
    partners,
    plots,
    lotPlots,
  } = db.tables;
  return {
    products,
    tracking_entries: trackingEntries,
    companies,
    short_links: shortLinks,
    lots,
    lot_events: lotEvents,
    lot_inputs: lotInputs,
    lot_receipts: lotReceipts,
    partners,
    plots,
    lot_plots: lotPlots,
  } satisfies Record<TableName, unknown>;
}

type Row = Record<string, unknown>;
type Rows = Record<string, Row | null>;

const at = (rows: Rows, c: Column): unknown => rows[c.alias]?.[c.column] ?? null;

/** A source's rows (by SQL column name) whose join column equals `to` and that pass its filters. */
async function read(db: Executor, source: Source, rows: Rows, key: unknown): Promise<Row[]> {
  const table = tablesOf(db)[source.table] as Executor['tables']['products'];
  const columns = Object.entries(getTableColumns(table));
  const named = (name: string) => {
    const found = columns.find(([, c]) => c.name === name);
    if (!found) throw new Error(`${source.table} has no column ${name}`);
    return found[1];
  };
  const to = 'param' in source.on.to ? key : at(rows, source.on.to);
  // `x = NULL` is true of no row in SQL.
  if (to === null || to === undefined) return [];
  const where: SQL[] = [eq(named(source.on.column), to as string)];
  for (const f of source.filters ?? [])
    where.push('equals' in f ? eq(named(f.column), f.equals) : isNotNull(named(f.column)));
  const found = (await db
    .select()
    .from(table)
    .where(and(...where))) as Row[];
  return found.map((r) => Object.fromEntries(columns.map(([k, c]) => [c.name, r[k]])));
}

/**
 * The rows of sources joined in order (each source's join column naming an earlier one's, or an outer
 * row's), as the statement's JOIN reads them: one set of rows per combination, optional sources null.
 */
async function readJoined(db: Executor, sources: readonly Source[], outer: Rows): Promise<Rows[]> {
  let sets: Rows[] = [outer];
  for (const source of sources) {
    const next: Rows[] = [];
    for (const rows of sets) {
      const found = await read(db, source, rows, undefined);
      if (!found.length && source.optional) next.push({ ...rows, [source.alias]: null });
      for (const row of found) next.push({ ...rows, [source.alias]: row });
    }
    sets = next;
  }
  return sets;
}

/** Byte order of UTF-8 text (SQLite's BINARY collation, PostgreSQL's "C"), or numbers' order. */
function compare(a: unknown, b: unknown): number {
  if (typeof a === 'string' && typeof b === 'string') return Buffer.compare(Buffer.from(a), Buffer.from(b));
  return (a as number) - (b as number);
}

async function value(db: Executor, v: ValueNode, rows: Rows, publicUrl: string): Promise<unknown> {
  switch (v.op) {
    case 'column':
    case 'json':
      return at(rows, v.of);
    case 'time': {
      const t = at(rows, v.of);
      return t === null ? null : (t as Date).toISOString();
    }
    case 'flag':
      return Boolean(at(rows, v.of));
    case 'isSet':
      return at(rows, v.of) !== null;
    case 'number':
      return v.of.map((c) => at(rows, c)).find((n) => n !== null) ?? null;
    case 'text':
      return v.parts
        .map((p) => (typeof p === 'string' ? p : 'param' in p ? publicUrl : String(at(rows, p))))
        .join('');
    case 'when':
      return at(rows, v.test) === v.equals ? at(rows, v.then) : null;
    case 'whenFlag':
      return at(rows, v.test) ? at(rows, v.then) : null;
    case 'null':
      return null;
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [name, field] of Object.entries(v.fields))
        out[name] = await value(db, field, rows, publicUrl);
      return out;
    }
    case 'one': {
      const [joined] = await readJoined(db, v.from, rows);
      return joined ? value(db, v.value, joined, publicUrl) : null;
    }
    case 'list': {
      const first = v.from[0] as Source;
      const sorted = (found: Rows[]) =>
        found.sort(
          (a, b) =>
            compare(at(a, v.order), at(b, v.order)) ||
            compare(a[first.alias]?.id ?? 0, b[first.alias]?.id ?? 0),
        );
      let firstRows = sorted(
        (await read(db, first, rows, undefined)).map((row) => ({ ...rows, [first.alias]: row })),
      );
      if (v.bound?.distinct) {
        const column = v.bound.distinct;
        const smallest = new Map<unknown, number>();
        for (const r of firstRows) {
          const key = r[first.alias]?.[column];
          const id = r[first.alias]?.id as number;
          if (!smallest.has(key) || id < (smallest.get(key) as number)) smallest.set(key, id);
        }
        firstRows = firstRows.filter((r) => smallest.get(r[first.alias]?.[column]) === r[first.alias]?.id);
      }
      if (v.bound) firstRows = firstRows.slice(0, v.bound.limit);
      const found: Rows[] = [];
      for (const r of firstRows) found.push(...(await readJoined(db, v.from.slice(1), r)));
      const out: unknown[] = [];
      for (const joined of sorted(found)) out.push(await value(db, v.value, joined, publicUrl));
      return out;
    }
  }
}

/** The answer of `kind` for `key` as its field list says, or undefined when its sources have no row. */
export async function buildAnswer<K extends PublicAnswerKind>(
  db: Executor,
  publicUrl: string,
  kind: K,
  key: string | number,
): Promise<BuiltAnswer<AnswerData<(typeof ANSWERS)[K]>> | undefined> {
  const answer = ANSWERS[kind];
  const rows: Rows = {};
  for (const source of answer.sources as readonly Source[]) {
    const [row] = await read(db, source, rows, key);
    if (!row && !source.optional) return undefined;
    rows[source.alias] = row ?? null;
  }
  return {
    productId: at(rows, answer.productId) as number | null,
    companyId: at(rows, answer.companyId) as number | null,
    lotId: answer.lotId ? (at(rows, answer.lotId) as number | null) : null,
    data: (await value(db, answer.data, rows, publicUrl)) as AnswerData<(typeof ANSWERS)[K]>,
  };
}
