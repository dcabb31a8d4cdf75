import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';
import { type BetterSQLite3Database, drizzle } from 'drizzle-orm/better-sqlite3';
import type { MigrationMeta } from 'drizzle-orm/migrator';
import type { SQLiteSyncDialect } from 'drizzle-orm/sqlite-core';
import { readShippedFile } from '#server/shipped-files.ts';
import { fillNameSortKeys } from './name-sort.ts';
import { sqliteTables, type Tables } from './schema/index.ts';
import { registerFoldFunction } from './search.ts';
import { attachTransactionRunner, sqliteTransactionRunner } from './transaction.ts';

/**
 * The database services use, on either engine (decision 150): drizzle's, typed as SQLite's, and `tables`,
 * the tables of its own engine (decision 197). A service names its tables from the handle it was given
 * (`const { products } = db.tables`), so a handle and its tables never belong to two engines.
 */
export type Db = BetterSQLite3Database & { readonly tables: Tables };
export type Sqlite = Database.Database;
/** The database or a transaction: what a query helper needs to run inside either. */
export type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'tables'>;

/**
 * Gives a drizzle database (or one of its transactions) the tables of its engine, once, where the handle
 * is made (here and in server/db/pg-client.ts).
 */
export function attachTables<D extends object>(db: D, tables: Tables): D & { readonly tables: Tables } {
  return Object.defineProperty(db, 'tables', { value: tables, enumerable: false }) as D & {
    readonly tables: Tables;
  };
}
export interface DbHandle {
  db: Db;
  engine: 'sqlite';
  sqlite: Sqlite;
}

/**
 * The migrations this version ships (drizzle/ for SQLite, drizzle/pg/ for PostgreSQL: meta/_journal.json
 * and one .sql each, from drizzle-kit), read as drizzle's own readMigrationFiles reads them (split at the
 * statement breakpoints, hashed the same way), but through readShippedFile: the release reads them from
 * its executable (decision 100).
 */
export function shippedMigrations(folder: 'drizzle' | 'drizzle/pg' = 'drizzle'): MigrationMeta[] {
  const read = (path: string) => {
    const file = readShippedFile(path);
    if (!file) throw new Error(`${path} is missing`);
    return file.toString('utf8');
  };
  const journal = JSON.parse(read(`${folder}/meta/_journal.json`)) as {
    entries: { tag: string; when: number; breakpoints: boolean }[];
  };
  return journal.entries.map((entry) => {
    const query = read(`${folder}/${entry.tag}.sql`);
    return {
      sql: query.split('--> statement-breakpoint'),
      bps: entry.breakpoints,
      folderMillis: entry.when,
      hash: createHash('sha256').update(query).digest('hex'),
    };
  });
}

/**
 * Set on every connection, explicitly: the effective `synchronous` differs between a connection that
 * switched the file to WAL and one that reopened it. NORMAL in WAL survives a process crash (kill -9);
 * SYNCHRONOUS=full (env) also survives power loss at the cost of an fsync per commit.
 */
export function applyPragmas(sqlite: Sqlite, synchronous: 'NORMAL' | 'FULL' = 'NORMAL'): void {
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma(`synchronous = ${synchronous}`);
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('temp_store = MEMORY');
  // Small on purpose: a storm over the whole catalogue fills it, and a larger one took the server past its
  // memory budget (decision 076; figures in bench/RESULTS.md).
  sqlite.pragma('cache_size = -8000');
}

/**
 * Opens (or creates) the database, sets the pragmas, applies the committed migrations and fills the
 * sort keys they leave empty. Tests pass ':memory:'.
 */
export function createDb(path: string, options: { synchronous?: 'NORMAL' | 'FULL' } = {}): DbHandle {
  const sqlite = new Database(path);
  applyPragmas(sqlite, options.synchronous);
  const db = attachTables(drizzle(sqlite), sqliteTables);
  // What drizzle-orm/better-sqlite3/migrator's migrate() does, given the migrations instead of a folder
  // (its dialect and session are marked internal in drizzle's types).
  const migrator = db as unknown as {
    dialect: SQLiteSyncDialect;
    session: Parameters<SQLiteSyncDialect['migrate']>[1];
  };
  migrator.dialect.migrate(shippedMigrations(), migrator.session);
  fillNameSortKeys(sqlite);
  registerFoldFunction(sqlite);
  attachTransactionRunner(db, sqliteTransactionRunner(db, sqlite));
  return { db, engine: 'sqlite', sqlite };
}
