import { AppError } from '#server/errors.ts';

/**
 * A bounded queue for expensive work that anonymous callers can start (password hashing, image
 * decoding; decision 081): at most `concurrency` jobs run, at most `maxWaiting` wait, and a job that
 * finds the queue full is refused AT ONCE with 503 and `Retry-After` instead of waiting behind
 * everyone else's. A flood then costs the flooder refusals, not every other user their turn.
 *
 * Who waits is chosen fairly (decision 173), for queues whose callers say who they are (a ticket):
 * - the room is as large as `maxWaitMs` of work (by the recent jobs' mean duration): a caller is told
 *   to come back rather than kept waiting seconds;
 * - one key (a client address) may use the whole room while nobody else wants it; when the room is
 *   full, a newcomer holding fewer places takes the place of the newest job of the key holding the most
 *   (that job is answered 503 at once): one address cannot keep the others out;
 * - a caller with a good record (the account's owner at an address it signed in from) waits in a
 *   small reserved lane, served before the others, one place per key (the account): a flood of
 *   strangers cannot keep the owner out, and one account cannot fill the lane.
 */
export interface WorkQueue {
  run<T>(job: () => Promise<T>, ticket?: QueueTicket): Promise<T>;
  /** Jobs running and waiting, for tests and logs. */
  readonly load: { running: number; waiting: number };
}

/** Who a job is for. */
export interface QueueTicket {
  /** Whose job it is: a client address, or for the reserved lane an account. */
  key?: string;
  /** A caller with a good record: may wait in the reserved lane. */
  reserved?: boolean;
}

export interface WorkQueueOptions {
  concurrency: number;
  maxWaiting: number;
  /** Places of the reserved lane (none without it). */
  reservedWaiting?: number;
  /** Longest expected wait a job is queued for (no bound without it). */
  maxWaitMs?: number;
  /** Told to a refused caller; roughly how long the queue takes to drain. */
  retryAfterSeconds: number;
  /** The Vietnamese message of the 503 (the table's default otherwise). */
  message?: string;
}

interface Waiter {
  key: string | undefined;
  start: () => void;
  refuse: (err: AppError) => void;
}

/** Weight of the newest job in the mean duration: it follows a changed cost within a few jobs. */
const MEAN_WEIGHT = 0.2;

export function createWorkQueue(options: WorkQueueOptions): WorkQueue {
  const reserved: Waiter[] = [];
  const ordinary: Waiter[] = [];
  /** Places held per key in the ordinary lane: an entry lives only while its key waits there. */
  const held = new Map<string, number>();
  /** Keys waiting in the reserved lane. */
  const reservedKeys = new Set<string>();
  let running = 0;
  /** Mean duration of the recent jobs (ms); 0 until one has finished. */
  let meanMs = 0;

  const hold = (key: string | undefined, by: number) => {
    if (key === undefined) return;
    const n = (held.get(key) ?? 0) + by;
    if (n > 0) held.set(key, n);
    else held.delete(key);
  };
  const refused = () =>
    new AppError('SERVICE_UNAVAILABLE', options.message, { retryAfter: options.retryAfterSeconds });

  /** Places of the ordinary lane now: `maxWaiting`, fewer when that many would wait over `maxWaitMs`. */
  const room = () => {
    if (options.maxWaitMs === undefined || meanMs === 0) return options.maxWaiting;
    const fit = Math.floor((options.maxWaitMs * options.concurrency) / meanMs) - 1 - reserved.length;
    return Math.max(0, Math.min(options.maxWaiting, fit));
  };

  /**
   * Room for a job of `key` in the ordinary lane, made if need be by refusing the newest job of the key
   * holding the most places, when that is more than the newcomer would then hold.
   */
  const makeRoom = (key: string | undefined): boolean => {
    if (ordinary.length < room()) return true;
    if (key === undefined) return false;
    let most: string | undefined;
    let places = 0;
    for (const [k, n] of held) {
      if (n > places) [most, places] = [k, n];
    }
    if (most === undefined || places <= (held.get(key) ?? 0) + 1) return false;
    for (let i = ordinary.length - 1; i >= 0; i--) {
      const waiter = ordinary[i] as Waiter;
      if (waiter.key !== most) continue;
      ordinary.splice(i, 1);
      hold(most, -1);
      waiter.refuse(refused());
      return ordinary.length < room();
    }
    return false;
  };

  const wait = (lane: Waiter[], key: string | undefined) =>
    new Promise<void>((start, refuse) => lane.push({ key, start, refuse }));

  const release = (tookMs: number) => {
    meanMs = meanMs ? meanMs + MEAN_WEIGHT * (tookMs - meanMs) : tookMs;
    running--;
    const fromReserved = reserved.shift();
    const next = fromReserved ?? ordinary.shift();
    if (!next) return;
    running++;
    if (fromReserved) {
      if (next.key !== undefined) reservedKeys.delete(next.key);
    } else {
      hold(next.key, -1);
    }
    next.start();
  };

  return {
    get load() {
      return { running, waiting: reserved.length + ordinary.length };
    },
    async run<T>(job: () => Promise<T>, ticket: QueueTicket = {}): Promise<T> {
      const { key } = ticket;
      if (running < options.concurrency) {
        running++;
      } else if (
        ticket.reserved &&
        key !== undefined &&
        !reservedKeys.has(key) &&
        reserved.length < (options.reservedWaiting ?? 0)
      ) {
        reservedKeys.add(key);
        await wait(reserved, key);
      } else if (makeRoom(key)) {
        hold(key, 1);
        await wait(ordinary, key);
      } else {
        throw refused();
      }
      const started = performance.now();
      try {
        return await job();
      } finally {
        release(performance.now() - started);
      }
    },
  };
}
