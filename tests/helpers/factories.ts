import { hashPassword } from '#server/auth/password.ts';
import type { Tables } from '#server/db/schema/index.ts';
import type { AppDeps } from '#server/deps.ts';
import { issueSession, type UserRow } from '#server/services/accounts/session.ts';
import { createContextInner } from '#server/edge/context.ts';
import { createCaller } from '#server/trpc/root.ts';
import type { Role } from '#shared/permissions.ts';
import { vietnameseSortKey } from '#shared/sort-key.ts';

export const TEST_PASSWORD = 'mat-khau-thu-nghiem-1';
let seq = 0;
let cachedHash: Promise<string> | undefined;

export async function createCompany(
  deps: AppDeps,
  fields: Partial<Tables['companies']['$inferInsert']> = {},
) {
  const { companies } = deps.db.tables;
  seq++;
  const [row] = await deps.db
    .insert(companies)
    .values({
      name: `Công ty thử nghiệm ${seq}`,
      representative: 'Người đại diện',
      address: 'Hà Nội',
      email: `company${seq}@example.com`,
      businessLicense: `GP-${seq}`,
      ...fields,
      nameSort: vietnameseSortKey(fields.name ?? `Công ty thử nghiệm ${seq}`),
    })
    .returning();
  return row!;
}

/** An ACTIVE user of the given role, with TEST_PASSWORD. Company roles get a new company unless one is given. */
export async function createUser(
  deps: AppDeps,
  options: Partial<Tables['users']['$inferInsert']> & { role?: Role; password?: string } = {},
): Promise<UserRow> {
  const { users } = deps.db.tables;
  seq++;
  const { password, ...fields } = options;
  const role = fields.role ?? 'USER';
  let companyId = fields.companyId;
  if (companyId === undefined && (role === 'COMPANY_ADMIN' || role === 'EMPLOYEE')) {
    companyId = (await createCompany(deps)).id;
  }
  cachedHash ??= hashPassword(TEST_PASSWORD, 10);
  const passwordHash = password ? await hashPassword(password, 10) : await cachedHash;
  const [row] = await deps.db
    .insert(users)
    .values({
      name: `Người dùng ${seq}`,
      email: `user${seq}-${role.toLowerCase()}@example.com`,
      status: 'ACTIVE',
      passwordHash,
      ...fields,
      nameSort: vietnameseSortKey(fields.name ?? `Người dùng ${seq}`),
      role,
      companyId: companyId ?? null,
    })
    .returning();
  return row!;
}

/** A bearer token for the user, as login would issue it. */
export async function tokenFor(deps: AppDeps, user: UserRow): Promise<string> {
  return (await issueSession(deps, user)).accessToken;
}

/** A tRPC caller acting as `user` (or a visitor when null), without going through a token. */
export function callerFor(deps: AppDeps, user: UserRow | null) {
  const actor = user
    ? {
        id: user.id,
        role: user.role,
        companyId: user.companyId,
        status: user.status,
        tokenVersion: user.tokenVersion,
      }
    : null;
  return createCaller(createContextInner(deps, actor));
}
