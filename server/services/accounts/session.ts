import { eq } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import type { Tables } from '#server/db/schema/index.ts';
import type { AppDeps } from '#server/deps.ts';
import { AppError } from '#server/errors.ts';
import { type PermissionRule, permissionsFor } from '#shared/permissions.ts';
import type { PublicUser } from '#shared/schemas/auth.ts';

export type UserRow = Tables['users']['$inferSelect'];

export interface Session {
  accessToken: string;
  permissions: PermissionRule[];
}

/** The only way a user row leaves the server: explicit fields, ISO dates, never the hash. */
export function toPublicUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    status: row.status,
    avatar: row.avatar,
    companyId: row.companyId,
    phoneNumber: row.phoneNumber,
    username: row.username,
    /** Invited by an administrator and not yet through the mailed link (decision 087). */
    invited: row.status === 'PENDING' && row.invitedAt !== null,
    deletedAt: row.deletedAt ? row.deletedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function issueSession(
  deps: Pick<AppDeps, 'tokens' | 'settings'>,
  user: Pick<UserRow, 'id' | 'role' | 'tokenVersion'>,
): Promise<Session> {
  const accessToken = await deps.tokens.sign(
    { sub: String(user.id), ver: user.tokenVersion },
    deps.settings.jwtTtlSeconds,
  );
  return { accessToken, permissions: permissionsFor(user.role) };
}

export async function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  const { users } = db.tables;
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const { users } = db.tables;
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row;
}

export async function requireUser(db: Executor, id: number): Promise<UserRow> {
  const row = await findUserById(db, id);
  if (!row || row.deletedAt) throw new AppError('GONE');
  return row;
}
