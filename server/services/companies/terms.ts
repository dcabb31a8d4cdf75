import { and, count, eq, inArray } from 'drizzle-orm';
import { vi } from '../../../shared/i18n/vi/index.ts';
import { compareVietnamese } from '../../../shared/sort-key.ts';
import { TERM_MAX_COUNT } from '../../../shared/schemas/companies.ts';
import { companies, companyTerms, type TermKind } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../errors.ts';

/**
 * The company whose lists a call works on: the caller's own (ctx.companyId) for company roles, the
 * requested one ignored; for SUPER_ADMIN (ctx.companyId null) the `companyId` it names, required.
 */
export function termsCompany(deps: AppDeps, pinned: number | null, requested: number | undefined): number {
  if (pinned !== null) return pinned;
  if (requested === undefined) {
    throw new AppError('BAD_REQUEST', vi.companies.companyIdRequired, {
      fields: { companyId: vi.companies.companyIdRequired },
    });
  }
  const exists = deps.db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, requested))
    .get();
  if (!exists) throw new AppError('NOT_FOUND', vi.companies.companyNotFound);
  return requested;
}

/** The company's values of one kind, in Vietnamese alphabetical order. */
export function listTerms(deps: AppDeps, companyId: number, kind: TermKind): string[] {
  return deps.db
    .select({ value: companyTerms.value })
    .from(companyTerms)
    .where(and(eq(companyTerms.companyId, companyId), eq(companyTerms.kind, kind)))
    .all()
    .map((r) => r.value)
    .sort(compareVietnamese);
}

/** Adds the values not there yet (duplicates are skipped) and answers the whole list. */
export function upsertTerms(deps: AppDeps, companyId: number, kind: TermKind, values: string[]): string[] {
  const wanted = [...new Set(values)];
  deps.db.transaction((tx) => {
    const scope = and(eq(companyTerms.companyId, companyId), eq(companyTerms.kind, kind));
    const existing = new Set(
      tx
        .select({ value: companyTerms.value })
        .from(companyTerms)
        .where(and(scope, inArray(companyTerms.value, wanted)))
        .all()
        .map((r) => r.value),
    );
    const added = wanted.filter((v) => !existing.has(v));
    if (!added.length) return;
    const held = tx.select({ n: count() }).from(companyTerms).where(scope).get()?.n ?? 0;
    if (held + added.length > TERM_MAX_COUNT) {
      throw new AppError('BAD_REQUEST', vi.companies.tooManyTerms(TERM_MAX_COUNT));
    }
    tx.insert(companyTerms)
      .values(added.map((value) => ({ companyId, kind, value })))
      .run();
  });
  return listTerms(deps, companyId, kind);
}

/**
 * Removes the values from the list and answers what is left. Products that use a removed value keep
 * it (their category, unit or tags are their own text); the list only feeds the forms' choices.
 */
export function deleteTerms(deps: AppDeps, companyId: number, kind: TermKind, values: string[]): string[] {
  deps.db
    .delete(companyTerms)
    .where(
      and(
        eq(companyTerms.companyId, companyId),
        eq(companyTerms.kind, kind),
        inArray(companyTerms.value, values),
      ),
    )
    .run();
  return listTerms(deps, companyId, kind);
}
