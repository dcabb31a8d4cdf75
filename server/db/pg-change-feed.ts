import pg from 'pg';
import type { Logger } from '#server/logger.ts';
import { type ChangeFeed, type ChangeKey, type ChangeSubscriber, Deliveries } from './change-feed.ts';
import { errorReason } from './errors.ts';
import { PG_WRITE_LOCK } from './pg-client.ts';
import { inPgTransaction } from './pg-transaction.ts';
import { type Row, rowsOf, WATCHED, type Watched } from './public-answers/watched.ts';

// PostgreSQL's change feed, apart from SQLite's (change-feed.ts) so that a server on SQLite never loads the
// pg package: compose-pg.ts, which alone imports this file, is itself imported only when DATABASE_URL is set.

/** The one channel every instance listens on; a notification's payload is `[productId, companyId, code]`. */
export const CHANGE_CHANNEL = 'txng_public_changed';
/** Names the listening connection in pg_stat_activity. */
export const CHANGE_FEED_APPLICATION = 'txng-change-feed';

function pgFunction(w: Watched): string {
  const notify = (r: Row) =>
    `PERFORM pg_notify('${CHANGE_CHANNEL}', json_build_array(${w.key(r).join(', ')})::text);`;
  const when = (r: Row) => {
    const ops = w.events.filter((e) => rowsOf(w, e).includes(r)).map((e) => `'${e}'`);
    return ops.length ? `IF TG_OP IN (${ops.join(', ')}) THEN ${notify(r)} END IF;` : '';
  };
  return `CREATE OR REPLACE FUNCTION txng_changed_${w.table}() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  ${when('OLD')}
  ${when('NEW')}
  RETURN NULL;
END
$fn$`;
}

/**
 * Installs (or brings up to date) the notifying triggers on PostgreSQL, after the migrations: CREATE OR
 * REPLACE, under the writers' transaction-wide advisory lock (PG_WRITE_LOCK, decision 166), so that N
 * instances starting together do not race on the catalogue, and so that a trigger's table lock is never
 * taken while another instance's transaction writes these tables in another order: an instance seeding the
 * demo data (companies, then products) while another replaced the triggers (products, then companies) was a
 * deadlock that stopped one start. PostgreSQL drops identical notifications of one transaction, so an
 * import that writes a product's rows many times tells the listeners once per key.
 */
export async function installChangeTriggers(pool: pg.Pool): Promise<void> {
  await inPgTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [PG_WRITE_LOCK]);
    for (const w of WATCHED) {
      await client.query(pgFunction(w));
      await client.query(
        `CREATE OR REPLACE TRIGGER txng_changed AFTER ${w.events.join(' OR ')} ON ${w.table}
         FOR EACH ROW EXECUTE FUNCTION txng_changed_${w.table}()`,
      );
    }
  });
}

function parsePayload(payload: string | undefined): ChangeKey | null {
  try {
    const value: unknown = JSON.parse(payload ?? '');
    if (!Array.isArray(value) || value.length !== 3) return null;
    const [productId, companyId, code] = value as unknown[];
    const id = (v: unknown) => v === null || Number.isInteger(v);
    if (!id(productId) || !id(companyId) || !(code === null || typeof code === 'string')) return null;
    return { productId, companyId, code } as ChangeKey;
  } catch {
    return null;
  }
}

export interface PgChangeFeedOptions {
  /** How to reach the database: the app's DATABASE_URL. The feed holds one connection of its own. */
  connection: pg.ClientConfig;
  logger?: Pick<Logger, 'error' | 'warn' | 'info'>;
  /**
   * How often the listening connection is checked with `SELECT 1` (ms); a check unanswered for twice that
   * counts as a lost connection, so that one cut silently (a network partition) is noticed too.
   */
  heartbeatMs?: number;
  /** The first wait before connecting again; doubled on each failure up to maxRetryMs. */
  retryMs?: number;
  maxRetryMs?: number;
}

/** While connecting again fails, one log line this often at most (a long outage is not a line a second). */
const RETRY_LOG_MS = 30_000;

/**
 * PostgreSQL: one connection LISTENs on the channel and delivers every notification. When it is lost, the
 * feed tells its subscribers at once (listening false), connects again (after 0.1 s, doubling up to a second: a
 * database back from an outage is heard within a second) and, once listening, tells them (listening true)
 * and delivers `everything`: changes made while nobody listened were not queued for it.
 */
