// One data model on two engines (decisions 153, 196): each table is declared once (server/db/schema/define.ts)
// and built twice, with SQLite's builders and with PostgreSQL's. The PostgreSQL table is typed as its SQLite
// twin, since services are typed against the SQLite tables and run on either: so it must be that twin column
// for column, index for index, constraint for constraint, with the same JS value types. This is the check of
// that one cast; tests/server/foundation/migrations-match-schema.test.ts checks the tables against the
// committed migrations.
import { type Column, is, SQL } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  jsonb,
  PgDialect,
  PgTable,
  getTableConfig as pgConfig,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { SQLiteSyncDialect, SQLiteTable, getTableConfig as sqliteConfig } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import { createDb } from '#server/db/client.ts';
import { SCAN_WINDOW_CONSTRAINT, SCAN_WINDOW_KEY } from '#server/db/pg-scan-windows.ts';
import { pgTables, sqliteTables, tablesOf } from '#server/db/schema/index.ts';
import { DeclaredTable, defineTable } from '#server/db/schema/define.ts';

/** A table as the drift test sees it: everything that must match, in engine-neutral words. */
interface TableShape {
  columns: Record<string, Record<string, unknown>>;
  primaryKeys: string[][];
  uniques: Record<string, string[]>;
  indexes: Record<string, Record<string, unknown>>;
  foreignKeys: Record<string, Record<string, unknown>>;
  checks: string[];
}

const sqliteDialect = new SQLiteSyncDialect();
const pgDialect = new PgDialect();

/** Both dialects quote identifiers alike; a difference left in the rendered text is a real one. */
const render = (dialect: SQLiteSyncDialect | PgDialect, expression: SQL | undefined) => {
  if (!expression) return null;
  const query = dialect.sqlToQuery(expression);
  return { sql: query.sql, params: query.params };
};

/** The JS value type and storage class of a column, in the same words on both engines. */
function valueType(column: Column): string {
  const c = column as Column & { mode?: string; withTimezone?: boolean; precision?: number };
  switch (column.columnType) {
    case 'SQLiteInteger':
      return 'integer';
    case 'SQLiteTimestamp':
      return c.mode === 'timestamp_ms' ? 'date' : `SQLiteTimestamp(${c.mode})`;
    case 'SQLiteBoolean':
      return 'boolean';
    case 'SQLiteText':
      return 'text';
    case 'SQLiteTextJson':
      return 'json';
    case 'SQLiteReal':
      return 'double';
    case 'PgInteger':
      return 'integer';
    case 'PgTimestamp':
      // Date in, Date out, and no time lost: with time zone, milliseconds like SQLite's integer.
      return c.withTimezone && c.precision === 3
        ? 'date'
        : `PgTimestamp(tz=${c.withTimezone},p=${c.precision})`;
    case 'PgBoolean':
      return 'boolean';
    case 'PgText':
      return 'text';
    case 'PgJsonb':
      return 'json';
    // Text kept as it came (lot_events.epcis, decision 193); read back as JSON like jsonb.
    case 'PgJson':
      return 'json';
    case 'PgDoublePrecision':
      return 'double';
    default:
      return `unmapped ${column.columnType}`;
  }
}

function columnShape(column: Column, dialect: SQLiteSyncDialect | PgDialect): Record<string, unknown> {
  const c = column as Column & { autoIncrement?: boolean; generatedIdentity?: unknown };
  return {
    type: valueType(column),
    dataType: column.dataType,
    notNull: column.notNull,
    primary: column.primary,
    unique: column.isUnique,
    enumValues: column.enumValues ?? null,
    // A database default is compared by value (an SQL one by its text); a JS one ($defaultFn, $onUpdateFn)
    // by presence.
    default: is(column.default, SQL)
      ? render(dialect, column.default)
      : JSON.stringify(column.default ?? null),
    hasDefault: column.hasDefault,
    defaultFn: Boolean(column.defaultFn),
    onUpdateFn: Boolean(column.onUpdateFn),
    // SQLite's AUTOINCREMENT and PostgreSQL's identity: the database numbers the rows.
    generatedKey: Boolean(c.autoIncrement || c.generatedIdentity),
  };
}

type AnyConfig = ReturnType<typeof sqliteConfig> | ReturnType<typeof pgConfig>;

