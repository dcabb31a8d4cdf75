import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { hashPassword, sha256, verifyPassword } from '#server/auth/password.ts';
import type { Executor } from '#server/db/client.ts';
import { transaction } from '#server/db/transaction.ts';
import type { AppDeps } from '#server/deps.ts';
import { AppError } from '#server/errors.ts';
import {
  clearAccountSignInBlock,
  hashing,
  type LimitScope,
  limitedOldPassword,
  takeMailRequest,
} from '#server/security/limits.ts';
import type { Actor } from '#server/services/actor.ts';
import { RESET_TOKEN_TTL_MINUTES } from '#shared/constants.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import type { PublicUser } from '#shared/schemas/auth.ts';
import { afterAnswer } from './after-answer.ts';
import { rejectCommonPassword } from './password-policy.ts';
import {
  findUserByEmail,
  issueSession,
  requireUser,
  type Session,
  toPublicUser,
  type UserRow,
} from './session.ts';

/** A second reset mail for one account within this many seconds is silently not sent. */
const RESET_MAIL_INTERVAL_SECONDS = 30;

/** Counted per user before the hash (a stolen token must not become a password oracle, even in a batch). */
export function verifyOldPassword(deps: AppDeps & LimitScope, actor: Actor, password: string) {
  return limitedOldPassword(deps, actor.id, async () => {
    const user = await requireUser(deps.db, actor.id);
    if (!(await hashing(deps, () => verifyPassword(password, user.passwordHash)))) {
      throw new AppError('UNAUTHORIZED', vi.errors.wrongOldPassword);
    }
    return { valid: true };
  });
}

/**
 * Changing the password ends every other session (the token version moves on); the caller gets a
 * fresh session so this device stays signed in.
 */
export async function changePassword(
  deps: AppDeps & LimitScope,
  actor: Actor,
  oldPassword: string,
  newPassword: string,
) {
  const { users } = deps.db.tables;
  await verifyOldPassword(deps, actor, oldPassword);
  rejectCommonPassword(newPassword);
  const passwordHash = await hashing(deps, () => hashPassword(newPassword, deps.settings.passwordHashCost));
  const [user] = await deps.db
    .update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, actor.id))
    .returning();
  if (!user) throw new AppError('GONE');
  return { session: await issueSession(deps, user), user: toPublicUser(user) };
}

/**
 * Always the same answer, in content and in time, whether or not the e-mail has an account: the limit
 * is taken before anything, and the account is looked up and mailed after the answer.
 */
export async function forgotPassword(deps: AppDeps & LimitScope, email: string) {
  await takeMailRequest(deps, 'reset', email);
  afterAnswer(deps, 'reset-mail', () => sendResetLink(deps, email));
  return {};
}

async function sendResetLink(deps: AppDeps, email: string): Promise<void> {
  const { passwordResetTokens } = deps.db.tables;
  const user = await findUserByEmail(deps.db, email);
  if (!user || user.deletedAt || user.status === 'DISABLED') return;
  const [recent] = await deps.db
    .select({ id: passwordResetTokens.id })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.userId, user.id),
        gt(passwordResetTokens.createdAt, new Date(Date.now() - RESET_MAIL_INTERVAL_SECONDS * 1000)),
      ),
    )
    .limit(1);
  if (recent) return;
  const token = randomBytes(32).toString('base64url');
  await deps.db.insert(passwordResetTokens).values({
    userId: user.id,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MINUTES * 60_000),
  });
  const link = `${deps.settings.publicUrl}/auth/new-password/${token}`;
  await deps.mailer.send({
    to: user.email,
    subject: vi.mail.resetSubject,
    text: vi.mail.resetText(user.name, link, RESET_TOKEN_TTL_MINUTES),
  });
}

