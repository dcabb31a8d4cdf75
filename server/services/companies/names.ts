import { inArray } from 'drizzle-orm';
import type { AppDeps } from '#server/deps.ts';

/**
 * The names of the companies a page of rows belongs to, in one query: what a SUPER_ADMIN's lists
 * show in their company column (products, QR codes, users span every company).
 */
export async function companyNames(
  deps: Pick<AppDeps, 'db'>,
  ids: Iterable<number | null>,
): Promise<Map<number, string>> {
  const { companies } = deps.db.tables;
  const wanted = [...new Set([...ids].filter((id): id is number => id !== null))];
  if (!wanted.length) return new Map();
  const rows = await deps.db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(inArray(companies.id, wanted));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Each row with `companyName` (null without a company, or when it is gone). */
export async function withCompanyNames<T extends { companyId: number | null }>(
  deps: Pick<AppDeps, 'db'>,
  rows: T[],
): Promise<Array<T & { companyName: string | null }>> {
  const names = await companyNames(
    deps,
    rows.map((r) => r.companyId),
  );
  return rows.map((r) => ({
    ...r,
    companyName: r.companyId === null ? null : (names.get(r.companyId) ?? null),
  }));
}