function tableShape(config: AnyConfig, dialect: SQLiteSyncDialect | PgDialect): TableShape {
  // A column of an index is a column (its name), or an expression (its SQL text), with an operator class on
  // PostgreSQL only (SQLite has none, so any is a difference).
  const indexColumn = (c: unknown) => {
    if (is(c, SQL)) return render(dialect, c);
    const { name, indexConfig } = c as { name: string; indexConfig?: { opClass?: string } };
    return indexConfig?.opClass ? `${name} ${indexConfig.opClass}` : name;
  };
  return {
    columns: Object.fromEntries(config.columns.map((c) => [c.name, columnShape(c, dialect)])),
    primaryKeys: config.primaryKeys.map((pk) => pk.columns.map((c) => c.name)),
    uniques: Object.fromEntries(
      config.uniqueConstraints.map((u) => [u.name ?? '', u.columns.map((c) => c.name)]),
    ),
    indexes: Object.fromEntries(
      config.indexes.map((i) => {
        const ic = i.config as {
          name: string;
          unique: boolean;
          where?: SQL;
          columns: unknown[];
          method?: string;
        };
        return [
          ic.name,
          {
            unique: ic.unique,
            columns: ic.columns.map(indexColumn),
            where: render(dialect, ic.where),
            // PostgreSQL only; anything but the default b-tree has no SQLite counterpart in the schema.
            method: ic.method && ic.method !== 'btree' ? ic.method : null,
          },
        ];
      }),
    ),
    foreignKeys: Object.fromEntries(
      config.foreignKeys.map((fk) => {
        const ref = fk.reference();
        return [
          fk.getName(),
          {
            columns: ref.columns.map((c) => c.name),
            table: (ref.foreignTable as unknown as { [k: symbol]: string })[Symbol.for('drizzle:Name')],
            foreignColumns: ref.foreignColumns.map((c) => c.name),
            onDelete: fk.onDelete ?? 'no action',
            onUpdate: fk.onUpdate ?? 'no action',
          },
        ];
      }),
    ),
    checks: config.checks.map((c) => c.name).sort(),
  };
}

function schemaShape(tables: Record<string, unknown>): Record<string, TableShape> {
  const shapes: Record<string, TableShape> = {};
  for (const value of Object.values(tables)) {
    if (is(value, SQLiteTable)) {
      const config = sqliteConfig(value);
      shapes[config.name] = tableShape(config, sqliteDialect);
    } else if (is(value, PgTable)) {
      const config = pgConfig(value);
      shapes[config.name] = tableShape(config, pgDialect);
    }
  }
  return shapes;
}

/** Every difference between two schemas' shapes, one line each ("products.columns.name.notNull: true ≠ false"). */
function differences(sqlite: unknown, pg: unknown, path = ''): string[] {
  if (JSON.stringify(sqlite) === JSON.stringify(pg)) return [];
  const isObject = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isObject(sqlite) || !isObject(pg))
    return [`${path}: ${JSON.stringify(sqlite)} ≠ ${JSON.stringify(pg)}`];
  const a = sqlite as Record<string, unknown>;
  const b = pg as Record<string, unknown>;
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].sort().flatMap((key) => {
    const at = path ? `${path}.${key}` : key;
    if (!(key in b)) return [`${at}: only on SQLite`];
    if (!(key in a)) return [`${at}: only on PostgreSQL`];
    return differences(a[key], b[key], at);
  });
}

/**
 * The differences the model allows, each for a reason of its own. Only the scan counting windows' key
 * (decision 156): on PostgreSQL several instances add their counts to one row per window, which the
 * upsert of server/db/pg-scan-windows.ts finds through this constraint (NULLS NOT DISTINCT: visitors
 * and rows of no lot are one key); the SQLite file has one writer, keeps plain inserts, and a unique
 * index there would treat NULLs as distinct anyway.
 */
const ALLOWED = ['scan_events.uniques.scan_events_window_unique: only on PostgreSQL'];
const unexplained = (found: string[]) => found.filter((line) => !ALLOWED.includes(line));

/** The PostgreSQL tables as what they are (they are typed as their SQLite twins). */
const pgSchema = pgTables as unknown as Record<keyof typeof pgTables, PgTable>;