async function usableResetToken(deps: AppDeps, token: string) {
  const { passwordResetTokens } = deps.db.tables;
  const [row] = await deps.db
    .select()
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.tokenHash, sha256(token)), isNull(passwordResetTokens.usedAt)))
    .orderBy(desc(passwordResetTokens.id))
    .limit(1);
  if (!row || row.expiresAt.getTime() < Date.now())
    throw new AppError('BAD_REQUEST', vi.errors.invalidResetToken);
  return row;
}

/** An account invited by an administrator that has not set its password yet (decision 087). */
const isInvitation = (user: Pick<UserRow, 'status' | 'invitedAt'>) =>
  user.status === 'PENDING' && user.invitedAt !== null;

/**
 * Whether a mailed link still works, and, when it is an invitation (decision 185), what its page
 * welcomes the person to: their company's name and the address they will sign in with. Told only to the
 * holder of a working link: a wrong, used or expired one is the same 400 as a reset's, with nothing else.
 */
export async function verifyResetPassword(deps: AppDeps, token: string) {
  const { companies, users } = deps.db.tables;
  const row = await usableResetToken(deps, token);
  const [user] = await deps.db
    .select({ status: users.status, invitedAt: users.invitedAt, email: users.email, company: companies.name })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(users.id, row.userId), isNull(users.deletedAt)))
    .limit(1);
  if (!user) throw new AppError('BAD_REQUEST', vi.errors.invalidResetToken);
  const invitation = isInvitation(user) ? { companyName: user.company, email: user.email } : null;
  return { valid: true, invitation };
}

/**
 * Single use: the token and every other open token of the account are spent, older sessions end, and a
 * PENDING account becomes ACTIVE (the mailed link proves the address as well as a code would). An
 * invitation ends signed in (decision 185): the answer carries the new session, as a verified sign-up's
 * does; a reset of a password that was forgotten answers nothing, and the person signs in with it.
 */
export async function resetPassword(
  deps: AppDeps & LimitScope,
  token: string,
  password: string,
): Promise<{ session?: Session; user?: PublicUser }> {
  const { passwordResetTokens, users } = deps.db.tables;
  const row = await usableResetToken(deps, token);
  rejectCommonPassword(password);
  const passwordHash = await hashing(deps, () => hashPassword(password, deps.settings.passwordHashCost));
  const { email, invited } = await transaction(deps.db, async (tx) => {
    const spent = await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetTokens.id, row.id), isNull(passwordResetTokens.usedAt)))
      .returning({ id: passwordResetTokens.id });
    // A second request racing with this one already spent the token.
    if (spent.length !== 1) throw new AppError('BAD_REQUEST', vi.errors.invalidResetToken);
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetTokens.userId, row.userId), isNull(passwordResetTokens.usedAt)));
    const user = await requireUser(tx, row.userId);
    const [updated] = await tx
      .update(users)
      .set({
        passwordHash,
        tokenVersion: sql`${users.tokenVersion} + 1`,
        status: user.status === 'PENDING' ? 'ACTIVE' : user.status,
      })
      .where(eq(users.id, row.userId))
      .returning();
    return { email: user.email, invited: isInvitation(user) ? updated : undefined };
  });
  // The owner proved the mailbox: every failure counted against the account, from any address, is forgotten.
  await clearAccountSignInBlock(deps, email);
  if (invited?.status !== 'ACTIVE') return {};
  return { session: await issueSession(deps, invited), user: toPublicUser(invited) };
}

/**
 * A single-use link that sets the account's password, valid `minutes`: the link of a forgotten
 * password, made for an invitation (decision 087). `resetPassword` spends it and activates a PENDING
 * account, as it does for a reset. Run inside the transaction that made the account.
 */
export async function newPasswordLink(
  tx: Executor,
  publicUrl: string,
  userId: number,
  minutes: number,
): Promise<string> {
  const { passwordResetTokens } = tx.tables;
  const token = randomBytes(32).toString('base64url');
  await tx
    .insert(passwordResetTokens)
    .values({ userId, tokenHash: sha256(token), expiresAt: new Date(Date.now() + minutes * 60_000) });
  return `${publicUrl}/auth/new-password/${token}`;
}
