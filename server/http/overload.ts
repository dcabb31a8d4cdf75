import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { errorBody } from '#server/edge/envelope.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import type { PublicKind } from './public-routes.ts';

/**
 * Overload on the public path is shed, not queued (decision 182). A crowd asks the public answers faster
 * than two cores answer them; queued, every request waits behind all the others (p99 of seconds at 256
 * clients) and the phones give up anyway. Past a bound, a request is refused at once with 503 and
 * `Retry-After`, which costs a few microseconds, so the requests that are answered stay fast.
 *
 * Two bounds:
 *
 * - **Time waited (queue time).** Answering is synchronous on the event loop, so the queue is the loop
 *   itself: the requests read in one turn are answered one after the other, each after those before it,
 *   and a request that arrives while a turn runs is read in the next. A request whose turn has already
 *   run `maxWaitMs` is refused, so no turn runs much past it, and an answered request waits at most about
 *   two turns (the rest of the one it arrived in, then its place in its own): about twice the bound. As
 *   in CoDel, a burst is not overload: refusals start only once turns have been longer than the bound
 *   back to back for `overloadedForMs` (a standing queue), and stop at the first short turn; and as CoDel
 *   never drops from a near-empty queue, a request with fewer than MIN_QUEUE before it in its turn is never
 *   refused (a turn made long by a busy machine, not by a crowd). Never at normal load either (a turn of 64
 *   answers takes about a millisecond). The time
 *   the loop spends between turns (timers, a slice of background work, a garbage collection) is a few
 *   milliseconds and is not counted: from inside the process it cannot be told apart from sleep.
 * - **Work in progress.** A public request the loop cannot answer on the spot (an answer read with awaited
 *   queries on PostgreSQL, a page rendered the first time, a signed-in scan) goes to the app and is counted
 *   until its answer is sent; past `maxInProgress` of them, the next is refused rather than queued for a
 *   database connection.
 *
 * Only the public answers' routes (the dispatcher's, server/http/public-routes.ts) are shed: the health
 * check, the workspace and every write are never.
 */
export interface LoadGateOptions {
  /** How long a public request may have waited in the loop's turn before it is refused (ms); 0: never shed. */
  maxWaitMs: number;
  /** How long turns must have been longer than that, back to back, before any is refused (ms). */
  overloadedForMs: number;
  /** Public requests handed to the app and not answered yet, at most. */
  maxInProgress: number;
  /** Told to a refused caller (seconds). */
  retryAfterSeconds: number;
}

/** The bounds; maxWaitMs is the OVERLOAD_WAIT_MS setting's default. */
export const DEFAULT_LOAD_GATE: LoadGateOptions = {
  maxWaitMs: 30,
  overloadedForMs: 100,
  maxInProgress: 128,
  retryAfterSeconds: 1,
};

/**
 * As CoDel never drops from a queue shorter than one packet: a request with fewer than this many read
 * before it in its turn is not refused, however long the turn (a busy machine, not a queue).
 */
const MIN_QUEUE = 16;

export interface LoadGate {
  /** Called for every request as it is read: keeps the turn's clock. */
  arrived(): void;
  /** Whether a public request must be refused now (time waited, or work in progress). */
  overloaded(): boolean;
  /** A public request handed to the app: counted until its answer is sent or its socket closes. */
  inProgress(res: ServerResponse): void;
  /** Refuses a public request: 503, Retry-After, in its kind's shape. */
  refuse(kind: PublicKind, req: IncomingMessage, res: ServerResponse): void;
  /** Refused and in progress, for the log's summary and the tests. */
  readonly counts: { refused: number; inProgress: number };
}

export function createLoadGate(
  options: LoadGateOptions = DEFAULT_LOAD_GATE,
  securityHeaders: Record<string, string> = {},
): LoadGate {
  /** When the turn's first request was read; -1 between turns. */
  let turnStart = -1;
  let lastEnd = 0;
  /** When the present run of turns longer than the bound began, back to back; -1 when the last was short. */
  let overSince = -1;
  let inProgress = 0;
  let refused = 0;

  /** Requests read in the present turn. */
  let turnCount = 0;

  const endTurn = () => {
    const now = performance.now();
    // A long turn of a few requests is a slow machine, not a queue: refusing would help nobody.
    if (now - turnStart <= options.maxWaitMs || turnCount <= MIN_QUEUE) overSince = -1;
    else if (overSince < 0) overSince = turnStart;
    turnStart = -1;
    turnCount = 0;
    lastEnd = now;
  };
  const done = () => {
    inProgress--;
  };

  const bodies = busyBodies(options.retryAfterSeconds, securityHeaders);
  return {
    arrived() {
      turnCount++;
      if (turnStart >= 0) return;
      turnStart = performance.now();
      // A loop that had time to spare since the last turn was not overloaded.
      if (turnStart - lastEnd > options.maxWaitMs) overSince = -1;
      // The check phase comes right after the turn's I/O: the next request read starts the next turn.
      setImmediate(endTurn);
    },
    overloaded() {
      if (!options.maxWaitMs) return false;
      if (inProgress >= options.maxInProgress) return true;
      if (overSince < 0 || turnCount <= MIN_QUEUE) return false;
      const now = performance.now();
      return now - overSince > options.overloadedForMs && now - turnStart > options.maxWaitMs;
    },
    inProgress(res) {
      inProgress++;
      res.once('close', done);
    },
    refuse(kind, req, res) {
      refused++;
      const answer = bodies[kind];
      res.writeHead(503, answer.headers);
      res.end(req.method === 'HEAD' ? undefined : answer.body);
    },
    get counts() {
      return { refused, inProgress };
    },
  };
}

/** The refusal in each kind's shape: the REST envelope, tRPC's error, a page that reloads itself. */
function busyBodies(
  retryAfterSeconds: number,
  securityHeaders: Record<string, string>,
): Record<PublicKind, { headers: string[]; body: Buffer }> {
  const message = vi.errors.busy;
  const make = (type: string, body: string) => {
    const bytes = Buffer.from(body);
    return {
      body: bytes,
      headers: Object.entries({
        ...securityHeaders,
        'content-type': type,
        'cache-control': 'no-store',
        'retry-after': String(retryAfterSeconds),
        'content-length': String(bytes.byteLength),
      }).flat(),
    };
  };
  return {
    rest: make('application/json; charset=UTF-8', JSON.stringify(errorBody(503, message))),
    trpc: make(
      'application/json',
      JSON.stringify([
        {
          error: {
            message,
            code: -32603,
            data: {
              code: 'SERVICE_UNAVAILABLE',
              httpStatus: 503,
              appCode: 'SERVICE_UNAVAILABLE',
              fields: null,
            },
          },
        },
      ]),
    ),
    // A phone that opened a printed code tries again by itself a moment later.
    page: make(
      'text/html; charset=utf-8',
      `<!doctype html><html lang="vi"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta http-equiv="refresh" content="${retryAfterSeconds + 1}"><title>${message}</title></head><body><p>${message}</p><p>${vi.errors.busyReload}</p></body></html>`,
    ),
  };
}
