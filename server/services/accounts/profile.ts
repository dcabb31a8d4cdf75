import { and, eq, isNull, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tables } from '#server/db/schema/index.ts';
import type { AppDeps } from '#server/deps.ts';
import { AppError } from '#server/errors.ts';
import type { Actor } from '#server/services/actor.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import type { updateCompanyInput, updateMeInput } from '#shared/schemas/auth.ts';
import { nameSortOf } from '#shared/sort-key.ts';
import { requireUser, toPublicUser } from './session.ts';

export function toPublicCompany(row: Tables['companies']['$inferSelect']) {
  return {
    id: row.id,
    name: row.name,
    representative: row.representative,
    address: row.address,
    email: row.email,
    business_license: row.businessLicense,
    tax_code: row.taxCode,
    gln: row.gln,
    digital_link_qr: row.digitalLinkQr,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    translations: row.translations,
    languages: row.languages,
  };
}
export type PublicCompany = ReturnType<typeof toPublicCompany>;

const hasValues = (fields: Record<string, unknown>) => Object.values(fields).some((v) => v !== undefined);

export async function me(deps: AppDeps, actor: Actor) {
  const { companies } = deps.db.tables;
  const user = await requireUser(deps.db, actor.id);
  const [company] = user.companyId
    ? await deps.db.select().from(companies).where(eq(companies.id, user.companyId)).limit(1)
    : [];
  return { ...toPublicUser(user), company: company ? toPublicCompany(company) : null };
}

export async function updateMe(deps: AppDeps, actor: Actor, input: z.infer<typeof updateMeInput>) {
  const { users } = deps.db.tables;
  const username = input.username === '' ? null : input.username;
  if (username) {
    const [taken] = await deps.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.username, username), ne(users.id, actor.id)))
      .limit(1);
    if (taken)
      throw new AppError('CONFLICT', vi.errors.usernameTaken, {
        fields: { username: vi.errors.usernameTaken },
      });
  }
  const fields = {
    name: input.name,
    nameSort: nameSortOf(input.name),
    phoneNumber: input.phoneNumber === '' ? null : input.phoneNumber,
    username,
    avatar: input.avatar,
  };
  // An empty PATCH changes nothing (drizzle refuses an UPDATE without values).
  if (hasValues(fields)) {
    await deps.db
      .update(users)
      .set(fields)
      .where(and(eq(users.id, actor.id), isNull(users.deletedAt)));
  }
  return me(deps, actor);
}

/** PATCH /auth/company: the caller's own company, never another (the id comes from the session). */
export async function updateOwnCompany(
  deps: AppDeps,
  companyId: number,
  input: z.infer<typeof updateCompanyInput>,
) {
  const { companies } = deps.db.tables;
  const fields = {
    name: input.name,
    nameSort: nameSortOf(input.name),
    representative: input.representative,
    address: input.address,
    email: input.email,
    businessLicense: input.business_license,
    taxCode: input.tax_code,
    gln: input.gln,
    digitalLinkQr: input.digital_link_qr,
  };
  const [row] = hasValues(fields)
    ? await deps.db.update(companies).set(fields).where(eq(companies.id, companyId)).returning()
    : await deps.db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return toPublicCompany(row);
}
