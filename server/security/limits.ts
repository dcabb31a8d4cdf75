import { RateLimiterMemory, type RateLimiterRes } from 'rate-limiter-flexible';
import { vi } from '../../shared/i18n/vi/index.ts';
import { AppError } from '../errors.ts';

/**
 * Brute-force limits, in memory, one set per running app (docs/decisions/040-brute-force-limits.md).
 *
 * Sign-in counts FAILURES only (a wrong password or an unknown e-mail), in three buckets:
 * - per (e-mail, address): 10 in 15 minutes: the ordinary guesser, blocked without touching anyone else;
 * - per address: 30 in 15 minutes: one address spraying many accounts (a shared office NAT has room);
 * - per e-mail, from every address together: 50 in 15 minutes: a distributed attack on one account.
 * Each bucket forgets its failures 15 minutes after the first one, so no one can lock a victim out for
 * longer than that; a password reset clears the account's buckets at once, and a successful sign-in
 * clears the account's buckets (not the address's, so one valid account cannot launder a sprayer).
 */
export const SIGN_IN_WINDOW_SECONDS = 15 * 60;
export const SIGN_IN_FAILS_PER_EMAIL_AND_IP = 10;
export const SIGN_IN_FAILS_PER_IP = 30;
export const SIGN_IN_FAILS_PER_EMAIL = 50;
/** Verification-code mails per e-mail and minute; the sign-up mail counts as the first. */
export const CODE_MAILS_PER_MINUTE = 1;
/** Reset-link requests per e-mail and minute. */
export const RESET_REQUESTS_PER_MINUTE = 2;
/** Wrong verification codes per address (each code also dies after 5 wrong tries). */
export const VERIFY_FAILS_PER_IP = 20;
/** Wrong "old password" answers per signed-in user (a stolen token must not become a password oracle). */
export const OLD_PASSWORD_FAILS_PER_USER = 10;

export interface Limits {
  signInPair: RateLimiterMemory;
  signInIp: RateLimiterMemory;
  signInEmail: RateLimiterMemory;
  codeMail: RateLimiterMemory;
  resetMail: RateLimiterMemory;
  verifyIp: RateLimiterMemory;
  oldPassword: RateLimiterMemory;
}

const limiter = (points: number, duration: number) => new RateLimiterMemory({ points, duration });

export function createLimits(): Limits {
  return {
    signInPair: limiter(SIGN_IN_FAILS_PER_EMAIL_AND_IP, SIGN_IN_WINDOW_SECONDS),
    signInIp: limiter(SIGN_IN_FAILS_PER_IP, SIGN_IN_WINDOW_SECONDS),
    signInEmail: limiter(SIGN_IN_FAILS_PER_EMAIL, SIGN_IN_WINDOW_SECONDS),
    codeMail: limiter(CODE_MAILS_PER_MINUTE, 60),
    resetMail: limiter(RESET_REQUESTS_PER_MINUTE, 60),
    verifyIp: limiter(VERIFY_FAILS_PER_IP, SIGN_IN_WINDOW_SECONDS),
    oldPassword: limiter(OLD_PASSWORD_FAILS_PER_USER, SIGN_IN_WINDOW_SECONDS),
  };
}

/** Used only when deps were built without `limits` (a script): limits then hold for the whole process. */
let processLimits: Limits | undefined;

/** What the limit helpers need: the deps (or a procedure's ctx, which carries the client address). */
export interface LimitScope {
  limits?: Limits;
  req?: { ip: string; requestId?: string };
}

export function limitsOf(scope: LimitScope): Limits {
  if (scope.limits) return scope.limits;
  processLimits ??= createLimits();
  return processLimits;
}

const ipOf = (scope: LimitScope) => scope.req?.ip ?? 'internal';
const emailKey = (email: string) => email.trim().toLowerCase();
const retryAfter = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));

function tooMany(res: RateLimiterRes, message: string = vi.errors.tooManyRequests): AppError {
  return new AppError('TOO_MANY_REQUESTS', message, { retryAfter: retryAfter(res) });
}

/** Throws 429 when any of the keys has used all its points; otherwise counts nothing. */
async function refuseWhenSpent(checks: [RateLimiterMemory, string][], message?: string): Promise<void> {
  for (const [l, key] of checks) {
    const res = await l.get(key);
    if (res && res.consumedPoints >= l.points) throw tooMany(res, message);
  }
}

/** Counts one point on each key, ignoring the rejection a full bucket gives (the next check refuses). */
async function count(checks: [RateLimiterMemory, string][]): Promise<void> {
  await Promise.all(checks.map(([l, key]) => l.penalty(key)));
}

function signInKeys(scope: LimitScope, email: string): [RateLimiterMemory, string][] {
  const l = limitsOf(scope);
  const e = emailKey(email);
  const ip = ipOf(scope);
  return [
    [l.signInPair, `${e}|${ip}`],
    [l.signInIp, ip],
    [l.signInEmail, e],
  ];
}

/** Before the password is checked: 429 once a bucket is full, so a blocked guesser learns nothing. */
export function guardSignIn(scope: LimitScope, email: string): Promise<void> {
  return refuseWhenSpent(signInKeys(scope, email));
}

export function countSignInFailure(scope: LimitScope, email: string): Promise<void> {
  return count(signInKeys(scope, email));
}

/** The account's buckets (every address's pair with this e-mail is keyed by address, so only this one). */
export async function clearSignInFailures(scope: LimitScope, email: string): Promise<void> {
  const l = limitsOf(scope);
  const e = emailKey(email);
  await Promise.all([l.signInPair.delete(`${e}|${ipOf(scope)}`), l.signInEmail.delete(e)]);
}

/** After a password reset: the account's own bucket, so a victim of a distributed attack gets back in. */
export async function clearAccountSignInBlock(scope: LimitScope, email: string): Promise<void> {
  await limitsOf(scope).signInEmail.delete(emailKey(email));
}

/**
 * One mail-sending request for this e-mail, counted before the account is looked up: the 429 comes
 * for unknown e-mails exactly as for real ones, so it reveals nothing.
 */
export async function takeMailRequest(
  scope: LimitScope,
  kind: 'code' | 'reset',
  email: string,
  message?: string,
): Promise<void> {
  const l = limitsOf(scope);
  const bucket = kind === 'code' ? l.codeMail : l.resetMail;
  try {
    await bucket.consume(emailKey(email));
  } catch (res) {
    if (res instanceof Error) throw res;
    throw tooMany(res as RateLimiterRes, message);
  }
}

export function guardVerifyCode(scope: LimitScope): Promise<void> {
  return refuseWhenSpent([[limitsOf(scope).verifyIp, ipOf(scope)]]);
}
export function countVerifyFailure(scope: LimitScope): Promise<void> {
  return count([[limitsOf(scope).verifyIp, ipOf(scope)]]);
}

export function guardOldPassword(scope: LimitScope, userId: number): Promise<void> {
  return refuseWhenSpent([[limitsOf(scope).oldPassword, String(userId)]]);
}
export function countOldPasswordFailure(scope: LimitScope, userId: number): Promise<void> {
  return count([[limitsOf(scope).oldPassword, String(userId)]]);
}
