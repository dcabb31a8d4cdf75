import { eq } from 'drizzle-orm';
import { vi } from '../../../shared/i18n/vi/index.ts';
import type { RegisterInput } from '../../../shared/schemas/auth.ts';
import { hashPassword } from '../../auth/password.ts';
import { companies, users } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { rejectCommonPassword } from './password-policy.ts';
import { consumeVerificationCode, resendWait, sendVerificationCode } from './codes.ts';
import { findUserByEmail, issueSession, toPublicUser } from './session.ts';

/**
 * A business sign-up creates the company and its first COMPANY_ADMIN; any other sign-up is a USER.
 * Either way the account is PENDING until the mailed code is entered.
 */
export async function register(deps: AppDeps, input: RegisterInput) {
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
        email: input.email,
        passwordHash,
        status: 'PENDING',
        role: input.isBusiness ? 'COMPANY_ADMIN' : 'USER',
        companyId,
      })
      .returning()
      .get();
  });
  await sendVerificationCode(deps, user);
  return { user: toPublicUser(user) };
}

/**
 * Same answer whether or not the account exists or is already active, so the call cannot be used to
 * find accounts; only the one-a-minute throttle answers 429.
 */
export async function resendVerifyCode(deps: AppDeps, email: string) {
  const user = findUserByEmail(deps.db, email);
  if (!user || user.deletedAt || user.status !== 'PENDING') return {};
  const wait = resendWait(deps, user.id);
  if (wait > 0) throw new AppError('TOO_MANY_REQUESTS', vi.errors.resendTooSoon, { retryAfter: wait });
  await sendVerificationCode(deps, user);
  return {};
}

/** The right code activates the account and signs it in. */
export async function verifyEmail(deps: AppDeps, email: string, code: string) {
  const user = findUserByEmail(deps.db, email);
  if (!user || user.deletedAt || user.status === 'DISABLED') {
    throw new AppError('BAD_REQUEST', vi.errors.invalidCode);
  }
  if (user.status === 'ACTIVE') throw new AppError('CONFLICT', vi.errors.alreadyVerified);
  consumeVerificationCode(deps, user.id, code);
  const active = deps.db
    .update(users)
    .set({ status: 'ACTIVE' })
    .where(eq(users.id, user.id))
    .returning()
    .get();
  return { session: await issueSession(deps.settings, active), user: toPublicUser(active) };
}
