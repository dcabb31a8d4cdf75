import { type BackgroundWriter, startBackgroundWriter } from './db/background-writer.ts';
import { installChangeTriggers, PgChangeFeed } from './db/change-feed.ts';
import { createDb } from './db/client.ts';
import { prepareDatabase } from './db/migrations.ts';
import { migratePg, openPgDb, withAdvisoryLock } from './db/pg-client.ts';
import { errorReason, isConnectionError } from './db/errors.ts';
import { createPgScanWriter } from './db/pg-scan-windows.ts';
import { databaseEngine } from './db/engine.ts';
import type { DatabaseStore } from './db/store.ts';
import type { AppDeps } from './deps.ts';
import type { Settings } from './env.ts';
import { createHealth } from './health.ts';
import type { Logger } from './logger.ts';
import { createDiskWatch } from './lib/disk-full.ts';
import type { Mailer } from './mail/mailer.ts';
import { prepareRateLimitStore } from './security/limits.ts';
import { createAfterAnswerJobs } from './services/accounts/after-answer.ts';
import { createParsePool, type ParsePool } from './services/parsing/parse-pool.ts';
import { createPublicAnswers } from './services/products/public-answers.ts';
import { createDecodePool, type DecodePool } from './services/scans/decode-pool.ts';
import { createScanBuffer } from './services/scans/record.ts';
import { createAppState } from './state.ts';

/** Where the data lives: a PostgreSQL database (DATABASE_URL), or the SQLite file (or ':memory:'). */
export type DatabaseChoice = { databaseUrl: string } | { sqlitePath: string };

export interface ComposeOptions {
  database: DatabaseChoice;
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
 * the engines is wired in one place.
 *
 * - SQLite: the file is copied before it is migrated (prepareDatabase), opened and migrated; the public
 *   answers come from its statements and stored answers, and its own triggers tell them what changed;
 *   limits count in memory; scan events go through the background writer when there is one.
 * - PostgreSQL: the pool, opened without connecting (openPgDb) and migrated under the advisory lock by
 *   start(), which the server calls until the database is there (decision 178); the rate-limit table; the public
 *   answers built with the query builder (decision 159) and told what changed by the change feed, every
 *   instance's writes included (decision 158); limits counted in the database (decision 157); scan
 *   windows added together with upserts (decision 156).
 */
export async function createAppDeps(
  settings: Settings,
  logger: Logger,
  options: ComposeOptions,
): Promise<ComposedDeps> {
  // The tables services import were picked for this process's engine when schema/index.ts loaded.
  const engine = 'databaseUrl' in options.database ? 'pg' : 'sqlite';
  if (engine !== databaseEngine()) {
    throw new Error(
      `This process was started for ${databaseEngine()} (DATABASE_URL) and cannot open a ${engine} database`,
    );
  }
  const decodePool = options.decodePool ?? createDecodePool();
  const parsePool = options.parsePool ?? createParsePool();
  const health = createHealth(logger);
  const disk = createDiskWatch(logger, settings.dataDir, health);
  const base = {
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

  if ('databaseUrl' in options.database) {
    // Nothing here connects (decision 178): the pool connects when asked, the feed when start() listens, so
    // the server can listen while the database is not there yet, and say so on /api/health.
    const handle = openPgDb(options.database.databaseUrl, {
      ...options.pool,
      onError: (err) =>
        logger.warn(
          { event: 'database.connection_lost', reason: errorReason(err) },
          'database connection lost',
        ),
    });
    const store: DatabaseStore = { engine: 'pg', pool: handle.pool };
    const publicAnswers = createPublicAnswers({ pool: handle.pool, settings, logger });
    const feed = new PgChangeFeed({
      connection: { connectionString: options.database.databaseUrl },
      onChange: (change) =>
        change === 'everything' ? publicAnswers.changedAll() : publicAnswers.changed(change),
      // The feed's connection is how this instance knows whether the database can be reached: while it is
      // down, no kept answer is served (each read goes to the database) and the instance is not ready.
      onListening: (listening) => {
        publicAnswers.listening(listening);
        if (listening) health.clear('database');
        else health.set('database');
      },
      logger,
    });
    const writer = createPgScanWriter(handle.pool, { windowMs: settings.scanFlushMs, logger });
    const scanBuffer = createScanBuffer({ store, settings, logger, writer });
    const deps: AppDeps = {
      ...base,
      db: handle.db,
      store,
      publicAnswers,
      scanBuffer,
      ...createAppState(settings, { db: handle.db, store }),
    };
    return {
      deps,
      async start(work) {
        try {
          await migratePg(handle.pool);
          await prepareRateLimitStore(handle.pool);
          await installChangeTriggers(handle.pool);
          await feed.listen();
        } catch (err) {
          if (isConnectionError(err) && !feed.listening) health.set('database');
          throw err;
        }
        const result = await withAdvisoryLock(handle.pool, 'txng:start-up', work);
        health.clear('starting');
        return result;
      },
      async close() {
        await scanBuffer.flushAll();
        await writer.stop();
        await feed.close();
        publicAnswers.close();
        await handle.close();
        await closePools();
      },
    };
  }

  const path = options.database.sqlitePath;
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
  const publicAnswers = createPublicAnswers({ sqlite, settings, logger, disk });
  const scanBuffer = createScanBuffer({ store, settings, logger, background });
  const deps: AppDeps = {
    ...base,
    db,
    store,
    background,
    publicAnswers,
    scanBuffer,
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
      await scanBuffer.flushAll();
      await background?.stop();
      await closePools();
      publicAnswers.close();
      sqlite.close();
    },
  };
}
