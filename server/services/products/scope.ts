import { vi } from '../../../shared/i18n/vi/index.ts';
import { AppError } from '../../errors.ts';

/**
 * The company a request may touch: a company role's own (a number), or `null` for SUPER_ADMIN, who
 * works across companies. It comes from companyProcedure, never from the input.
 */
export type CompanyScope = number | null;

/** A row of another company: 403 (the row exists, the caller is signed in but not its member). */
export function assertInScope(scope: CompanyScope, rowCompanyId: number): void {
  if (scope !== null && scope !== rowCompanyId) throw new AppError('FORBIDDEN', vi.products.otherCompany);
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
