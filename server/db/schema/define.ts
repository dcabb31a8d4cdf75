import type { BuildColumns } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import * as sqlite from 'drizzle-orm/sqlite-core';

/**
 * One declaration per table for both engines (decision 196). A table is written once, with the column kinds
 * and index helpers below; defineTable runs that declaration twice, with SQLite's builders and with
 * PostgreSQL's, and returns both drizzle tables. Where the dialects differ, the difference is written here
 * once, in the kind or helper that has it, never in a second table.
 *
 * The declarations are typed against SQLite's builders, as every service is typed against the SQLite tables
 * (decision 153): drizzle has no table type for both dialects. PostgreSQL's builders are handed to the same
 * declaration under SQLite's type, and its table comes back under its SQLite twin's type: the only casts of
 * one dialect to the other are in this file, and tests/server/foundation/schema-drift.test.ts checks that the
 * two tables it produces agree column for column, index for index.
 */

/** The column kinds of SQLite, each a drizzle builder: what a declaration's columns are written with. */
const sqliteKinds = {
  /** The row id: an integer key the database numbers (AUTOINCREMENT: a deleted row's id is never reused). */
  id: () => sqlite.integer('id').primaryKey({ autoIncrement: true }),
  /** Text; `{ enum: [...] }` types its values (a plain text column on both engines: no type to migrate). */
  text: sqlite.text,
  int: <N extends string>(name: N) => sqlite.integer(name),
  /** Stored as 0/1 on SQLite. */
  bool: <N extends string>(name: N) => sqlite.integer(name, { mode: 'boolean' }),
  /** A double-precision number. */
  real: <N extends string>(name: N) => sqlite.real(name),
  /** A time read and written as Date: integer milliseconds since the epoch on SQLite. */
  time: <N extends string>(name: N) => sqlite.integer(name, { mode: 'timestamp_ms' }),
  /** A JSON value of type T: text on SQLite. */
  json: <T>(name: string) => sqlite.text(name, { mode: 'json' }).$type<T>(),
  /**
   * A JSON value of type T whose text is kept as it came, its fields in their order (decision 193): text on
   * SQLite, as `json`.
   */
  jsonAsReceived: <T>(name: string) => sqlite.text(name, { mode: 'json' }).$type<T>(),
};

type Kinds = typeof sqliteKinds;

/** The same kinds on PostgreSQL, with the same JS values. */
const pgKinds: Kinds = {
  // An identity by default, so an explicit id (a copy from SQLite, decision 153) is still accepted.
  id: () => pg.integer('id').primaryKey().generatedByDefaultAsIdentity(),
  text: pg.text,
  int: (name: string) => pg.integer(name),
  bool: (name: string) => pg.boolean(name),
  real: (name: string) => pg.doublePrecision(name),
  // Milliseconds, like SQLite's integer; with the time zone, so a Date means one instant.
  time: (name: string) => pg.timestamp(name, { mode: 'date', precision: 3, withTimezone: true }),
  json: (name: string) => pg.jsonb(name),
  // json, not jsonb: jsonb keeps the value, not its text (keys reordered, duplicates dropped).
  jsonAsReceived: (name: string) => pg.json(name),
} as unknown as Kinds;

/** The index helpers of SQLite: drizzle's, and the few whose meaning differs between the engines. */
const sqliteIndexes = {
  index: sqlite.index,
  uniqueIndex: sqlite.uniqueIndex,
  /**
   * A column of an index whose NULLs come first, as a sort by it ascending puts them on SQLite (decision
   * 164): SQLite's index already does; PostgreSQL's is told to (ASC NULLS FIRST), else it puts them last
   * and cannot serve that sort.
   */
  nullsFirst: <C>(column: C): C => column,
  /**
   * A unique constraint on PostgreSQL only, NULLs counted as equal (NULLS NOT DISTINCT): a key that only
   * PostgreSQL's upserts need (decision 156, the scan windows every instance adds to). Nothing on SQLite,
   * whose one writer keeps plain inserts.
   */
  uniqueOnPgOnly: (
    _name: string,
    ..._columns: sqlite.AnySQLiteColumn[]
  ): sqlite.UniqueConstraintBuilder | null => null,
  /**
   * A primary key of several columns, for a table whose rows a natural key already names and that a row id
   * would only make wider (decision 214: the serials).
   */
  primaryKey: (name: string, ...columns: [sqlite.AnySQLiteColumn, ...sqlite.AnySQLiteColumn[]]) =>
    sqlite.primaryKey({ name, columns }),
};

