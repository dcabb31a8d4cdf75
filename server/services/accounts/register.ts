import { eq } from 'drizzle-orm';
import { hashPassword } from '#server/auth/password.ts';
import { transaction } from '#server/db/transaction.ts';
import type { AppDeps } from '#server/deps.ts';
import { AppError } from '#server/errors.ts';
import {
  hashing,
  type LimitScope,
  limitedCodeCheck,
  takeMailRequest,
  takeSignUp,
} from '#server/security/limits.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import type { RegisterInput } from '#shared/schemas/auth.ts';
import { vietnameseSortKey } from '#shared/sort-key.ts';
import { afterAnswer } from './after-answer.ts';
import { consumeVerificationCode, resendWait, sendVerificationCode } from './codes.ts';
import { rejectCommonPassword } from './password-policy.ts';
import { findUserByEmail, issueSession, toPublicUser } from './session.ts';

/** Thrown inside the sign-up transaction when the e-mail is taken: the answer stays the same. */
class Taken extends Error {}

/**
 * A business sign-up creates the company and its first COMPANY_ADMIN; any other sign-up is a USER.
 * Either way the account is PENDING until the mailed code is entered.
 *
 * The answer is the same for a new e-mail and a taken one (decision 082): same status, same body, the
 * same password hash first; the mail (the code, or "someone tried to sign up with your address" to the
 * owner) is sent after the answer.
 */
export async function register(deps: AppDeps & LimitScope, input: RegisterInput) {
  const { companies, users } = deps.db.tables;
  rejectCommonPassword(input.password);
  await takeSignUp(deps);
  const passwordHash = await hashing(deps, () =>
    hashPassword(input.password, deps.settings.passwordHashCost),
  );
  let created: Awaited<ReturnType<typeof findUserByEmail>>;
  try {
    created = await transaction(deps.db, async (tx) => {
      if (await findUserByEmail(tx, input.email)) throw new Taken();
      let companyId: number | null = null;
      if (input.isBusiness && input.company) {
        const c = input.company;
        const [company] = await tx
          .insert(companies)
          .values({
            name: c.name,
            nameSort: vietnameseSortKey(c.name),
            representative: c.representative,
            address: c.address,
            email: c.email,
            businessLicense: c.business_license,
          })
          .returning({ id: companies.id });
        // An insert's RETURNING has its one row.
        companyId = company!.id;
      }
      const [user] = await tx
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
        .returning();
      return user;
    });
  } catch (err) {
    if (!(err instanceof Taken)) throw err;
  }
  const user = created;
  afterAnswer(deps, 'sign-up-mail', async () => {
    if (user) return sendVerificationCode(deps, user);
    const owner = await findUserByEmail(deps.db, input.email);
    if (!owner || owner.deletedAt || owner.status === 'DISABLED') return;
    await deps.mailer.send({
      to: owner.email,
      subject: vi.mail.signUpAgainSubject,
      text: vi.mail.signUpAgainText(owner.name, `${deps.settings.publicUrl}/auth/forgot-password`),
    });
  });
  return { user: { name: input.name, email: input.email, status: 'PENDING' as const } };
}

/**
 * Same answer whether or not the account exists or is already active, so the call cannot be used to
 * find accounts: the limits are taken first and are the only source of 429; the lookup and the mail
 * come after the answer.
 */
export async function resendVerifyCode(deps: AppDeps & LimitScope, email: string) {
  await takeMailRequest(deps, 'code', email, vi.errors.resendTooSoon);
  afterAnswer(deps, 'code-mail', async () => {
    const user = await findUserByEmail(deps.db, email);
    if (!user || user.deletedAt || user.status !== 'PENDING') return;
    // Also kept across restarts (the limit is in memory), silently, so the answer stays the same.
    if ((await resendWait(deps, user.id)) > 0) return;
    await sendVerificationCode(deps, user);
  });
  return {};
}

/**
 * The right code activates the account and signs it in. Every other case, an unknown e-mail and an
 * account already active included, is the same 400 and counts toward the address's limit.
 */
export async function verifyEmail(deps: AppDeps & LimitScope, email: string, code: string) {
  const { users } = deps.db.tables;
  const active = await limitedCodeCheck(deps, async () => {
    const user = await findUserByEmail(deps.db, email);
    if (!user || user.deletedAt || user.status !== 'PENDING') {
      throw new AppError('BAD_REQUEST', vi.errors.invalidCode);
    }
    await consumeVerificationCode(deps, user.id, code);
    const [activated] = await deps.db
      .update(users)
      .set({ status: 'ACTIVE' })
      .where(eq(users.id, user.id))
      .returning();
    if (!activated) throw new AppError('BAD_REQUEST', vi.errors.invalidCode);
    return activated;
  });
  return { session: await issueSession(deps, active), user: toPublicUser(active) };
}
