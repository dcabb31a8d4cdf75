import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { hashPassword } from '#server/auth/password.ts';
import type { Tables } from '#server/db/schema/index.ts';
import { transaction } from '#server/db/transaction.ts';
import type { AppDeps } from '#server/deps.ts';
import { AppError } from '#server/errors.ts';
import { rejectCommonPassword } from '#server/services/accounts/password-policy.ts';
import { newPasswordLink } from '#server/services/accounts/passwords.ts';
import { toPublicUser } from '#server/services/accounts/session.ts';
import { INVITE_TOKEN_TTL_DAYS } from '#shared/constants.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import type { CreateUserInput, UpdateUserInput } from '#shared/schemas/users.ts';
import { nameSortOf, vietnameseSortKey } from '#shared/sort-key.ts';
import { resolvePlacement } from './placement.ts';
import { loadManagedUser, type UserScope } from './scope.ts';
import { assertUnique } from './uniqueness.ts';

const blankToNull = (value: string | undefined) =>
  value === undefined ? undefined : value === '' ? null : value;

async function passwordHashOf(deps: AppDeps, password: string): Promise<string> {
  rejectCommonPassword(password);
  return hashPassword(password, deps.settings.passwordHashCost);
}

/**
 * Without a password the person is invited (decision 087): the account is PENDING, with a password
 * nobody knows, and a mail carries a single-use link to set their own; following it activates the
 * account. With a password, the account is ACTIVE unless the administrator says otherwise: the
 * administrator hands the password over (decision 010) and no mail is sent.
 */
export async function createUser(deps: AppDeps, scope: UserScope, input: CreateUserInput) {
  const { users } = deps.db.tables;
  const invite = input.password === undefined;
  if (invite && input.status !== undefined && input.status !== 'PENDING') {
    throw new AppError('BAD_REQUEST', vi.users.invitePending, { fields: { status: vi.users.invitePending } });
  }
  const username = blankToNull(input.username) ?? null;
  await assertUnique(deps.db, { email: input.email, username });
  const placement = await resolvePlacement(deps.db, scope, input);
  const passwordHash = invite
    ? await hashPassword(randomBytes(32).toString('base64url'), deps.settings.passwordHashCost)
    : await passwordHashOf(deps, input.password!);
  const { row, link } = await transaction(deps.db, async (tx) => {
    await assertUnique(tx, { email: input.email, username });
    const [inserted] = await tx
      .insert(users)
      .values({
        name: input.name,
        nameSort: vietnameseSortKey(input.name),
        email: input.email,
        passwordHash,
        status: invite ? 'PENDING' : (input.status ?? 'ACTIVE'),
        invitedAt: invite ? new Date() : null,
        ...placement,
        phoneNumber: blankToNull(input.phoneNumber) ?? null,
        username,
      })
      .returning();
    // An insert's RETURNING has its one row.
    const row = inserted!;
    const link = invite
      ? await newPasswordLink(tx, deps.settings.publicUrl, row.id, INVITE_TOKEN_TTL_DAYS * 24 * 60)
      : null;
    return { row, link };
  });
  if (link) await sendInvitation(deps, row, link);
  return toPublicUser(row);
}

/**
 * The invitation mail. An account whose invitation could not be sent is removed again (it has nothing
 * yet): the administrator sees the failure and tries again, instead of a PENDING account nobody can open.
 */
async function sendInvitation(deps: AppDeps, user: Tables['users']['$inferSelect'], link: string) {
  const { companies, users } = deps.db.tables;
  const [company] = user.companyId
    ? await deps.db
        .select({ name: companies.name })
        .from(companies)
        .where(eq(companies.id, user.companyId))
        .limit(1)
    : [];
  try {
    await deps.mailer.send({
      to: user.email,
      subject: vi.mail.inviteSubject,
      text: vi.mail.inviteText(
        user.name,
        company ? vi.mail.invitePlace(company.name) : '',
        link,
        INVITE_TOKEN_TTL_DAYS,
      ),
    });
  } catch (err) {
    deps.logger.error({ event: 'users.invite_not_sent', err }, 'invitation mail failed');
    await deps.db.delete(users).where(eq(users.id, user.id));
    throw new AppError('INTERNAL', vi.users.inviteNotSent);
  }
}

/**
 * Changes the given fields only. A new password, or a status that stops the account (DISABLED,
 * PENDING), bumps tokenVersion so the user's open sessions end. Nobody changes their own role or status.
 */
export async function updateUser(deps: AppDeps, scope: UserScope, input: UpdateUserInput) {
  const { users } = deps.db.tables;
  const { id, password, ...fields } = input;
  const current = await loadManagedUser(deps.db, scope, id);
  const self = scope.actor.id === id;
  if (self && fields.role !== undefined && fields.role !== current.role) {
    throw new AppError('BAD_REQUEST', vi.users.cannotChangeOwnRole, {
      fields: { role: vi.users.cannotChangeOwnRole },
    });
  }
  if (self && fields.status !== undefined && fields.status !== current.status) {
    throw new AppError('BAD_REQUEST', vi.users.cannotChangeOwnStatus, {
      fields: { status: vi.users.cannotChangeOwnStatus },
    });
  }
  const username = blankToNull(fields.username);
  await assertUnique(deps.db, { email: fields.email, username }, id);
  const placement =
    fields.role !== undefined || fields.companyId !== undefined
      ? await resolvePlacement(
          deps.db,
          scope,
          { role: fields.role ?? current.role, companyId: fields.companyId },
          current,
        )
      : {};
  const passwordHash = password === undefined ? undefined : await passwordHashOf(deps, password);
  const stopsSessions =
    passwordHash !== undefined ||
    (fields.status !== undefined && fields.status !== 'ACTIVE' && fields.status !== current.status);
  const row = await transaction(deps.db, async (tx) => {
    await assertUnique(tx, { email: fields.email, username }, id);
    const [updated] = await tx
      .update(users)
      .set({
        name: fields.name,
        nameSort: nameSortOf(fields.name),
        email: fields.email,
        status: fields.status,
        ...placement,
        phoneNumber: blankToNull(fields.phoneNumber),
        username,
        passwordHash,
        ...(stopsSessions ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
        // Always one value: an empty PATCH still answers the user (drizzle refuses an empty SET).
        updatedAt: new Date(),
      })
      .where(eq(users.id, id))
      .returning();
    return updated;
  });
  if (!row) throw new AppError('NOT_FOUND');
  return toPublicUser(row);
}
