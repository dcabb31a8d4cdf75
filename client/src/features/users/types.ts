import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '#server/trpc/root.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import type { Role } from '#shared/permissions.ts';

export type UserRow = inferRouterOutputs<AppRouter>['users']['list']['users'][number];
export type UserTab = 'all' | 'ACTIVE' | 'PENDING' | 'DISABLED' | 'DELETED';

/** The status a list shows: deleted first, then an invitation not yet followed (decision 087). */
export function userStatusLabel(u: Pick<UserRow, 'deletedAt' | 'status' | 'invited'>): string {
  const t = vi.workspace.users;
  if (u.deletedAt) return t.statuses.DELETED;
  return u.invited ? t.invitedStatus : t.statuses[u.status];
}

/** Roles the signed-in administrator may give: a company admin only its company's two roles (the server agrees). */
export function assignableRoles(actor: Role): Role[] {
  if (actor === 'SUPER_ADMIN') return ['SUPER_ADMIN', 'MODERATOR', 'COMPANY_ADMIN', 'EMPLOYEE', 'USER'];
  return ['EMPLOYEE', 'COMPANY_ADMIN'];
}
