import { availableParallelism } from 'node:os';
import type { Pool } from 'pg';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import { inPgTransaction } from '#server/db/pg-transaction.ts';
import { AppError } from '#server/errors.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import { createWorkQueue, type WorkQueue } from './work-queue.ts';

/**
 * Brute-force limits and the bounds on anonymous work, one set per running app (decisions 040 and 080):
 * counted in memory on the SQLite file, in PostgreSQL when the app runs there, so that every instance
 * behind a load balancer counts the same attempts (decision 157).
 *
 * Every limited action goes through `limited()`: the point is TAKEN before the work (the password
 * hash, the code check), so N requests in flight count N, and given back or forgotten only once the
 * work succeeded. Sign-in counts in three buckets:
 * - per (e-mail, address): 10 in 15 minutes: the ordinary guesser, blocked without touching anyone else;
 * - per address: 30 in 15 minutes: one address spraying many accounts (a shared office NAT has room);
 * - per e-mail, from every address together: 50 in 15 minutes. Spent, it SLOWS a distributed attack
 *   (an address gets one try per window instead of ten) but never refuses an address that has not
 *   failed on this account: the owner signing in from a fresh address is never locked out.
 * A password reset forgets every address's failures on the account; a successful sign-in forgets the
 * account's (not the address's, so one valid account cannot launder a sprayer).
 */
export const SIGN_IN_WINDOW_SECONDS = 15 * 60;
export const SIGN_IN_FAILS_PER_EMAIL_AND_IP = 10;
export const SIGN_IN_FAILS_PER_IP = 30;
export const SIGN_IN_FAILS_PER_EMAIL = 50;
/** Verification-code requests per e-mail and minute. */
export const CODE_MAILS_PER_MINUTE = 1;
/** Reset-link requests per e-mail and minute. */
export const RESET_REQUESTS_PER_MINUTE = 2;
/**
 * Account requests that may send mail (sign-up, resend code, forgot password) per address, unless the
 * ACCOUNT_MAILS_PER_ADDRESS setting says otherwise: many phones share one address behind a mobile
 * carrier's NAT, and the browser journeys sign up dozens of companies from 127.0.0.1.
 */
export const ACCOUNT_MAILS_PER_IP = 20;
/** Wrong verification codes per address (each code also dies after 5 wrong tries). */
export const VERIFY_FAILS_PER_IP = 20;
/** Wrong "old password" answers per signed-in user (a stolen token must not become a password oracle). */
export const OLD_PASSWORD_FAILS_PER_USER = 10;
/** Photo scans (POST /products/scan-qr, public) per address and minute. */
export const PHOTO_SCANS_PER_IP_PER_MINUTE = 20;
/**
 * Wrong scratch-off PINs (decision 208), in the sign-in window: per serial, so a million guesses at one
 * item's 6 digits are never tried; per address, so one guesser cannot walk through many items.
 */
export const SERIAL_PIN_FAILS_PER_SERIAL = 5;
export const SERIAL_PIN_FAILS_PER_IP = 20;
/** Fake reports (public, with a photo) per address and hour. */
export const SERIAL_REPORTS_PER_IP_PER_HOUR = 10;

/** A counter of points per key over a window, in memory or in PostgreSQL: the same calls on both. */
export type Bucket = RateLimiterAbstract;

export interface Limits {
  signInPair: Bucket;
  signInIp: Bucket;
  signInEmail: Bucket;
  codeMail: Bucket;
  resetMail: Bucket;
  accountMailIp: Bucket;
  verifyIp: Bucket;
  oldPassword: Bucket;
  photoScanIp: Bucket;
  serialPin: Bucket;
  serialPinIp: Bucket;
  serialReportIp: Bucket;
  /**
   * A password reset moves the account's epoch on: every address's (e-mail, address) bucket is then new.
   * The epoch is the points counted under the e-mail, never expiring: kept where the buckets are, so a
   * reset on one instance frees the account on all of them.
   */
  resetEpochs: Bucket;
  /** Every scrypt hash or check runs through this bounded queue (decision 081). */
  hashing: WorkQueue;
  /** By cost: a hash matching no password, so an unknown e-mail's sign-in costs what a known one's does. */
  dummyHashes: Map<number, Promise<string>>;
}

/** Where the PostgreSQL buckets keep their points (one table, a key prefix per bucket). */
export const RATE_LIMIT_TABLE = 'rate_limit_points';

