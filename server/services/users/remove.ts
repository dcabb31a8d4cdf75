import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { users } from '#server/db/schema/index.ts';
import type { AppDeps } from '#server/deps.ts';
import { AppError } from '#server/errors.ts';
import { toPublicUser } from '#server/services/accounts/session.ts';
import { loadManagedUser, refuseSelf, type UserScope } from './scope.ts';

/** Soft delete: the row stays (restorable), sign-in answers 410, open sessions end (tokenVersion + 1). */
export function softDeleteUsers(deps: AppDeps, scope: UserScope, ids: number[]) {
  const unique = [...new Set(ids)];
  return deps.db.transaction((tx) => {
    // All or nothing: one id that is missing, foreign or the caller's own refuses the whole call.
    for (const id of unique) {
      refuseSelf(scope, id);
      loadManagedUser(tx, scope, id);
    }
    const changed = tx
      .update(users)
      .set({ deletedAt: new Date(), tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(and(inArray(users.id, unique), isNull(users.deletedAt)))
      .returning({ id: users.id })
      .all();
    return { count: changed.length };
  });
}

export function softDeleteUser(deps: AppDeps, scope: UserScope, id: number) {
  softDeleteUsers(deps, scope, [id]);
  return toPublicUser(loadManagedUser(deps.db, scope, id));
}

export function restoreUser(deps: AppDeps, scope: UserScope, id: number) {
  loadManagedUser(deps.db, scope, id);
  const row = deps.db.update(users).set({ deletedAt: null }).where(eq(users.id, id)).returning().get();
  if (!row) throw new AppError('NOT_FOUND');
  return toPublicUser(row);
}

/** Gone for good; the user's scan logs and codes go with it, scan events and short links keep no owner. */
export function deleteUserPermanently(deps: AppDeps, scope: UserScope, id: number) {
  refuseSelf(scope, id);
  loadManagedUser(deps.db, scope, id);
  deps.db.delete(users).where(eq(users.id, id)).run();
  return { id };
}

export function getUser(deps: AppDeps, scope: UserScope, id: number) {
  return toPublicUser(loadManagedUser(deps.db, scope, id));
}
