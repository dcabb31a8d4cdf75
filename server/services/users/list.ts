import { type AnyColumn, and, count, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { sortTerm } from '#server/db/order.ts';
import type { Tables } from '#server/db/schema/index.ts';
import { foldedContains } from '#server/db/search.ts';
import type { AppDeps } from '#server/deps.ts';
import { toPublicUser } from '#server/services/accounts/session.ts';
import { withCompanyNames } from '#server/services/companies/names.ts';
import { pageWindow } from '#server/services/pagination.ts';
import type { UserListInput, UserSortField } from '#shared/schemas/users.ts';
import type { UserScope } from './scope.ts';

/**
 * The Vietnamese order of names (decision 085), one index per list shape (all, one company). Every sort
 * goes through sortTerm: the same order on both engines (decision 164).
 */
const sortColumns = (users: Tables['users']): Record<UserSortField, AnyColumn> => ({
  displayName: users.nameSort,
  name: users.nameSort,
  email: users.email,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
  role: users.role,
  status: users.status,
});

/** The company filter: always the scope's own for a COMPANY_ADMIN, whatever it asks for. */
function companyCondition(users: Tables['users'], scope: UserScope, requested?: number): SQL | undefined {
  const companyId = scope.companyId ?? requested;
  return companyId === undefined ? undefined : eq(users.companyId, companyId);
}

/** DELETED lists soft-deleted accounts; any other status (or none) lists live accounts only. */
function statusCondition(users: Tables['users'], status: UserListInput['status']): SQL | undefined {
  if (status === 'DELETED') return isNotNull(users.deletedAt);
  return status ? and(isNull(users.deletedAt), eq(users.status, status)) : isNull(users.deletedAt);
}

export async function listUsers(deps: AppDeps, scope: UserScope, input: UserListInput) {
  const { users } = deps.db.tables;
  const where = and(
    companyCondition(users, scope, input.companyId),
    statusCondition(users, input.status),
    foldedContains(deps.store, [users.name, users.email, users.username], input.searchName),
  );
  const [counted] = await deps.db.select({ n: count() }).from(users).where(where);
  const total = counted?.n ?? 0;
  const direction = input.sortOrder === 'desc' ? 'desc' : 'asc';
  const { limit, offset } = pageWindow(input.pageIndex, input.pageSize);
  const rows = await deps.db
    .select()
    .from(users)
    .where(where)
    .orderBy(
      sortTerm(deps.store, sortColumns(users)[input.sortField], direction),
      sortTerm(deps.store, users.id, direction),
    )
    .limit(limit)
    .offset(offset);
  return { users: await withCompanyNames(deps, rows.map(toPublicUser)), count: total };
}

/** Counts per status for the list's tabs; `total` is every live (not deleted) account in scope. */
export async function countUsersByStatus(deps: AppDeps, scope: UserScope) {
  const { users } = deps.db.tables;
  const company = companyCondition(users, scope);
  const rows = await deps.db
    .select({ status: users.status, deleted: sql<number>`${users.deletedAt} is not null`, n: count() })
    .from(users)
    .where(company)
    .groupBy(users.status, sql`${users.deletedAt} is not null`);
  const live = (status?: string) =>
    rows
      .filter((r) => !r.deleted && (status === undefined || r.status === status))
      .reduce((s, r) => s + r.n, 0);
  return {
    total: live(),
    totalActive: live('ACTIVE'),
    totalPending: live('PENDING'),
    totalDisabled: live('DISABLED'),
    totalDeleted: rows.filter((r) => r.deleted).reduce((s, r) => s + r.n, 0),
  };
}
