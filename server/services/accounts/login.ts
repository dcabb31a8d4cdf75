import { dummyHash, verifyPassword } from '#server/auth/password.ts';
import type { AppDeps } from '#server/deps.ts';
import { AppError } from '#server/errors.ts';
import { hashing, type LimitScope, limitedSignIn, limitsOf } from '#server/security/limits.ts';
import { maskEmail } from '#server/security/log-safe.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import { isKnownAddress, rememberAddress } from './known-addresses.ts';
import { findUserByEmail, issueSession, toPublicUser } from './session.ts';

/** A hash that matches nothing, at the configured cost, made once per app. */
function dummyFor(deps: AppDeps & LimitScope): Promise<string> {
  const cost = deps.settings.passwordHashCost;
  const made = limitsOf(deps).dummyHashes;
  let hash = made.get(cost);
  if (!hash) {
    hash = dummyHash(cost);
    made.set(cost, hash);
  }
  return hash;
}

/**
 * The password is checked before the account's state is told: a wrong password is always 401, so
 * 410 and 412 reveal an account's state only to someone who knows its password. The attempt is counted
 * before the hash (server/security/limits.ts: 429 once spent, before any password is checked); a
 * success forgets the account's failures. An unknown e-mail costs the same hash as a known one.
 *
 * The account's owner at an address it signed in from, with no failure from there in the window, waits
 * in the hashing queue's reserved lane (decision 173): a flood of strangers does not keep them out. Any
 * other caller, whether or not the account exists, waits in the same lane as every stranger, so the
 * lane tells nothing about which accounts exist.
 */
export async function login(deps: AppDeps & LimitScope, email: string, password: string) {
  const ip = deps.req?.ip;
  const who = { email: maskEmail(email), ip, requestId: deps.req?.requestId };
  const user = await limitedSignIn(deps, email, async (cleanAddress) => {
    const found = await findUserByEmail(deps.db, email);
    const stored = found ? found.passwordHash : await dummyFor(deps);
    const owner =
      cleanAddress && found && ip !== undefined && isKnownAddress(deps, found, ip) ? email : undefined;
    const ok = (await hashing(deps, () => verifyPassword(password, stored), owner)) && found;
    if (!ok) {
      deps.logger.warn({ event: 'auth.login_failed', ...who }, 'sign-in failed');
      throw new AppError('UNAUTHORIZED', vi.errors.wrongCredentials);
    }
    return ok;
  }).catch((err) => {
    if (err instanceof AppError && err.code === 'TOO_MANY_REQUESTS') {
      deps.logger.warn({ event: 'auth.login_limited', ...who }, 'sign-in refused: too many failures');
    }
    throw err;
  });
  if (user.deletedAt || user.status === 'DISABLED') throw new AppError('GONE');
  if (user.status === 'PENDING') throw new AppError('PRECONDITION_FAILED');
  if (ip !== undefined) rememberAddress(deps, user, ip);
  deps.logger.info({ event: 'auth.login', userId: user.id, ...who }, 'signed in');
  return { session: await issueSession(deps, user), user: toPublicUser(user) };
}
