import type { AppDeps } from '#server/deps.ts';
import type { UserRow } from '#server/services/accounts/session.ts';
import type { Role } from '#shared/permissions.ts';
import { createCompany, createUser, tokenFor } from '#tests/helpers/factories.ts';

/**
 * Two companies and one account per role: what role-matrix and tenant-isolation tests need.
 * Shared by the users, companies, statistics and documents suites.
 */
export async function createWorld(deps: AppDeps) {
  const companyA = await createCompany(deps, { name: 'Công ty A' });
  const companyB = await createCompany(deps, { name: 'Công ty B' });
  const accounts = {
    SUPER_ADMIN: await createUser(deps, { role: 'SUPER_ADMIN' }),
    MODERATOR: await createUser(deps, { role: 'MODERATOR' }),
    COMPANY_ADMIN: await createUser(deps, { role: 'COMPANY_ADMIN', companyId: companyA.id }),
    EMPLOYEE: await createUser(deps, { role: 'EMPLOYEE', companyId: companyA.id }),
    USER: await createUser(deps, { role: 'USER' }),
  } satisfies Record<Exclude<Role, 'GUEST'>, UserRow>;
  /** A second employee of company A: the account other accounts act on. */
  const staffA = await createUser(deps, { role: 'EMPLOYEE', companyId: companyA.id, name: 'Nhân viên A' });
  const adminB = await createUser(deps, { role: 'COMPANY_ADMIN', companyId: companyB.id });
  const employeeB = await createUser(deps, { role: 'EMPLOYEE', companyId: companyB.id });
  const tokens = {} as Record<keyof typeof accounts, string>;
  for (const role of Object.keys(accounts) as (keyof typeof accounts)[]) {
    tokens[role] = await tokenFor(deps, accounts[role]);
  }
  return {
    companyA,
    companyB,
    accounts,
    staffA,
    adminB,
    employeeB,
    tokens,
    tokenB: await tokenFor(deps, adminB),
  };
}
export type World = Awaited<ReturnType<typeof createWorld>>;

/** Each signed-in role, then the visitor (no token). */
export const ROLES_AND_VISITOR = [
  'SUPER_ADMIN',
  'MODERATOR',
  'COMPANY_ADMIN',
  'EMPLOYEE',
  'USER',
  'none',
] as const;
export type Who = (typeof ROLES_AND_VISITOR)[number];

export const tokenOf = (world: World, who: Who) => (who === 'none' ? undefined : world.tokens[who]);
export const accountOf = (world: World, who: Who) => (who === 'none' ? null : world.accounts[who]);
