import type { Logger } from '#server/logger.ts';
import type { Sqlite } from './client.ts';
import { rowsOf, WATCHED, type Watched } from './public-answers/watched.ts';

/**
 * What changed in the tables a public answer is made of, told to whoever keeps answers (decisions 158,
 * 199). The database says it, for every row written by whoever writes it: on the SQLite file, temporary
 * triggers on the app's one connection call back into this process; on PostgreSQL, triggers notify one
 * channel and every instance listens on it, so an answer kept by another instance is dropped as well.
 * Both are rendered from one declaration of the watched tables (public-answers/watched.ts, beside the
 * field lists that read them). The composition root (server/compose.ts) builds the feed of its engine
 * and the public answers subscribe to it.
 *
 * A change names a product, a company or a printed code (any may be null); `everything` means changes may
 * have been missed (the listening connection was lost) and every kept answer must go.
 */
export interface ChangeKey {
  productId: number | null;
  companyId: number | null;
  code: string | null;
}
export type Change = ChangeKey | 'everything';

/** Who hears the feed: every change, and whether changes are heard at all (decision 180). */
export interface ChangeSubscriber {
  changed(change: Change): void;
  /**
   * Told `false` the moment the feed stops hearing (PostgreSQL's listening connection lost) and `true` once
   * it hears again (the feed's `listening` says where it stands meanwhile). SQLite's feed always hears.
   */
  listening?(heard: boolean): void;
}

export interface ChangeFeed {
  /**
   * How many changes were delivered so far. A reader that builds an answer over several awaits compares it
   * before and after: if it moved, a change may have landed between the read and the keeping, and the
   * answer is served but not kept (on PostgreSQL a miss is not one synchronous statement).
   */
  readonly version: number;
  /** Whether changes are heard now: while they are not, a write may go untold. */
  readonly listening: boolean;
  subscribe(subscriber: ChangeSubscriber): void;
  close(): Promise<void>;
}

/** The subscribers of one feed, and its version (either engine's feed keeps one). */
export class Deliveries {
  version = 0;
  private readonly subscribers: ChangeSubscriber[] = [];
  constructor(private readonly logger?: Pick<Logger, 'error'>) {}

  subscribe(subscriber: ChangeSubscriber): void {
    this.subscribers.push(subscriber);
  }

  deliver(change: Change): void {
    this.version++;
    for (const subscriber of this.subscribers) {
      try {
        subscriber.changed(change);
      } catch (err) {
        // A failing listener must not stop the feed: later changes still have to arrive.
        this.logger?.error({ event: 'change_feed.listener_failed', err }, 'change listener failed');
      }
    }
  }

  listening(heard: boolean): void {
    for (const subscriber of this.subscribers) subscriber.listening?.(heard);
  }
}

const triggerName = (w: Watched, event: string) => `change_feed_${w.table}_${event.toLowerCase()}`;

/**
 * SQLite: temporary triggers on the app's connection call `change_feed(product, company, code)`, a function
 * of this process, synchronously inside the write: the change is known before the write returns, so the
 * feed always hears.
 */
export function createSqliteChangeFeed(sqlite: Sqlite, logger?: Pick<Logger, 'error'>): ChangeFeed {
  const deliveries = new Deliveries(logger);
  sqlite.function('change_feed', { deterministic: false }, (productId, companyId, code) => {
    deliveries.deliver({
      productId: productId as number | null,
      companyId: companyId as number | null,
      code: code as string | null,
    });
    return null;
  });
  for (const w of WATCHED) {
    for (const event of w.events) {
      const calls = rowsOf(w, event).map((r) => `change_feed(${w.key(r).join(', ')})`);
      sqlite.exec(
        `CREATE TEMP TRIGGER IF NOT EXISTS ${triggerName(w, event)}
         AFTER ${event} ON main.${w.table} BEGIN SELECT ${calls.join(', ')}; END`,
      );
    }
  }
  return {
    get version() {
      return deliveries.version;
    },
    listening: true,
    subscribe: (subscriber) => deliveries.subscribe(subscriber),
    async close() {
      if (!sqlite.open) return;
      for (const w of WATCHED) {
        for (const event of w.events) sqlite.exec(`DROP TRIGGER IF EXISTS temp.${triggerName(w, event)}`);
      }
    },
  };
}
