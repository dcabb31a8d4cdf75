import type pg from 'pg';
import type { Sqlite } from './client.ts';

/**
 * The database this process runs on, besides the query builder every service uses (decision 160): SQLite's
 * own connection (its functions, triggers, attached stored answers and FTS index) or PostgreSQL's pool (its
 * notifications, rate-limit table and scan upserts). Only server/db/ and the start-up code look inside; a
 * service that needs the engine's own powers asks a function under server/db/ with the store.
 */
export type DatabaseStore = { engine: 'sqlite'; sqlite: Sqlite } | { engine: 'pg'; pool: pg.Pool };

/** SQLite's connection, for a part that exists on SQLite only (the stored answers, the FTS list queries). */
export function sqliteOf(store: DatabaseStore): Sqlite {
  if (store.engine !== 'sqlite') throw new Error('This part runs on SQLite only (decision 160)');
  return store.sqlite;
}
