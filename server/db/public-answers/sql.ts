import type { AnswerDefinition, Column, Filter, ListBound, Param, Source, ValueNode } from './fields.ts';

/**
 * A field list (answers.ts) as one SQL statement that returns the finished JSON (decisions 110, 169): the
 * same renderer for both engines, which differ only in the few words of `Dialect`. SQLite builds JSON with
 * json_object and json_group_array and keeps times as integer milliseconds; PostgreSQL with
 * json_build_object and json_agg, times as `timestamp with time zone`, and its text is written again by
 * JSON.stringify (pg-source.ts) so both engines answer the same bytes.
 */
export interface Dialect {
  object(pairs: string[]): string;
  /** A JSON value read by a subquery (SQLite loses a value's JSON type through one). */
  subquery(select: string): string;
  /** The rows' values as an array, `[]` when there are none, in `order`. */
  array(value: string, order: string): string;
  time(column: string): string;
  flag(column: string): string;
  /** A REAL value as JSON.stringify writes it. */
  number(value: string): string;
  isSet(column: string): string;
  json(column: string): string;
  /** A text column's order as SQLite's BINARY collation orders it (byte order), whatever the database's. */
  textOrder(column: string): string;
  param(name: Param): string;
}

export const SQLITE: Dialect = {
  object: (pairs) => `json_object(${pairs.join(', ')})`,
  subquery: (select) => `json((${select}))`,
  array: (value, order) => `json_group_array(${value} ORDER BY ${order})`,
  /**
   * Date#toISOString's text from integer milliseconds. SQLite rounds the fractional seconds back to whole
   * milliseconds, so the text is exact; one strftime is cheaper than formatting the parts apart.
   */
  time: (c) => `strftime('%Y-%m-%dT%H:%M:%fZ', ${c} / 1000.0, 'unixepoch')`,
  flag: (c) => `json(CASE WHEN ${c} THEN 'true' ELSE 'false' END)`,
  // A whole REAL is written as its integer (`2`, not json_object's `2.0`); others already round-trip.
  number: (v) => `CASE WHEN ${v} = CAST(${v} AS INTEGER) THEN CAST(${v} AS INTEGER) ELSE ${v} END`,
  isSet: (c) => `json(CASE WHEN ${c} IS NULL THEN 'false' ELSE 'true' END)`,
  json: (c) => `json(${c})`,
  textOrder: (c) => c,
  param: (name) => `@${name}`,
};

