import type { CommonDeps, ComposedDeps, ComposeOptions } from './compose.ts';
import { errorReason, isConnectionError } from './db/errors.ts';
import { installChangeTriggers, PgChangeFeed } from './db/pg-change-feed.ts';
import { migratePg, openPgDb, withAdvisoryLock } from './db/pg-client.ts';
import { createPgScanWriter } from './db/pg-scan-windows.ts';
import { createPgAnswerSource } from './db/public-answers/pg-source.ts';
import type { DatabaseStore } from './db/store.ts';
import { drizzleOpenWriter } from './db/serial-opens.ts';
import type { AppDeps } from './deps.ts';
import type { Settings } from './env.ts';
import { prepareRateLimitStore } from './security/limits.ts';
import { createPublicAnswers } from './services/products/public-answers.ts';
import { createScanBuffer } from './services/scans/record.ts';
import { createSerialItems } from './services/serials/kept-items.ts';
import { createAppState } from './state.ts';

/**
 * The PostgreSQL half of createAppDeps (compose.ts, which imports this file only when DATABASE_URL is set):
 * the pool, opened without connecting (openPgDb) and migrated under the advisory lock by start(), which the
 * server calls until the database is there (decision 178); the rate-limit table; the public answers built
 * with the query builder (decision 159) and told what changed by the change feed, every instance's writes
 * included (decision 158); limits counted in the database (decision 157); scan windows added together with
 * upserts (decision 156).
 */
export function composePg(
  settings: Settings,
  options: ComposeOptions,
  base: CommonDeps,
  closePools: () => Promise<void>,
): ComposedDeps {
  const { logger, health } = base;
  const databaseUrl = settings.databaseUrl;
  if (!databaseUrl) throw new Error('settings.databaseEngine is pg without a databaseUrl');
  // Nothing here connects (decision 178): the pool connects when asked, the feed when start() listens, so
  // the server can listen while the database is not there yet, and say so on /api/health.
  const handle = openPgDb(databaseUrl, {
    ...options.pool,
    onError: (err) =>
      logger.warn(
        { event: 'database.connection_lost', reason: errorReason(err) },
        'database connection lost',
      ),
  });
  const store: DatabaseStore = { engine: 'pg', pool: handle.pool };
  const feed = new PgChangeFeed({ connection: { connectionString: databaseUrl }, logger });
  const publicAnswers = createPublicAnswers({
    source: createPgAnswerSource(handle.pool, settings.publicUrl),
    feed,
  });
  // The feed's connection is how this instance knows whether the database can be reached: while it is
  // down, no kept answer is served (each read goes to the database) and the instance is not ready.
  feed.subscribe({
    changed: () => undefined,
    listening: (heard) => (heard ? health.clear('database') : health.set('database')),
  });
  const writer = createPgScanWriter(handle.pool, { windowMs: settings.scanFlushMs, logger });
  const scanBuffer = createScanBuffer({ settings, logger, later: writer });
  const serialItems = createSerialItems({
    db: handle.db,
    write: drizzleOpenWriter(handle.db),
    engine: 'pg',
    flushMs: settings.serialFlushMs,
    logger,
    feed,
  });
  const deps: AppDeps = {
    ...base,
    db: handle.db,
    store,
    publicAnswers,
    scanBuffer,
    serialItems,
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
      // A generation job still running stops (its batch marked FAILED) before the database closes.
      await deps.serialJobs.stop();
      await scanBuffer.flushAll();
      await serialItems.close();
      await writer.stop();
      await feed.close();
      publicAnswers.close();
      await handle.close();
      await closePools();
    },
  };
}