/**
 * Creates the buckets' table if it is missing, once for N instances starting together, before any bucket is
 * used. rate-limiter-flexible would create it itself, once per bucket, refusing every call until it is there;
 * and its key column is too short for an e-mail address together with a client address.
 */
export async function prepareRateLimitStore(pool: Pool): Promise<void> {
  await inPgTransaction(pool, async (client) => {
    await client.query("SELECT pg_advisory_xact_lock(hashtext('txng:rate_limit_points'))");
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${RATE_LIMIT_TABLE} (key text PRIMARY KEY, points integer NOT NULL DEFAULT 0, expire bigint)`,
    );
  });
}

/** Where the buckets count: this process's memory, or the PostgreSQL pool every instance shares. */
export interface LimitStores {
  /** The app's pool, once prepareRateLimitStore has run on it. */
  pgPool?: Pool;
}

function bucketMaker(stores: LimitStores) {
  const pool = stores.pgPool;
  // Expired rows are swept by one bucket's timer: the sweep is one DELETE over the whole shared table.
  let sweeps = true;
  return (name: string, points: number, duration: number): Bucket => {
    if (!pool) return new RateLimiterMemory({ points, duration });
    const bucket = new RateLimiterPostgres({
      storeClient: pool,
      storeType: 'pool',
      tableName: RATE_LIMIT_TABLE,
      tableCreated: true,
      clearExpiredByTimeout: sweeps,
      keyPrefix: name,
      points,
      duration,
    });
    sweeps = false;
    return bucket;
  };
}

/**
 * scrypt runs on libuv's threads, each holding a core for its whole hash: one core stays with the event
 * loop (at most libuv's 4 threads). Waiting room for about a second of work (HASH_MAX_WAIT_MS, by the
 * recent hashes' duration, and at most 16 places a slot); past it a caller is told to come back rather
 * than made to wait. When the room is full an address holding fewer places pushes out the newest of the
 * one holding the most; an account's owner at an address it signed in from (decision 173) waits in a
 * reserved lane of a few places, served first.
 */
const HASH_CONCURRENCY = Math.max(1, Math.min(4, availableParallelism() - 1));
const HASH_MAX_WAITING = 16 * HASH_CONCURRENCY;
export const HASH_MAX_WAIT_MS = 1000;
const HASH_RESERVED_WAITING = 4 * HASH_CONCURRENCY;

/**
 * The app's limits. Without a pool they count in memory, as a single server needs; with the PostgreSQL
 * pool (after prepareRateLimitStore) they count in its table, and so do the app's other instances.
 */
export function createLimits(
  options: { accountMailsPerAddress?: number } = {},
  stores: LimitStores = {},
): Limits {
  const limiter = bucketMaker(stores);
  return {
    signInPair: limiter('sign_in_pair', SIGN_IN_FAILS_PER_EMAIL_AND_IP, SIGN_IN_WINDOW_SECONDS),
    signInIp: limiter('sign_in_ip', SIGN_IN_FAILS_PER_IP, SIGN_IN_WINDOW_SECONDS),
    signInEmail: limiter('sign_in_email', SIGN_IN_FAILS_PER_EMAIL, SIGN_IN_WINDOW_SECONDS),
    codeMail: limiter('code_mail', CODE_MAILS_PER_MINUTE, 60),
    resetMail: limiter('reset_mail', RESET_REQUESTS_PER_MINUTE, 60),
    accountMailIp: limiter(
      'account_mail_ip',
      options.accountMailsPerAddress ?? ACCOUNT_MAILS_PER_IP,
      SIGN_IN_WINDOW_SECONDS,
    ),
    verifyIp: limiter('verify_ip', VERIFY_FAILS_PER_IP, SIGN_IN_WINDOW_SECONDS),
    oldPassword: limiter('old_password', OLD_PASSWORD_FAILS_PER_USER, SIGN_IN_WINDOW_SECONDS),
    photoScanIp: limiter('photo_scan_ip', PHOTO_SCANS_PER_IP_PER_MINUTE, 60),
    serialPin: limiter('serial_pin', SERIAL_PIN_FAILS_PER_SERIAL, SIGN_IN_WINDOW_SECONDS),
    serialPinIp: limiter('serial_pin_ip', SERIAL_PIN_FAILS_PER_IP, SIGN_IN_WINDOW_SECONDS),
    serialReportIp: limiter('serial_report_ip', SERIAL_REPORTS_PER_IP_PER_HOUR, 3600),
    // Duration 0: never expires, as the epoch must outlive every bucket made under an older one.
    resetEpochs: limiter('reset_epoch', Number.MAX_SAFE_INTEGER, 0),
    hashing: createWorkQueue({
      concurrency: HASH_CONCURRENCY,
      maxWaiting: HASH_MAX_WAITING,
      reservedWaiting: HASH_RESERVED_WAITING,
      maxWaitMs: HASH_MAX_WAIT_MS,
      retryAfterSeconds: 2,
    }),
    dummyHashes: new Map(),
  };
}

/** What the limit helpers need: the deps (or a procedure's ctx, which carries the client address). */
export interface LimitScope {
  limits: Limits;
  req?: { ip: string; requestId?: string };
}

export function limitsOf(scope: LimitScope): Limits {
  return scope.limits;
}

const ipOf = (scope: LimitScope) => scope.req?.ip ?? 'internal';
const emailKey = (email: string) => email.trim().toLowerCase();

/**
 * A password hash or check, through the app's bounded hashing queue (503 at once when it is full),
 * counted against the caller's address; `ownerOf` names the account when the caller is its owner at an
 * address it signed in from (the reserved lane, decision 173).
 */
export function hashing<T>(scope: LimitScope, work: () => Promise<T>, ownerOf?: string): Promise<T> {
  const ticket = ownerOf === undefined ? { key: ipOf(scope) } : { key: emailKey(ownerOf), reserved: true };
  return limitsOf(scope).hashing.run(work, ticket);
}

const retryAfter = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** One point to take from one bucket for one attempt. */
interface Take {
  bucket: Bucket;
  key: string;
  /** Once the work succeeded: give the point back, forget the key's failures, or keep the point. */
  onSuccess: 'refund' | 'reset' | 'keep';
  /**
   * Account-wide buckets: when spent, refuse only a caller whose FIRST take (its own address's bucket)
   * had points taken already in this window. Slows a distributed attack, never locks the owner out.
   */
  spentRefusesRepeatersOnly?: boolean;
}

interface Taken {
  take: Take;
  consumed: number;
  msBeforeNext: number;
}

async function takePoint(take: Take): Promise<Taken> {
  try {
    const res = await take.bucket.consume(take.key);
    return { take, consumed: res.consumedPoints, msBeforeNext: res.msBeforeNext };
  } catch (res) {
    // A spent bucket rejects with its state (the point is still counted); anything else is a real error.
    if (!(res instanceof RateLimiterRes)) throw res;
    return { take, consumed: res.consumedPoints, msBeforeNext: res.msBeforeNext };
  }
}

const giveBack = (taken: Taken[]) => Promise.all(taken.map((t) => t.take.bucket.reward(t.take.key, 1)));

/**
 * THE one gate of every limited action. Takes a point from each bucket first (so requests in flight
 * together, in parallel or in one tRPC batch, count one each); if any bucket is spent, gives the points
 * back and answers 429 with `Retry-After` before any work. Then runs `work`: on success each bucket
 * does its `onSuccess`; a failure keeps the points (it is what the limit counts), except a 503 from a
 * full work queue, which was no attempt at all and is given back. `work` is told whether the first
 * bucket held no point before this one (`clean`: no failure and no other attempt in flight for its key).
 */
export async function limited<T>(
  takes: Take[],
  work: (clean: boolean) => Promise<T>,
  message?: string,
): Promise<T> {
  const taken = await Promise.all(takes.map(takePoint));
  const firstIsRepeat = (taken[0]?.consumed ?? 0) > 1;
  const refusing = taken.filter(
    (t) => t.consumed > t.take.bucket.points && (!t.take.spentRefusesRepeatersOnly || firstIsRepeat),
  );
  if (refusing.length) {
    await giveBack(taken);
    const wait = Math.max(...refusing.map((t) => t.msBeforeNext));
    throw new AppError('TOO_MANY_REQUESTS', message ?? vi.errors.tooManyRequests, {
      retryAfter: retryAfter(wait),
    });
  }
  let result: T;
  try {
    result = await work(!firstIsRepeat);
  } catch (err) {
    if (err instanceof AppError && err.code === 'SERVICE_UNAVAILABLE') await giveBack(taken);
    throw err;
  }
  await Promise.all(
    taken.map(({ take }) =>
      take.onSuccess === 'refund'
        ? take.bucket.reward(take.key, 1)
        : take.onSuccess === 'reset'
          ? take.bucket.delete(take.key)
          : undefined,
    ),
  );
  return result;
}

/**
 * Sign-in: `work` checks the password and throws on a wrong one (401), which is what is counted. It is
 * told whether this address has no failure on this account in the window (and no other try in flight).
 */
export async function limitedSignIn<T>(
  scope: LimitScope,
  email: string,
  work: (cleanAddress: boolean) => Promise<T>,
): Promise<T> {
  const l = limitsOf(scope);
  const e = emailKey(email);
  const ip = ipOf(scope);
  const epoch = (await l.resetEpochs.get(e))?.consumedPoints ?? 0;
  return limited(
    [
      { bucket: l.signInPair, key: `${e}#${epoch}|${ip}`, onSuccess: 'reset' },
      { bucket: l.signInIp, key: ip, onSuccess: 'refund' },
      { bucket: l.signInEmail, key: e, onSuccess: 'reset', spentRefusesRepeatersOnly: true },
    ],
    work,
  );
}

