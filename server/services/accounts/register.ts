import { eq } from 'drizzle-orm';
import { vi } from '../../../shared/i18n/vi/index.ts';
import type { RegisterInput } from '../../../shared/schemas/auth.ts';
import { hashPassword } from '../../auth/password.ts';
import { companies, users } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import {
  countVerifyFailure,
  guardVerifyCode,
  type LimitScope,
  takeMailRequest,
} from '../../security/limits.ts';
import { rejectCommonPassword } from './password-policy.ts';
import { consumeVerificationCode, resendWait, sendVerificationCode } from './codes.ts';
import { findUserByEmail, issueSession, toPublicUser } from './session.ts';
import { vietnameseSortKey } from '../../../shared/sort-key.ts';

/**
 * A business sign-up creates the company and its first COMPANY_ADMIN; any other sign-up is a USER.
 * Either way the account is PENDING until the mailed code is entered.
 */
export async function register(deps: AppDeps & LimitScope, input: RegisterInput) {
  rejectCommonPassword(input.password);
  if (findUserByEmail(deps.db, input.email)) throw new AppError('CONFLICT', vi.errors.emailTaken);
  const passwordHash = await hashPassword(input.password, deps.settings.passwordHashCost);
  const user = deps.db.transaction((tx) => {
    // Checked again inside the transaction: two sign-ups racing for one e-mail get one 409.
    if (findUserByEmail(tx, input.email)) throw new AppError('CONFLICT', vi.errors.emailTaken);
    let companyId: number | null = null;
    if (input.isBusiness && input.company) {
      const c = input.company;
      companyId = tx
        .insert(companies)
        .values({
          name: c.name,
          nameSort: vietnameseSortKey(c.name),
          representative: c.representative,
          address: c.address,
          email: c.email,
          businessLicense: c.business_license,
        })
        .returning({ id: companies.id })
        .get().id;
    }
    return tx
      .insert(users)
      .values({
        name: input.name,
        nameSort: vietnameseSortKey(input.name),
        email: input.email,
        passwordHash,
        status: 'PENDING',
        role: input.isBusiness ? 'COMPANY_ADMIN' : 'USER',
        companyId,
      })
      .returning()
      .get();
  });
  // The sign-up mail is this address's first code of the minute (see resendVerifyCode).
  await takeMailRequest(deps, 'code', input.email).catch(() => undefined);
  await sendVerificationCode(deps, user);
  return { user: toPublicUser(user) };
}

/**
 * Same answer whether or not the account exists or is already active, so the call cannot be used to
 * find accounts: the per-e-mail limit is taken before the lookup and is the only source of 429.
 */
export async function resendVerifyCode(deps: AppDeps & LimitScope, email: string) {
  await takeMailRequest(deps, 'code', email, vi.errors.resendTooSoon);
  const user = findUserByEmail(deps.db, email);
  if (!user || user.deletedAt || user.status !== 'PENDING') return {};
  // Also kept across restarts (the limit is in memory), silently, so the answer stays the same.
  if (resendWait(deps, user.id) > 0) return {};
  await sendVerificationCode(deps, user);
  return {};
}

/** The right code activates the account and signs it in. */
export async function verifyEmail(deps: AppDeps & LimitScope, email: string, code: string) {
  await guardVerifyCode(deps);
  const user = findUserByEmail(deps.db, email);
  if (!user || user.deletedAt || user.status === 'DISABLED') {
    await countVerifyFailure(deps);
    throw new AppError('BAD_REQUEST', vi.errors.invalidCode);
  }
  if (user.status === 'ACTIVE') throw new AppError('CONFLICT', vi.errors.alreadyVerified);
  try {
    consumeVerificationCode(deps, user.id, code);
  } catch (err) {
    await countVerifyFailure(deps);
    throw err;
  }
  const active = deps.db
    .update(users)
    .set({ status: 'ACTIVE' })
    .where(eq(users.id, user.id))
    .returning()
    .get();
  return { session: await issueSession(deps.settings, active), user: toPublicUser(active) };
}
