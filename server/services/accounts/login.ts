import { verifyPassword, dummyHash } from '../../auth/password.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import {
  clearSignInFailures,
  countSignInFailure,
  guardSignIn,
  type LimitScope,
} from '../../security/limits.ts';
import { maskEmail } from '../../security/log-safe.ts';
import { vi } from '../../../shared/i18n/vi/index.ts';
import { findUserByEmail, issueSession, toPublicUser } from './session.ts';

let dummy: Promise<string> | undefined;

/**
 * The password is checked before the account's state is told: a wrong password is always 401, so
 * 410 and 412 reveal an account's state only to someone who knows its password. Failures count toward
 * the brute-force limits (429 once spent, before any password is checked); a success clears the account's.
 */
export async function login(deps: AppDeps & LimitScope, email: string, password: string) {
  const who = { email: maskEmail(email), ip: deps.req?.ip, requestId: deps.req?.requestId };
  try {
    await guardSignIn(deps, email);
  } catch (err) {
    deps.logger.warn({ event: 'auth.login_limited', ...who }, 'sign-in refused: too many failures');
    throw err;
  }
  const user = findUserByEmail(deps.db, email);
  const ok = user
    ? await verifyPassword(password, user.passwordHash)
    : await verifyPassword(password, await (dummy ??= dummyHash(deps.settings.passwordHashCost))).then(
        () => false,
      );
  if (!user || !ok) {
    await countSignInFailure(deps, email);
    deps.logger.warn({ event: 'auth.login_failed', ...who }, 'sign-in failed');
    throw new AppError('UNAUTHORIZED', vi.errors.wrongCredentials);
  }
  await clearSignInFailures(deps, email);
  if (user.deletedAt || user.status === 'DISABLED') throw new AppError('GONE');
  if (user.status === 'PENDING') throw new AppError('PRECONDITION_FAILED');
  deps.logger.info({ event: 'auth.login', userId: user.id, ...who }, 'signed in');
  return { session: await issueSession(deps.settings, user), user: toPublicUser(user) };
}
