import { verifyPassword, dummyHash } from '../../auth/password.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { vi } from '../../../shared/i18n/vi/index.ts';
import { findUserByEmail, issueSession, toPublicUser } from './session.ts';

let dummy: Promise<string> | undefined;

/**
 * The password is checked before the account's state is told: a wrong password is always 401, so
 * 410 and 412 reveal an account's state only to someone who knows its password.
 */
export async function login(deps: AppDeps, email: string, password: string) {
  const user = findUserByEmail(deps.db, email);
  if (!user) {
    dummy ??= dummyHash(deps.settings.passwordHashCost);
    await verifyPassword(password, await dummy);
    throw new AppError('UNAUTHORIZED', vi.errors.wrongCredentials);
  }
  if (!(await verifyPassword(password, user.passwordHash))) {
    throw new AppError('UNAUTHORIZED', vi.errors.wrongCredentials);
  }
  if (user.deletedAt || user.status === 'DISABLED') throw new AppError('GONE');
  if (user.status === 'PENDING') throw new AppError('PRECONDITION_FAILED');
  return { session: await issueSession(deps.settings, user), user: toPublicUser(user) };
}
