import { type BackgroundWriter, startBackgroundWriter } from './db/background-writer.ts';
import { createSqliteChangeFeed } from './db/change-feed.ts';
import { createDb } from './db/client.ts';
import { prepareDatabase } from './db/migrations.ts';
import { createSqliteAnswerSource } from './db/public-answers/sqlite-source.ts';
import { sqliteScanWriter } from './db/scan-events.ts';
import type { DatabaseStore } from './db/store.ts';
import { sqliteOpenWriter } from './db/serial-opens.ts';
import type { AppDeps } from './deps.ts';
import type { Settings } from './env.ts';
import { createHealth } from './health.ts';
import { createDiskWatch } from './lib/disk-full.ts';
import type { Logger } from './logger.ts';
import type { Mailer } from './mail/mailer.ts';
import { createAfterAnswerJobs } from './services/accounts/after-answer.ts';
import { createParsePool, type ParsePool } from './services/parsing/parse-pool.ts';
import { createPublicAnswers } from './services/products/public-answers.ts';
import { createDecodePool, type DecodePool } from './services/scans/decode-pool.ts';
import { createScanBuffer } from './services/scans/record.ts';
import { createSerialItems } from './services/serials/kept-items.ts';
import { createAppState } from './state.ts';

export interface ComposeOptions {
  /** SQLite: the file to open instead of settings.databasePath (tests: ':memory:'). */
  sqlitePath?: string;
  mailer: Mailer;
  /** A decoding pool the caller keeps (a test file shares one); else one is made and closed with the deps. */
  decodePool?: DecodePool;
  /** The same for the parsing pool (spreadsheets, EPCIS documents). */
  parsePool?: ParsePool;
  /**
   * SQLite: write scan events and checkpoints on the background writer's thread (the running server); without
   * it they are written on the app's connection (tests).
   */
  backgroundWriter?: boolean;
  /** PostgreSQL: the pool's size and how long an idle connection is kept (tests keep few, briefly). */
  pool?: { max?: number; idleTimeoutMillis?: number };
}

/** What both engines' deps share, made before the engine is chosen. */
export type CommonDeps = Pick<
  AppDeps,
  'settings' | 'mailer' | 'logger' | 'health' | 'afterAnswerJobs' | 'decodePool' | 'parsePool' | 'disk'
>;

export interface ComposedDeps {
  deps: AppDeps;
  /**
   * Makes the database ready and runs the start-up work that reads then writes (the first SUPER_ADMIN, the
   * default documents, the demo data); then `deps.health` leaves `starting`. On PostgreSQL: the migrations,
   * the rate-limit table and the change triggers (each under its advisory lock), the change feed's first
   * LISTEN, then `work` under the start-up lock, so instances starting together do it one after the other.
   * Every step may run again: while the database is not there, the server calls it until it succeeds
   * (server/server.ts, decision 178). On SQLite the file was migrated when it was opened: `work` alone.
   */
  start<T>(work: () => Promise<T>): Promise<T>;
  /**
   * After the last request: writes the buffered scan events, stops their writer, stops listening for
   * changes, stops storing answers, closes the database (and the worker pools made here).
   */
  close(): Promise<void>;
}

/**
 * Everything the app needs, built once for either engine (decisions 150, 153, 160): the running server
 * (server/server.ts) and the tests (tests/helpers/deps.ts) both come through here, so what differs between
 * the engines is wired here and in compose-pg.ts, nowhere else.
 *
 * - SQLite: the file is copied before it is migrated (prepareDatabase), opened and migrated; the public
 *   answers come from its statements and stored answers, and its own triggers tell them what changed;
 *   limits count in memory; scan events go through the background writer when there is one.
 * - PostgreSQL: composePg (compose-pg.ts), imported only when DATABASE_URL names it.
 */
export async function createAppDeps(
  settings: Settings,
  logger: Logger,
  options: ComposeOptions,
): Promise<ComposedDeps> {
  const decodePool = options.decodePool ?? createDecodePool();
  const parsePool = options.parsePool ?? createParsePool();
  const health = createHealth(logger);
  const disk = createDiskWatch(logger, settings.dataDir, health);
  const base: CommonDeps = {
    settings,
    mailer: options.mailer,
    logger,
    health,
    afterAnswerJobs: createAfterAnswerJobs(),
    decodePool,
    parsePool,
    disk,
  };
  // The pools made here end with the deps; a caller's own stay its own.
  const closePools = async () => {
    if (!options.decodePool) await decodePool.close();
    if (!options.parsePool) await parsePool.close();
  };

  // The engine is a setting (DATABASE_URL); each handle carries its engine's tables (decision 197). The
  // PostgreSQL wiring is imported only when it is the engine: a server on SQLite never loads the pg package
  // (decision 226; what it cost the release's start-up is in bench/RESULTS.md).
  if (settings.databaseEngine === 'pg') {
    const { composePg } = await import('./compose-pg.ts');
    return composePg(settings, options, base, closePools);
  }

  const path = options.sqlitePath ?? settings.databasePath;
  // The copy before a migration is of the file (PostgreSQL's backups are pg_dump's: docs/deploy.md).
  if (path !== ':memory:') await prepareDatabase({ ...settings, databasePath: path }, logger);
  const { db, sqlite } = createDb(path, { synchronous: settings.sqliteSynchronous });
  const store: DatabaseStore = { engine: 'sqlite', sqlite };
  let background: BackgroundWriter | undefined;
  if (options.backgroundWriter) {
    // Checkpoints run on the background writer's thread; SQLite's own stays as a safety net, later.
    sqlite.pragma('wal_autocheckpoint = 10000');
    background = startBackgroundWriter(path, { synchronous: settings.sqliteSynchronous, logger, disk });
  }
  // The public answers hear every write through the connection's own triggers (the change feed).
  const feed = createSqliteChangeFeed(sqlite, logger);
  const publicAnswers = createPublicAnswers({
    source: createSqliteAnswerSource(sqlite, { publicUrl: settings.publicUrl, logger, disk }),
    feed,
  });
  const scanBuffer = createScanBuffer({
    settings,
    logger,
    now: sqliteScanWriter(sqlite, logger),
    later: background,
  });
  const serialItems = createSerialItems({
    db,
    write: sqliteOpenWriter(sqlite),
    engine: 'sqlite',
    flushMs: settings.serialFlushMs,
    logger,
    feed,
  });
  const deps: AppDeps = {
    ...base,
    db,
    store,
    background,
    publicAnswers,
    scanBuffer,
    serialItems,
    ...createAppState(settings, { db, store }),
  };
  return {
    deps,
    // One process per file: nothing to take turns with, and the file was migrated when opened.
    async start(work) {
      const result = await work();
      health.clear('starting');
      return result;
    },
    async close() {
      // A generation job still running stops (its batch marked FAILED) before the database closes.
      await deps.serialJobs.stop();
      await scanBuffer.flushAll();
      await serialItems.close();
      await background?.stop();
      await closePools();
      publicAnswers.close();
      await feed.close();
      sqlite.close();
    },
  };
}
