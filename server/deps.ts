import type { BackgroundWriter } from './db/background-writer.ts';
import type { Db } from './db/client.ts';
import type { DatabaseStore } from './db/store.ts';
import type { Settings } from './env.ts';
import type { Health } from './health.ts';
import type { DiskWatch } from './lib/disk-full.ts';
import type { Logger } from './logger.ts';
import type { Mailer } from './mail/mailer.ts';
import type { AfterAnswerJobs } from './services/accounts/after-answer.ts';
import type { ParsePool } from './services/parsing/parse-pool.ts';
import type { PublicAnswers } from './services/products/public-answers.ts';
import type { DecodePool } from './services/scans/decode-pool.ts';
import type { SerialItems } from './services/serials/kept-items.ts';
import type { ScanBuffer } from './services/scans/record.ts';
import type { AppState } from './state.ts';

/**
 * Everything the app needs from outside, built once by createAppDeps (server/compose.ts), for the server
 * and the tests alike (decision 161).
 */
export interface AppDeps extends AppState {
  db: Db;
  /** The engine's own handle: SQLite's connection or PostgreSQL's pool (server/db/store.ts, decision 160). */
  store: DatabaseStore;
  settings: Settings;
  mailer: Mailer;
  logger: Logger;
  /** Why this instance is less than well, read by /api/health and /api/health/ready (server/health.ts). */
  health: Health;
  /** Account work done after the answer (mail), kept so shutdown and tests can wait for it. */
  afterAnswerJobs?: AfterAnswerJobs;
  /** Image decoding threads behind a bounded queue (server/services/scans/decode-pool.ts). */
  decodePool: DecodePool;
  /** Import spreadsheets and EPCIS documents read on budgeted threads (server/services/parsing/parse-pool.ts). */
  parsePool: ParsePool;
  /** The background writer thread (server/db/background-writer.ts); only the running server has one. */
  background?: BackgroundWriter;
  /** The public answers and their pages (server/services/products/public-answers.ts, decision 110). */
  publicAnswers: PublicAnswers;
  /** Scan events waiting to be written (server/services/scans/record.ts); shutdown flushes it. */
  scanBuffer: ScanBuffer;
  /** Serialized codes' kept item states and their buffered opens (decision 230); shutdown flushes it. */
  serialItems: SerialItems;
  /** Told of every full disk met, so the log says it once in a while (server/lib/disk-full.ts). */
  disk: DiskWatch;
}
