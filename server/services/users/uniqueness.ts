import { and, eq, ne } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import type { Tables } from '#server/db/schema/index.ts';
import { AppError } from '#server/errors.ts';
import { vi } from '#shared/i18n/vi/index.ts';

/**
 * 409 when another account (deleted ones included: they can be restored) holds the e-mail or username.
 * Called before the slow password hash and again inside the write's transaction.
 */
export async function assertUnique(
  db: Executor,
  fields: { email?: string; username?: string | null },
  exceptId?: number,
) {
  const { users } = db.tables;
  const other = async (column: Tables['users']['email'] | Tables['users']['username'], value: string) => {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(exceptId === undefined ? eq(column, value) : and(eq(column, value), ne(users.id, exceptId)))
      .limit(1);
    return row;
  };
  if (fields.email && (await other(users.email, fields.email))) {
    throw new AppError('CONFLICT', vi.errors.emailTaken, { fields: { email: vi.errors.emailTaken } });
  }
  if (fields.username && (await other(users.username, fields.username))) {
    throw new AppError('CONFLICT', vi.errors.usernameTaken, {
      fields: { username: vi.errors.usernameTaken },
    });
  }
}
