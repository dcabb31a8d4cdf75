import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { transaction } from '#server/db/transaction.ts';
import type { AppDeps } from '#server/deps.ts';
import { AppError } from '#server/errors.ts';
import { toPublicUser } from '#server/services/accounts/session.ts';
import { loadManagedUser, refuseSelf, type UserScope } from './scope.ts';

/** Soft delete: the row stays (restorable), sign-in answers 410, open sessions end (tokenVersion + 1). */
export async function softDeleteUsers(deps: AppDeps, scope: UserScope, ids: number[]) {
  const { users } = deps.db.tables;
  const unique = [...new Set(ids)];
  return transaction(deps.db, async (tx) => {
    // All or nothing: one id that is missing, foreign or the caller's own refuses the whole call.
    for (const id of unique) {
      refuseSelf(scope, id);
      await loadManagedUser(tx, scope, id);
    }
    const changed = await tx
      .update(users)
      .set({ deletedAt: new Date(), tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(and(inArray(users.id, unique), isNull(users.deletedAt)))
      .returning({ id: users.id });
    return { count: changed.length };
  });
}

export async function softDeleteUser(deps: AppDeps, scope: UserScope, id: number) {
  await softDeleteUsers(deps, scope, [id]);
  return toPublicUser(await loadManagedUser(deps.db, scope, id));
}

export async function restoreUser(deps: AppDeps, scope: UserScope, id: number) {
  const { users } = deps.db.tables;
  await loadManagedUser(deps.db, scope, id);
  const [row] = await deps.db.update(users).set({ deletedAt: null }).where(eq(users.id, id)).returning();
  if (!row) throw new AppError('NOT_FOUND');
  return toPublicUser(row);
}

/** Gone for good; the user's scan logs and codes go with it, scan events and short links keep no owner. */
export async function deleteUserPermanently(deps: AppDeps, scope: UserScope, id: number) {
  const { users } = deps.db.tables;
  refuseSelf(scope, id);
  await loadManagedUser(deps.db, scope, id);
  await deps.db.delete(users).where(eq(users.id, id));
  return { id };
}

export async function getUser(deps: AppDeps, scope: UserScope, id: number) {
  return toPublicUser(await loadManagedUser(deps.db, scope, id));
}
