import { eq, sql } from 'drizzle-orm';
import { vi } from '../../../shared/i18n/vi/index.ts';
import type { CreateUserInput, UpdateUserInput } from '../../../shared/schemas/users.ts';
import { hashPassword } from '../../auth/password.ts';
import { users } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { rejectCommonPassword } from '../accounts/password-policy.ts';
import { toPublicUser } from '../accounts/session.ts';
import { resolvePlacement } from './placement.ts';
import { loadManagedUser, type UserScope } from './scope.ts';
import { assertUnique } from './uniqueness.ts';
import { nameSortOf, vietnameseSortKey } from '../../../shared/sort-key.ts';

const blankToNull = (value: string | undefined) =>
  value === undefined ? undefined : value === '' ? null : value;

async function passwordHashOf(deps: AppDeps, password: string): Promise<string> {
  rejectCommonPassword(password);
  return hashPassword(password, deps.settings.passwordHashCost);
}

/**
 * An account made by an administrator is ACTIVE unless the administrator says otherwise: the
 * administrator chose its password and hands it over (decision 010). No verification mail is sent.
 */
export async function createUser(deps: AppDeps, scope: UserScope, input: CreateUserInput) {
  const username = blankToNull(input.username) ?? null;
  assertUnique(deps.db, { email: input.email, username });
  const placement = resolvePlacement(deps.db, scope, input);
  const passwordHash = await passwordHashOf(deps, input.password);
  const row = deps.db.transaction((tx) => {
    assertUnique(tx, { email: input.email, username });
    return tx
      .insert(users)
      .values({
        name: input.name,
        nameSort: vietnameseSortKey(input.name),
        email: input.email,
        passwordHash,
        status: input.status ?? 'ACTIVE',
        ...placement,
        phoneNumber: blankToNull(input.phoneNumber) ?? null,
        username,
      })
      .returning()
      .get();
  });
  return toPublicUser(row);
}

/**
 * Changes the given fields only. A new password, or a status that stops the account (DISABLED,
 * PENDING), bumps tokenVersion so the user's open sessions end. Nobody changes their own role or status.
 */
export async function updateUser(deps: AppDeps, scope: UserScope, input: UpdateUserInput) {
  const { id, password, ...fields } = input;
  const current = loadManagedUser(deps.db, scope, id);
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
  assertUnique(deps.db, { email: fields.email, username }, id);
  const placement =
    fields.role !== undefined || fields.companyId !== undefined
      ? resolvePlacement(
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
  const row = deps.db.transaction((tx) => {
    assertUnique(tx, { email: fields.email, username }, id);
    return tx
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
      .returning()
      .get();
  });
  if (!row) throw new AppError('NOT_FOUND');
  return toPublicUser(row);
}