export class PgChangeFeed implements ChangeFeed {
  private client: pg.Client | null = null;
  private closed = false;
  private retry: NodeJS.Timeout | null = null;
  private readonly heartbeat: NodeJS.Timeout;
  /** When the heartbeat in flight was sent (0: none in flight). */
  private beating = 0;
  private connecting: Promise<void> | null = null;
  private readonly deliveries: Deliveries;
  /** The failures since the connection was lost, and when the last one was logged. */
  private failures = 0;
  private loggedAt = 0;

  constructor(private readonly options: PgChangeFeedOptions) {
    this.deliveries = new Deliveries(options.logger);
    const every = options.heartbeatMs ?? 1_000;
    this.heartbeat = setInterval(() => this.beat(2 * every), every);
    this.heartbeat.unref();
  }

  get version(): number {
    return this.deliveries.version;
  }

  /** Whether the feed is listening now: while it is not, changes may go unheard. */
  get listening(): boolean {
    return this.client !== null;
  }

  /**
   * Subscribers are told `false` the moment the listening connection is lost and `true` once it listens
   * again (decision 180): whoever keeps answers keeps none meanwhile, since writes made while nobody
   * listened are told to nobody; and the app reads it as whether the database can be reached
   * (server/compose.ts).
   */
  subscribe(subscriber: ChangeSubscriber): void {
    this.deliveries.subscribe(subscriber);
  }

  private beat(deadline: number): void {
    const client = this.client;
    if (!client) return;
    if (this.beating) {
      if (Date.now() - this.beating > deadline) this.lost(client, new Error('heartbeat unanswered'));
      return;
    }
    const sent = Date.now();
    this.beating = sent;
    client.query('SELECT 1').then(
      () => {
        if (this.beating === sent) this.beating = 0;
      },
      (err: Error) => this.lost(client, err),
    );
  }

  /**
   * Connects and listens, once: a failure is thrown (the start tries again while the database is not
   * there). After it succeeded, a lost connection is the feed's own to get back.
   */
  listen(): Promise<void> {
    if (this.client || this.closed) return Promise.resolve();
    // The start and the feed's own reconnection may ask at once: one connection attempt at a time.
    this.connecting ??= this.connect().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({
      ...this.options.connection,
      application_name: CHANGE_FEED_APPLICATION,
      keepAlive: true,
      // A connection attempt to a server that does not answer (a partition) fails instead of hanging.
      connectionTimeoutMillis: 5_000,
    });
    client.on('notification', (message) => {
      if (message.channel !== CHANGE_CHANNEL) return;
      const change = parsePayload(message.payload);
      // A payload of no known shape (sent by hand, by an older version) names nothing: drop everything.
      this.deliveries.deliver(change ?? 'everything');
    });
    // Every connection has an error path: an 'error' event with no listener would end the process.
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGE_CHANNEL}`);
    } catch (err) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
      throw err;
    }
    if (this.closed) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.beating = 0;
    this.deliveries.listening(true);
  }

  private lost(client: pg.Client, err?: Error): void {
    if (this.client !== client || this.closed) return;
    this.client = null;
    client.removeAllListeners('end');
    client.end().catch(() => undefined);
    this.options.logger?.warn(
      { event: 'change_feed.lost', reason: errorReason(err) },
      'change feed: connection lost, connecting again',
    );
    this.failures = 0;
    this.loggedAt = Date.now();
    this.deliveries.listening(false);
    this.reconnect(this.options.retryMs ?? 100);
  }

  private reconnect(wait: number): void {
    if (this.closed) return;
    this.retry = setTimeout(async () => {
      this.retry = null;
      try {
        await this.listen();
      } catch (err) {
        this.failures++;
        if (Date.now() - this.loggedAt >= RETRY_LOG_MS) {
          this.loggedAt = Date.now();
          this.options.logger?.warn(
            { event: 'change_feed.unreachable', attempts: this.failures, reason: errorReason(err) },
            'change feed: the database is still unreachable',
          );
        }
        this.reconnect(Math.min(wait * 2, this.options.maxRetryMs ?? 1_000));
        return;
      }
      if (this.closed || !this.client) return;
      this.options.logger?.info(
        { event: 'change_feed.listening', attempts: this.failures + 1 },
        'change feed: listening again',
      );
      this.deliveries.deliver('everything');
    }, wait);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.heartbeat);
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    if (client) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
    }
  }
}

/**
 * Listens for the changes every instance's writes make (installChangeTriggers must have run): connected
 * before it returns, or the connection's error thrown.
 */
export async function createPgChangeFeed(options: PgChangeFeedOptions): Promise<PgChangeFeed> {
  const feed = new PgChangeFeed(options);
  try {
    await feed.listen();
  } catch (err) {
    await feed.close();
    throw err;
  }
  return feed;
}