/** After a password reset (the mailbox proves ownership): every failure counted against the account is forgotten. */
export async function clearAccountSignInBlock(scope: LimitScope, email: string): Promise<void> {
  const l = limitsOf(scope);
  const e = emailKey(email);
  await l.resetEpochs.penalty(e, 1);
  await l.signInEmail.delete(e);
}

/**
 * One account request that may send mail, counted per e-mail and per address before the account is
 * looked up: the 429 comes for unknown e-mails exactly as for real ones, so it reveals nothing.
 */
export async function takeMailRequest(
  scope: LimitScope,
  kind: 'code' | 'reset',
  email: string,
  message?: string,
): Promise<void> {
  const l = limitsOf(scope);
  await limited(
    [
      { bucket: l.accountMailIp, key: ipOf(scope), onSuccess: 'keep' },
      { bucket: kind === 'code' ? l.codeMail : l.resetMail, key: emailKey(email), onSuccess: 'keep' },
    ],
    async () => undefined,
    message,
  );
}

/**
 * Sign-up: counted per address. It takes no point of the e-mail's code bucket: a resend right after a
 * sign-up must answer like one for an e-mail nobody used (the database's one-code-a-minute rule keeps
 * the second mail from leaving, silently).
 */
export async function takeSignUp(scope: LimitScope): Promise<void> {
  await limited(
    [{ bucket: limitsOf(scope).accountMailIp, key: ipOf(scope), onSuccess: 'keep' }],
    async () => undefined,
  );
}

