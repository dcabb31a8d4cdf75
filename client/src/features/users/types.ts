import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../server/trpc/root.ts';
import type { Role } from '../../../../shared/permissions.ts';

export type UserRow = inferRouterOutputs<AppRouter>['users']['list']['users'][number];
export type UserTab = 'all' | 'ACTIVE' | 'PENDING' | 'DISABLED' | 'DELETED';

/** Roles the signed-in administrator may give: a company admin only its company's two roles (the server agrees). */
export function assignableRoles(actor: Role): Role[] {
  if (actor === 'SUPER_ADMIN') return ['SUPER_ADMIN', 'MODERATOR', 'COMPANY_ADMIN', 'EMPLOYEE', 'USER'];
  return ['EMPLOYEE', 'COMPANY_ADMIN'];
}
