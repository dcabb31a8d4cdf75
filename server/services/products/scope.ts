import { AppError } from '#server/errors.ts';
import { vi } from '#shared/i18n/vi/index.ts';

/**
 * The company a request may touch: a company role's own (a number), or `null` for SUPER_ADMIN, who
 * works across companies. It comes from companyProcedure, never from the input.
 */
export type CompanyScope = number | null;

/** Whether a row of `rowCompanyId` is visible to the scope. */
export const inCompanyScope = (scope: CompanyScope, rowCompanyId: number): boolean =>
  scope === null || scope === rowCompanyId;

/**
 * A company the caller NAMED (a filter, a creation's company) that is not its own: 403, whether or not
 * that company exists. A ROW of another company is not this: it answers like a missing one (404,
 * decision 083), see requireProductInScope.
 */
export function assertInScope(scope: CompanyScope, rowCompanyId: number): void {
  if (!inCompanyScope(scope, rowCompanyId)) throw new AppError('FORBIDDEN', vi.products.otherCompany);
}

/**
 * The company a filter or a creation names: SUPER_ADMIN picks any (or none); a company role may name
 * only its own, and naming another is refused rather than silently ignored.
 */
export function pickCompany(scope: CompanyScope, requested: number | undefined): number | null {
  if (scope === null) return requested ?? null;
  if (requested !== undefined) assertInScope(scope, requested);
  return scope;
}