/** A verification-code check: wrong codes are counted per address. */
export function limitedCodeCheck<T>(scope: LimitScope, work: () => Promise<T>): Promise<T> {
  return limited([{ bucket: limitsOf(scope).verifyIp, key: ipOf(scope), onSuccess: 'refund' }], work);
}

/** An "old password" check by a signed-in user: wrong answers are counted per user. */
export function limitedOldPassword<T>(scope: LimitScope, userId: number, work: () => Promise<T>): Promise<T> {
  return limited([{ bucket: limitsOf(scope).oldPassword, key: String(userId), onSuccess: 'refund' }], work);
}

/** A photo scan (public): every one counts, per address. */
export function limitedPhotoScan<T>(scope: LimitScope, work: () => Promise<T>): Promise<T> {
  return limited([{ bucket: limitsOf(scope).photoScanIp, key: ipOf(scope), onSuccess: 'keep' }], work);
}

/**
 * A scratch-off PIN check (decision 208): wrong PINs are counted per serial and per address, taken before
 * the check so parallel guesses count one each; a right PIN gives both points back.
 */
export function limitedSerialPin<T>(scope: LimitScope, serial: string, work: () => Promise<T>): Promise<T> {
  const l = limitsOf(scope);
  return limited(
    [
      { bucket: l.serialPin, key: serial, onSuccess: 'refund' },
      { bucket: l.serialPinIp, key: ipOf(scope), onSuccess: 'refund' },
    ],
    work,
  );
}

/** A fake report (public): every one counts, per address. */
export function limitedSerialReport<T>(scope: LimitScope, work: () => Promise<T>): Promise<T> {
  return limited([{ bucket: limitsOf(scope).serialReportIp, key: ipOf(scope), onSuccess: 'keep' }], work);
}
