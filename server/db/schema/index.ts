import type { DatabaseEngine } from '#server/env.ts';
import * as companies from './companies.ts';
import { DeclaredTable } from './define.ts';
import * as documents from './documents.ts';
import * as plots from './plots.ts';
import * as products from './products.ts';
import * as scans from './scans.ts';
import * as serialScans from './serial-scans.ts';
import * as serials from './serials.ts';
import * as supplyChain from './supply-chain.ts';
import * as users from './users.ts';

/** Every declaration module's exports: its tables (DeclaredTable) and its value lists. */
const declared = {
  ...companies,
  ...documents,
  ...plots,
  ...products,
  ...scans,
  ...serials,
  ...serialScans,
  ...supplyChain,
  ...users,
};
type Declared = typeof declared;
type TableName = { [K in keyof Declared]: Declared[K] extends DeclaredTable ? K : never }[keyof Declared];

/**
 * Every table, by the name services use, as one engine has it. Typed as the SQLite tables on both engines
 * (decision 153): the PostgreSQL ones are their twins from the same declaration (schema/define.ts).
 */
export type Tables = { readonly [K in TableName]: Declared[K] extends DeclaredTable<infer T> ? T : never };

/** The tables of a dialect, each made on first use (schema/define.ts): a server on SQLite makes no PostgreSQL one. */
function tablesIn(dialect: DatabaseEngine): Tables {
  const tables = {};
  for (const [key, value] of Object.entries(declared)) {
    if (value instanceof DeclaredTable)
      Object.defineProperty(tables, key, { enumerable: true, get: () => value[dialect] });
  }
  return Object.freeze(tables) as Tables;
}

/** The SQLite tables: what createDb hands to drizzle, and what drizzle-kit generates drizzle/ from. */
export const sqliteTables = tablesIn('sqlite');
/** The PostgreSQL tables: what createPgDb hands to drizzle, and what drizzle-kit generates drizzle/pg/ from. */
export const pgTables = tablesIn('pg');

/** The tables of an engine: each database handle carries its own (server/db/client.ts, `db.tables`). */
export function tablesOf(engine: DatabaseEngine): Tables {
  return engine === 'pg' ? pgTables : sqliteTables;
}

export { TERM_KINDS, type TermKind } from './companies.ts';
export { EXPIRY_KINDS, newEventId } from './products.ts';
export { DEVICE_CLASSES } from './scans.ts';
