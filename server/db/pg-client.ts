import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db, Executor } from './client.ts';
import { shippedMigrations } from './client.ts';
import { isConnectionError } from './errors.ts';
import { DatabaseTooNewError } from './migrations.ts';
import { fillNameSortKeysPg } from './name-sort.ts';
import * as pgSchema from './schema/pg/index.ts';
import { attachTransactionRunner, type TransactionRunner } from './transaction.ts';

export type PgDb = NodePgDatabase<typeof pgSchema>;

/**
 * The PostgreSQL handle (decision 153), shaped like createDb's: `db` is typed as the SQLite database, as
 * every table of schema/index.ts is typed as its SQLite table, so services are written once (decision 150);
 * `pg` is the same object with its real type, for the PostgreSQL-only code under server/db/.
 */
export interface PgDbHandle {
  db: Db;
  engine: 'pg';
  pg: PgDb;
  pool: pg.Pool;
  close(): Promise<void>;
}

/** Where drizzle records applied migrations on PostgreSQL (its defaults, named so the lock test can read them). */
export const PG_MIGRATIONS_SCHEMA = 'drizzle';
export const PG_MIGRATIONS_TABLE = '__drizzle_migrations';
/**
 * The session-level advisory lock every instance takes around its migrations: the first applies them, the
 * others wait and then find nothing left to apply. Any fixed number works, as long as nothing else in the
 * database uses it ('txng' in ASCII).
 */
export const PG_MIGRATION_LOCK = 1954049639;

/** The transaction-level advisory lock every transaction takes first (decision 166); another fixed number. */
export const PG_WRITE_LOCK = 1954049640;

type Migrator = { dialect: PgDialect; session: PgSession };

/**
 * Applies the shipped PostgreSQL migrations (drizzle/pg/) on one connection of `pool`, holding
 * PG_MIGRATION_LOCK meanwhile, so N instances starting together migrate once. Refuses a database migrated
 * by a newer version, like prepareDatabase does for the SQLite file. Then fills the empty name sort keys.
 */
export async function migratePg(pool: pg.Pool): Promise<void> {
  const migrations = shippedMigrations('drizzle/pg');
  const latestKnown = Math.max(...migrations.map((m) => m.folderMillis));
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('SELECT pg_advisory_lock($1)', [PG_MIGRATION_LOCK]);
    try {
      const table = await client.query<{ name: string | null }>('SELECT to_regclass($1)::text AS name', [
        `"${PG_MIGRATIONS_SCHEMA}"."${PG_MIGRATIONS_TABLE}"`,
      ]);
      if (table.rows[0]?.name) {
        const latest = await client.query<{ at: string | null }>(
          `SELECT max(created_at)::text AS at FROM "${PG_MIGRATIONS_SCHEMA}"."${PG_MIGRATIONS_TABLE}"`,
        );
        const at = latest.rows[0]?.at;
        if (at && Number(at) > latestKnown) {
          throw new DatabaseTooNewError(
            `The database was migrated by a newer version (its latest migration is of ${new Date(Number(at)).toISOString()}, this version knows up to ${new Date(latestKnown).toISOString()}): run that version or newer.`,
          );
        }
      }
      // What drizzle-orm/node-postgres/migrator's migrate() does, given the shipped migrations instead of
      // a folder, on the locked connection (its dialect and session are marked internal in drizzle's types).
      const migrator = drizzle(client) as unknown as Migrator;
      await migrator.dialect.migrate(migrations, migrator.session, {
        // Required by the type, unread by dialect.migrate: the migrations are passed in.
        migrationsFolder: 'drizzle/pg',
        migrationsSchema: PG_MIGRATIONS_SCHEMA,
        migrationsTable: PG_MIGRATIONS_TABLE,
      });
      await fillNameSortKeysPg(client);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [PG_MIGRATION_LOCK]).catch((error: Error) => {
        broken = error;
      });
    }
  } finally {
    // A connection whose unlock failed may still hold the lock: destroyed, not returned to the pool.
    client.release(broken);
  }
}

/**
 * PostgreSQL: drizzle's transaction (BEGIN ... COMMIT on one connection of the pool, ROLLBACK when the body
 * throws). Unlike SQLite's runner, bodies need no queue (each has its own connection) and may await
 * anything. A nested call, made within the body's async call chain, joins the outer transaction: the
 * AsyncLocalStorage holds it, and each transaction object carries the runner so `transaction(tx, ...)` works.
 *
 * The connection is checked out here rather than by drizzle's pool transaction, which gives it back only
 * once BEGIN has succeeded: a connection that died between the two (the database stopping) was never given
 * back, and a few outages left the pool with no connection to give. Here it always goes back, and one that
 * failed is destroyed (decision 178). drizzle's database object for a connection is made once per connection.
 */
