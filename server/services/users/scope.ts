import type { Executor } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import { findUserById, type UserRow } from '#server/services/accounts/session.ts';
import type { Actor } from '#server/services/actor.ts';
import { vi } from '#shared/i18n/vi/index.ts';

/**
 * Who is managing accounts and which accounts it may touch: `companyId` null means every account
 * (SUPER_ADMIN); a number means only that company's accounts (COMPANY_ADMIN).
 */
export interface UserScope {
  actor: Actor;
  companyId: number | null;
}

export function inScope(scope: UserScope, row: Pick<UserRow, 'companyId'>): boolean {
  return scope.companyId === null || row.companyId === scope.companyId;
}

/**
 * The account `id` if the scope may manage it. Another company's account answers exactly like a
 * missing one (404, same message), so sequential ids reveal nothing (decision 083).
 */
export async function loadManagedUser(db: Executor, scope: UserScope, id: number): Promise<UserRow> {
  const row = await findUserById(db, id);
  if (!row || !inScope(scope, row)) throw new AppError('NOT_FOUND');
  return row;
}

/** Nobody removes their own account: an administrator locked out by mistake needs another one to come back. */
export function refuseSelf(scope: UserScope, id: number, message: string = vi.users.cannotDeleteSelf): void {
  if (scope.actor.id === id) throw new AppError('BAD_REQUEST', message);
}