export const POSTGRES: Dialect = {
  object: (pairs) => `json_build_object(${pairs.join(', ')})`,
  subquery: (select) => `(${select})`,
  array: (value, order) => `coalesce(json_agg(${value} ORDER BY ${order}), '[]'::json)`,
  /** Date#toISOString's text of a `timestamp with time zone` (stored at millisecond precision). */
  time: (c) => `to_char(${c} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  flag: (c) => c,
  // JSON.stringify writes the statement's text again (pg-source.ts): `2.0` becomes `2` there.
  number: (v) => v,
  isSet: (c) => `${c} IS NOT NULL`,
  json: (c) => c,
  textOrder: (c) => `${c} COLLATE "C"`,
  param: (name) => (name === 'key' ? '$1' : '$2::text'),
};

const ref = (c: Column) => `${c.alias}.${c.column}`;
/** A word of the field list as an SQL string literal. */
const literal = (word: string) => `'${word.replaceAll("'", "''")}'`;

function filterSql(f: Filter): string {
  return 'equals' in f ? `${ref(f)} = ${literal(f.equals)}` : `${ref(f)} IS NOT NULL`;
}

function joinCondition(d: Dialect, s: Source): string {
  const to = 'param' in s.on.to ? d.param('key') : ref(s.on.to);
  return `${s.alias}.${s.on.column} = ${to}`;
}

/** One value of the field list as an SQL expression. */
export function valueSql(d: Dialect, v: ValueNode): string {
  switch (v.op) {
    case 'column':
      return ref(v.of);
    case 'time':
      return d.time(ref(v.of));
    case 'flag':
      return d.flag(ref(v.of));
    case 'isSet':
      return d.isSet(ref(v.of));
    case 'number':
      return d.number(v.of.length === 1 ? ref(v.of[0]!) : `coalesce(${v.of.map(ref).join(', ')})`);
    case 'json':
      return d.json(ref(v.of));
    case 'text':
      return v.parts
        .map((p) => (typeof p === 'string' ? literal(p) : 'param' in p ? d.param(p.param) : ref(p)))
        .join(' || ');
    case 'when':
      return `CASE WHEN ${ref(v.test)} = ${literal(v.equals)} THEN ${ref(v.then)} END`;
    case 'whenFlag':
      return `CASE WHEN ${ref(v.test)} THEN ${ref(v.then)} END`;
    case 'null':
      return 'NULL';
    case 'object':
      return d.object(
        Object.entries(v.fields).map(([key, field]) => `${literal(key)}, ${valueSql(d, field)}`),
      );
    case 'one':
      return d.subquery(`SELECT ${valueSql(d, v.value)} ${fromWhere(d, v.from)}`);
    case 'list': {
      const first = v.from[0] as Source;
      const orderOf = (alias: string) =>
        `${v.order.text ? d.textOrder(`${alias}.${v.order.column}`) : `${alias}.${v.order.column}`}, ${alias}.id`;
      const bounded = v.bound ? boundSql(d, first, v.bound, v.order, orderOf) : undefined;
      return d.subquery(
        `SELECT ${d.array(valueSql(d, v.value), orderOf(first.alias))} ${fromWhere(d, v.from, bounded)}`,
      );
    }
  }
}

/**
 * A bounded list's condition on its first source's rows (ListBound): their ids among the first `limit`, in
 * the list's order, of the rows the join names, each the smallest id of its `distinct` value.
 */
function boundSql(
  d: Dialect,
  first: Source,
  bound: ListBound,
  order: Column,
  orderOf: (alias: string) => string,
): string {
  if (order.alias !== first.alias)
    throw new Error(`a bounded list is ordered by its first source (${first.alias})`);
  const to = 'param' in first.on.to ? d.param('key') : ref(first.on.to);
  const firstOfItsKind = bound.distinct
    ? ` AND b.id = (SELECT min(k.id) FROM ${first.table} k WHERE k.${first.on.column} = b.${first.on.column} AND k.${bound.distinct} = b.${bound.distinct})`
    : '';
  return `${first.alias}.id IN (SELECT b.id FROM ${first.table} b WHERE b.${first.on.column} = ${to}${firstOfItsKind} ORDER BY ${orderOf('b')} LIMIT ${Math.trunc(bound.limit)})`;
}

/**
 * `FROM … WHERE …` of the sources, joined in order; `extra` conditions are added (the stored answers' own
 * selections, in place of the key).
 */
function fromWhere(d: Dialect, sources: readonly Source[], extra?: string): string {
  const [first, ...joined] = sources as [Source, ...Source[]];
  const where: string[] = [];
  const from = [`FROM ${first.table} ${first.alias}`];
  if (extra === undefined || !('param' in first.on.to)) where.push(joinCondition(d, first));
  for (const f of first.filters ?? []) where.push(filterSql(f));
  for (const s of joined) {
    const on = [joinCondition(d, s)];
    // A filter of an optional row is part of its join: the row is then null, the answer still there.
    if (s.optional) on.push(...(s.filters ?? []).map(filterSql));
    else where.push(...(s.filters ?? []).map(filterSql));
    from.push(`${s.optional ? 'LEFT JOIN' : 'JOIN'} ${s.table} ${s.alias} ON ${on.join(' AND ')}`);
  }
  if (extra !== undefined) where.push(extra);
  return `${from.join(' ')}${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`;
}

/**
 * An answer's statement: `SELECT productId, companyId, data, lotId FROM … WHERE <key> = @key`. With
 * `selection`, the key's condition gives way to it and `leading` columns come first (SQLite's stored
 * answers store many answers by one statement, answer-store.ts).
 */
export function answerSql(
  d: Dialect,
  a: AnswerDefinition,
  options: { selection?: string; leading?: string[]; data?: (json: string) => string } = {},
): string {
  const data = valueSql(d, a.data);
  const columns = [
    ...(options.leading ?? []),
    a.productId ? ref(a.productId) : 'NULL',
    ref(a.companyId),
    options.data ? options.data(data) : data,
    a.lotId ? ref(a.lotId) : 'NULL',
  ];
  return `SELECT ${columns.join(', ')} ${fromWhere(d, a.sources, options.selection)}`;
}

/** The column the key of an answer is matched with (its first source's). */
export const keyColumn = (a: AnswerDefinition) => `${a.sources[0]!.alias}.${a.sources[0]!.on.column}`;

/** A product's primary code by its id, ACTIVE or not (the product page opened by its address). */
export const primaryCodeSql = (d: Dialect) => `SELECT qr_code FROM products WHERE id = ${d.param('key')}`;
