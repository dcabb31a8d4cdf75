import { eq } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import { COMPANY_ROLES, type Role } from '#shared/permissions.ts';
import type { UserScope } from './scope.ts';

export interface Placement {
  role: Role;
  companyId: number | null;
}

/**
 * Where an account created or edited by an administrator ends up. A COMPANY_ADMIN places accounts
 * only in its own company and only as EMPLOYEE or COMPANY_ADMIN: the `companyId` it sends is ignored,
 * any other role is 403. A SUPER_ADMIN places any role: company roles need an existing company,
 * the other roles belong to none.
 */
export async function resolvePlacement(
  db: Executor,
  scope: UserScope,
  wanted: { role: Role; companyId?: number | null },
  current?: Placement,
): Promise<Placement> {
  const { companies } = db.tables;
  const isCompanyRole = COMPANY_ROLES.includes(wanted.role);
  if (scope.companyId !== null) {
    if (!isCompanyRole) throw new AppError('FORBIDDEN', vi.users.roleNotAllowed);
    return { role: wanted.role, companyId: scope.companyId };
  }
  if (!isCompanyRole) {
    if (wanted.companyId != null) {
      throw new AppError('BAD_REQUEST', vi.users.companyNotAllowed, {
        fields: { companyId: vi.users.companyNotAllowed },
      });
    }
    return { role: wanted.role, companyId: null };
  }
  const companyId = wanted.companyId !== undefined ? wanted.companyId : (current?.companyId ?? null);
  if (companyId === null) {
    throw new AppError('BAD_REQUEST', vi.users.companyRequired, {
      fields: { companyId: vi.users.companyRequired },
    });
  }
  const [exists] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  if (!exists) {
    throw new AppError('BAD_REQUEST', vi.users.companyNotFound, {
      fields: { companyId: vi.users.companyNotFound },
    });
  }
  return { role: wanted.role, companyId };
}