type Indexes = typeof sqliteIndexes;

const pgIndexes: Indexes = {
  index: pg.index,
  uniqueIndex: pg.uniqueIndex,
  nullsFirst: (column: pg.ExtraConfigColumn) => column.asc().nullsFirst(),
  uniqueOnPgOnly: (name: string, ...columns: pg.PgColumn[]) =>
    pg
      .unique(name)
      .on(...(columns as [pg.PgColumn, ...pg.PgColumn[]]))
      .nullsNotDistinct(),
  primaryKey: (name: string, ...columns: [pg.PgColumn, ...pg.PgColumn[]]) => pg.primaryKey({ name, columns }),
} as unknown as Indexes;

/**
 * A table declared once: its SQLite table, and its PostgreSQL table typed as the SQLite one (decision 153).
 * Each is made when first asked for, so that a server builds only its own engine's tables at start.
 */
export class DeclaredTable<T extends sqlite.SQLiteTable = sqlite.SQLiteTable> {
  #sqlite: T | undefined;
  #pg: T | undefined;
  constructor(private readonly make: { sqlite: () => T; pg: () => T }) {}
  get sqlite(): T {
    this.#sqlite ??= this.make.sqlite();
    return this.#sqlite;
  }
  get pg(): T {
    this.#pg ??= this.make.pg();
    return this.#pg;
  }
}

/** What a declaration's columns are written with: the kinds, the usual times, and the tables it refers to. */
export type ColumnKinds = Kinds & {
  /** When the row was made: set by the app on insert. */
  createdAt: () => ReturnType<typeof createdAt>;
  /** When the row last changed: set by the app on insert and on every update through drizzle. */
  updatedAt: () => ReturnType<typeof updatedAt>;
  /** Another declared table, in this declaration's dialect: for `.references(() => c.of(companies).id)`. */
  of: <T extends sqlite.SQLiteTable>(table: DeclaredTable<T>) => T;
};

const createdAt = (kinds: Kinds) =>
  kinds
    .time('created_at')
    .notNull()
    .$defaultFn(() => new Date());
const updatedAt = (kinds: Kinds) =>
  kinds
    .time('updated_at')
    .notNull()
    .$defaultFn(() => new Date())
    .$onUpdateFn(() => new Date());

function columnKinds(kinds: Kinds, dialect: 'sqlite' | 'pg'): ColumnKinds {
  return {
    ...kinds,
    createdAt: () => createdAt(kinds),
    updatedAt: () => updatedAt(kinds),
    of: (table) => table[dialect],
  };
}

const onSqlite = { columns: columnKinds(sqliteKinds, 'sqlite'), indexes: sqliteIndexes };
const onPg = { columns: columnKinds(pgKinds, 'pg'), indexes: pgIndexes };

type Extra = sqlite.SQLiteTableExtraConfigValue | null;

/**
 * Declares a table for both engines: `columns` builds its columns from the kinds, `indexes` its indexes and
 * constraints from its columns and the index helpers. Both run once per dialect.
 */
export function defineTable<N extends string, C extends Record<string, sqlite.SQLiteColumnBuilderBase>>(
  name: N,
  columns: (c: ColumnKinds) => C,
  indexes: (t: BuildColumns<N, C, 'sqlite'>, i: Indexes) => Extra[] = () => [],
): DeclaredTable<
  sqlite.SQLiteTableWithColumns<{
    name: N;
    schema: undefined;
    columns: BuildColumns<N, C, 'sqlite'>;
    dialect: 'sqlite';
  }>
> {
  const present = (extras: Extra[]) => extras.filter((extra): extra is NonNullable<Extra> => extra !== null);
  const onSqliteTable = () =>
    sqlite.sqliteTable(name, columns(onSqlite.columns), (t) => present(indexes(t, onSqlite.indexes)));
  const onPgTable = () =>
    pg.pgTable(
      name,
      columns(onPg.columns) as unknown as Record<string, pg.PgColumnBuilderBase>,
      (t) => present(indexes(t as never, onPg.indexes)) as unknown as pg.PgTableExtraConfigValue[],
    ) as unknown as ReturnType<typeof onSqliteTable>;
  return new DeclaredTable({ sqlite: onSqliteTable, pg: onPgTable });
}