export function pgTransactionRunner(pool: pg.Pool): TransactionRunner {
  const inside = new AsyncLocalStorage<Executor>();
  const onConnection = new WeakMap<pg.PoolClient, PgDb>();
  const runner: TransactionRunner = {
    async run<T>(body: (tx: Executor) => Promise<T>): Promise<T> {
      const outer = inside.getStore();
      if (outer) return body(outer);
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        let db = onConnection.get(client);
        if (!db) {
          db = drizzle(client, { schema: pgSchema });
          onConnection.set(client, db);
        }
        return await db.transaction(async (pgTx) => {
          // One writing transaction at a time across every instance, as SQLite's BEGIN IMMEDIATE gives one
          // file (decision 166): the services' read-check-write bodies keep the guarantees they were written
          // with (positions, versions, unique codes), under PostgreSQL's READ COMMITTED.
          await pgTx.execute(sql`SELECT pg_advisory_xact_lock(${PG_WRITE_LOCK})`);
          const tx = attachTransactionRunner(pgTx, runner) as unknown as Executor;
          return inside.run(tx, () => body(tx));
        });
      } catch (error) {
        if (isConnectionError(error)) broken = error as Error;
        throw error;
      } finally {
        client.release(broken);
      }
    },
  };
  return runner;
}

export interface PgDbOptions {
  /** Connections in the pool (pg's default is 10). */
  max?: number;
  /** How long an idle connection is kept open (pg's default is 10 s). */
  idleTimeoutMillis?: number;
  /**
   * A connection of the pool that failed (the server stopped or restarted, a network cut), idle or in use,
   * reported once. Without a listener on each connection, pg would end the process (decision 178).
   */
  onError?: (error: Error) => void;
}

/**
 * How long a request waits for a connection (a free one of the pool, or a new one to a server that does not
 * answer) before it is answered 503 (server/db/errors.ts) instead of hanging.
 */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * The PostgreSQL handle for DATABASE_URL, without connecting: the pool opens connections when they are
 * first asked for, so the app can be built, and listen, while the database is not there yet (decision 178).
 * migratePg must run before the tables are used; close() ends the pool.
 */
export function openPgDb(url: string, options: PgDbOptions = {}): PgDbHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max,
    idleTimeoutMillis: options.idleTimeoutMillis,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
    application_name: 'truy-xuat-nguon-goc',
  });
  // pg-pool listens for errors on idle connections only (and then emits them here); a connection checked
  // out, by a transaction waiting for the write lock or a statement in flight, has no listener of its own,
  // and its 'error' event would be thrown as uncaught. Each connection gets one for its whole life: the
  // statement in flight fails with the error (and its request with a 503), the pool drops the connection
  // when it is given back, and the process goes on.
  pool.on('connect', (client) => {
    client.on('error', (error) => options.onError?.(error));
  });
  // Reported by the connection's own listener above.
  pool.on('error', () => undefined);
  const pgDb = drizzle(pool, { schema: pgSchema });
  attachTransactionRunner(pgDb, pgTransactionRunner(pool));
  return {
    db: pgDb as unknown as Db,
    engine: 'pg',
    pg: pgDb,
    pool,
    close: () => pool.end(),
  };
}

/**
 * Connects to the PostgreSQL database at `url` (DATABASE_URL), applies the shipped migrations under the
 * advisory lock and returns the handle (the tools: copy-to-postgres, the tests' template).
 */
export async function createPgDb(url: string, options: PgDbOptions = {}): Promise<PgDbHandle> {
  const handle = openPgDb(url, options);
  try {
    await migratePg(handle.pool);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

/**
 * Runs `work` while this process holds a session-level advisory lock named `name` on one connection of the
 * pool: N instances doing the same start-up work (the first SUPER_ADMIN, the default documents, the demo
 * data) do it one after the other, and each finds what the one before made. `work` uses the pool's other
 * connections as usual; the lock is released (or its connection destroyed) whatever happens.
 */
export async function withAdvisoryLock<T>(pool: pg.Pool, name: string, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    try {
      return await work();
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [name]).catch((error: Error) => {
        broken = error;
      });
    }
  } finally {
    client.release(broken);
  }
}