describe('schema drift between SQLite and PostgreSQL', () => {
  const sqliteShape = schemaShape(sqliteTables);

  it('sees every table, column, index and foreign key of the SQLite schema', () => {
    expect(Object.keys(sqliteShape).sort()).toEqual([
      'companies',
      'company_terms',
      'documents',
      'email_verification_codes',
      'lot_eudr',
      'lot_event_objects',
      'lot_events',
      'lot_inputs',
      'lot_plots',
      'lot_receipts',
      'lot_shipments',
      'lots',
      'partners',
      'password_reset_tokens',
      'plots',
      'products',
      'scan_events',
      'scan_logs',
      'serial_batches',
      'serial_opens',
      'serial_reports',
      'serial_settings',
      'serial_states',
      'serial_voids',
      'serials',
      'short_links',
      'tracking_entries',
      'users',
    ]);
    const products = sqliteShape.products!;
    expect(Object.keys(products.indexes)).toHaveLength(14);
    expect(products.indexes.products_gtin_unique!.where).not.toBeNull();
    expect(products.indexes.products_qr_code_folded_unique!.columns).toEqual([
      { sql: 'lower("products"."qr_code")', params: [] },
    ]);
    expect(Object.values(sqliteShape.short_links!.foreignKeys).map((fk) => fk.onDelete)).toContain(
      'set null',
    );
    for (const table of Object.values(sqliteShape)) {
      for (const [name, column] of Object.entries(table.columns)) {
        expect(column.type, name).not.toMatch(/unmapped|\(/);
      }
    }
  });

  it('finds no difference between the two schemas but the allowed ones', () => {
    const found = differences(sqliteShape, schemaShape(pgSchema));
    expect(unexplained(found)).toEqual([]);
    // Every allowed difference is still there: an exception nothing needs is removed, not kept.
    expect(found).toEqual(ALLOWED);
  });

  it("allows only the scan windows' key, exactly as the PostgreSQL upsert names it (decision 156)", () => {
    const [window, ...others] = pgConfig(pgSchema.scanEvents).uniqueConstraints;
    expect(sqliteConfig(sqliteTables.scanEvents).uniqueConstraints).toEqual([]);
    expect(others).toEqual([]);
    expect(window?.name).toBe(SCAN_WINDOW_CONSTRAINT);
    expect(window?.columns.map((c) => c.name)).toEqual([...SCAN_WINDOW_KEY]);
    expect(window?.nullsNotDistinct).toBe(true);
  });

  it('fails on a deliberately altered copy of a PostgreSQL table', () => {
    const altered = pgTable(
      'lots',
      {
        id: integer('id').primaryKey(),
        companyId: integer('company_id')
          .notNull()
          .references(() => (pgSchema.companies as unknown as { id: never }).id, { onDelete: 'no action' }),
        productId: integer('product_id')
          .notNull()
          .references(() => (pgSchema.products as unknown as { id: never }).id, { onDelete: 'cascade' }),
        code: varchar('code').notNull(),
        productionDate: text('production_date'),
        expiryDate: text('expiry_date').notNull(),
        expiryKind: text('expiry_kind', { enum: ['EXPIRY'] })
          .notNull()
          .default('EXPIRY'),
        quantity: doublePrecision('quantity'),
        unit: text('unit'),
        recalledAt: text('recalled_at'),
        recallReason: text('recall_reason'),
        inputRecallLotId: integer('input_recall_lot_id'),
        inputRecallCode: text('input_recall_code'),
        inputRecallReason: text('input_recall_reason'),
        heldAt: timestamp('held_at', { mode: 'date', precision: 3, withTimezone: true }),
        holdReason: text('hold_reason'),
        translations: jsonb('translations').notNull().default({}),
        version: integer('version').notNull().default(2),
        createdAt: timestamp('created_at', { mode: 'date', precision: 3, withTimezone: true })
          .notNull()
          .$defaultFn(() => new Date()),
        updatedAt: jsonb('updated_at').notNull(),
      },
      (t) => [
        index('lots_company_product_idx').on(t.productId, t.companyId),
        uniqueIndex('lots_product_code_unique').using('gin', t.productId, t.code.op('gin_trgm_ops')),
      ],
    );
    const found = unexplained(differences(sqliteShape, schemaShape({ ...pgSchema, lots: altered })));
    expect(found).toEqual([
      'lots.columns.code.type: "text" ≠ "unmapped PgVarchar"',
      'lots.columns.expiry_date.notNull: false ≠ true',
      'lots.columns.expiry_kind.enumValues: ["EXPIRY","BEST_BEFORE"] ≠ ["EXPIRY"]',
      'lots.columns.id.generatedKey: true ≠ false',
      'lots.columns.id.hasDefault: true ≠ false',
      'lots.columns.recalled_at.dataType: "date" ≠ "string"',
      'lots.columns.recalled_at.type: "date" ≠ "text"',
      'lots.columns.updated_at.dataType: "date" ≠ "json"',
      'lots.columns.updated_at.defaultFn: true ≠ false',
      'lots.columns.updated_at.hasDefault: true ≠ false',
      'lots.columns.updated_at.onUpdateFn: true ≠ false',
      'lots.columns.updated_at.type: "date" ≠ "json"',
      'lots.columns.version.default: "1" ≠ "2"',
      'lots.foreignKeys.lots_company_id_companies_id_fk.onDelete: "cascade" ≠ "no action"',
      'lots.indexes.lots_company_product_idx.columns: ["company_id","product_id"] ≠ ["product_id","company_id"]',
      'lots.indexes.lots_product_code_unique.columns: ["product_id","code"] ≠ ["product_id","code gin_trgm_ops"]',
      'lots.indexes.lots_product_code_unique.method: null ≠ "gin"',
    ]);
    // And a table missing altogether.
    const { documents: _documents, ...withoutDocuments } = pgSchema;
    expect(unexplained(differences(sqliteShape, schemaShape(withoutDocuments)))).toEqual([
      'documents: only on SQLite',
    ]);
  });

  it("builds both dialects of every declaration, and gives each handle its own engine's tables", () => {
    expect(Object.keys(pgTables)).toEqual(Object.keys(sqliteTables));
    for (const [key, table] of Object.entries(sqliteTables)) {
      expect(is(table, SQLiteTable), key).toBe(true);
      expect(is(pgSchema[key as keyof typeof pgSchema], PgTable), key).toBe(true);
    }
    expect(tablesOf('sqlite')).toBe(sqliteTables);
    expect(tablesOf('pg')).toBe(pgTables);
    const { db, sqlite } = createDb(':memory:');
    try {
      expect(db.tables).toBe(sqliteTables);
    } finally {
      sqlite.close();
    }
  });

  it("writes a dialect's own words once, in the declaration's helpers: NULLs first, a PostgreSQL-only key, the row id", () => {
    const probe = defineTable(
      'probe',
      (c) => ({ id: c.id(), kind: c.text('kind'), at: c.time('at').notNull() }),
      (t, i) => [
        i.index('probe_kind_idx').on(i.nullsFirst(t.kind), t.at),
        i.uniqueOnPgOnly('probe_key', t.kind, t.at),
      ],
    );
    expect(probe).toBeInstanceOf(DeclaredTable);
    const onSqlite = sqliteConfig(probe.sqlite);
    const onPg = pgConfig(probe.pg as unknown as PgTable);
    // SQLite sorts NULLs first already; PostgreSQL is told to, column by column.
    const pgColumns = onPg.indexes[0]!.config.columns as unknown as Array<{
      indexConfig: { nulls?: string };
    }>;
    expect(pgColumns.map((c) => c.indexConfig.nulls)).toEqual(['first', 'last']);
    expect(onSqlite.indexes[0]!.config.columns.map((c) => (c as { name: string }).name)).toEqual([
      'kind',
      'at',
    ]);
    expect(onSqlite.uniqueConstraints).toEqual([]);
    expect(onPg.uniqueConstraints.map((u) => [u.name, u.nullsNotDistinct])).toEqual([['probe_key', true]]);
    const sqliteId = onSqlite.columns.find((c) => c.name === 'id') as unknown as { autoIncrement: boolean };
    const pgId = onPg.columns.find((c) => c.name === 'id') as unknown as {
      generatedIdentity: { type: string };
    };
    expect(sqliteId.autoIncrement).toBe(true);
    expect(pgId.generatedIdentity.type).toBe('byDefault');
    // And the probe, like every declared table, has the same shape on both.
    expect(
      unexplained(differences(schemaShape({ probe: probe.sqlite }), schemaShape({ probe: probe.pg }))),
    ).toEqual(['probe.uniques.probe_key: only on PostgreSQL']);
  });
});
