import { type AnyColumn, count, eq } from 'drizzle-orm';
import { sortTerm } from '#server/db/order.ts';
import type { Tables } from '#server/db/schema/index.ts';
import { foldedContains } from '#server/db/search.ts';
import type { AppDeps } from '#server/deps.ts';
import { AppError } from '#server/errors.ts';
import { toPublicCompany } from '#server/services/accounts/profile.ts';
import { pageWindow } from '#server/services/pagination.ts';
import type { CompanyListInput } from '#shared/schemas/companies.ts';

/** GET /companies/{id}: what a product page shows about its maker; anyone may read it. */
export async function getCompanyProfile(deps: AppDeps, id: number) {
  const { companies } = deps.db.tables;
  const [row] = await deps.db.select().from(companies).where(eq(companies.id, id)).limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return toPublicCompany(row);
}

/** The column each sort orders by. */
const sortColumns = (companies: Tables['companies']): Record<CompanyListInput['sortBy'], AnyColumn> => ({
  name: companies.nameSort,
  createdAt: companies.createdAt,
  updatedAt: companies.updatedAt,
});

/** GET /companies/all: every company, for the site's administrators; sorted alike on both engines (decision 164). */
export async function listCompanies(deps: AppDeps, input: CompanyListInput) {
  const { companies } = deps.db.tables;
  const where = foldedContains(deps.store, [companies.name, companies.email], input.search);
  const [counted] = await deps.db.select({ n: count() }).from(companies).where(where);
  const total = counted?.n ?? 0;
  const direction = input.orderBy === 'desc' ? 'desc' : 'asc';
  const { limit, offset } = pageWindow(input.page, input.limit);
  const rows = await deps.db
    .select()
    .from(companies)
    .where(where)
    .orderBy(
      sortTerm(deps.store, sortColumns(companies)[input.sortBy], direction),
      sortTerm(deps.store, companies.id, direction),
    )
    .limit(limit)
    .offset(offset);
  return { companies: rows.map(toPublicCompany), total };
}
