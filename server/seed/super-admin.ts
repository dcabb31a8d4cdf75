import { eq } from 'drizzle-orm';
import { hashPassword } from '#server/auth/password.ts';
import type { AppDeps } from '#server/deps.ts';
import { vietnameseSortKey } from '#shared/sort-key.ts';

/**
 * The first SUPER_ADMIN comes from ADMIN_EMAIL / ADMIN_PASSWORD when no SUPER_ADMIN exists. There is
 * no built-in account and no default password: without these settings the server says how to add one.
 */
export async function ensureSuperAdmin(deps: AppDeps): Promise<void> {
  const { db, settings, logger } = deps;
  const { users } = db.tables;
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'SUPER_ADMIN'))
    .limit(1);
  if (existing) return;
  if (!settings.adminEmail || !settings.adminPassword) {
    logger.warn(
      { event: 'bootstrap.no_admin' },
      'No SUPER_ADMIN exists. Set ADMIN_EMAIL and ADMIN_PASSWORD and restart to create one.',
    );
    return;
  }
  const passwordHash = await hashPassword(settings.adminPassword, settings.passwordHashCost);
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, settings.adminEmail))
    .limit(1);
  if (taken) {
    // An ordinary account already holds the address: promote it, with the configured password.
    await db
      .update(users)
      .set({ role: 'SUPER_ADMIN', status: 'ACTIVE', companyId: null, deletedAt: null, passwordHash })
      .where(eq(users.id, taken.id));
  } else {
    await db.insert(users).values({
      name: 'Quản trị viên',
      nameSort: vietnameseSortKey('Quản trị viên'),
      email: settings.adminEmail,
      passwordHash,
      role: 'SUPER_ADMIN',
      status: 'ACTIVE',
    });
  }
  logger.info({ event: 'bootstrap.admin_created', email: settings.adminEmail }, 'SUPER_ADMIN created');
}
