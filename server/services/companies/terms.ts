import { and, count, eq, inArray } from 'drizzle-orm';
import type { TermKind } from '#server/db/schema/index.ts';
import { transaction } from '#server/db/transaction.ts';
import type { AppDeps } from '#server/deps.ts';
import { AppError } from '#server/errors.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import { TERM_MAX_COUNT } from '#shared/schemas/companies.ts';
import { compareVietnamese } from '#shared/sort-key.ts';

/**
 * The company whose lists a call works on: the caller's own (ctx.companyId) for company roles, the
 * requested one ignored; for SUPER_ADMIN (ctx.companyId null) the `companyId` it names, required.
 */
export async function termsCompany(
  deps: AppDeps,
  pinned: number | null,
  requested: number | undefined,
): Promise<number> {
  const { companies } = deps.db.tables;
  if (pinned !== null) return pinned;
  if (requested === undefined) {
    throw new AppError('BAD_REQUEST', vi.companies.companyIdRequired, {
      fields: { companyId: vi.companies.companyIdRequired },
    });
  }
  const [exists] = await deps.db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, requested))
    .limit(1);
  if (!exists) throw new AppError('NOT_FOUND', vi.companies.companyNotFound);
  return requested;
}

/** The company's values of one kind, in Vietnamese alphabetical order. */
export async function listTerms(deps: AppDeps, companyId: number, kind: TermKind): Promise<string[]> {
  const { companyTerms } = deps.db.tables;
  const rows = await deps.db
    .select({ value: companyTerms.value })
    .from(companyTerms)
    .where(and(eq(companyTerms.companyId, companyId), eq(companyTerms.kind, kind)));
  return rows.map((r) => r.value).sort(compareVietnamese);
}

/** Values that differ only in case are one value to a person ("Cà phê", "cà phê"): compared folded. */
const caseFold = (value: string) => value.normalize('NFC').toLocaleLowerCase('vi');

/** The field of a list's body, for the error that names the refused value. */
const FIELD_OF: Record<TermKind, string> = { category: 'categories', unit: 'units', tag: 'tags' };

/**
 * Adds the values not there yet and answers the whole list. A value already there exactly is skipped
 * (saving twice is harmless); one that differs from a listed value, or from another value of the same
 * call, only in case is refused (409, naming both), so a list never holds "Cà phê" and "cà phê".
 */
export async function upsertTerms(
  deps: AppDeps,
  companyId: number,
  kind: TermKind,
  values: string[],
): Promise<string[]> {
  const { companyTerms } = deps.db.tables;
  const wanted = [...new Set(values)];
  await transaction(deps.db, async (tx) => {
    const scope = and(eq(companyTerms.companyId, companyId), eq(companyTerms.kind, kind));
    const listed = await tx.select({ value: companyTerms.value }).from(companyTerms).where(scope);
    const existing = new Set(listed.map((r) => r.value));
    const byFold = new Map(listed.map((r) => [caseFold(r.value), r.value]));
    for (const value of wanted) {
      if (existing.has(value)) continue;
      const twin = byFold.get(caseFold(value));
      if (twin !== undefined) {
        const message = vi.companies.termCaseDuplicate(value, twin);
        throw new AppError('CONFLICT', message, { fields: { [FIELD_OF[kind]]: message } });
      }
      byFold.set(caseFold(value), value);
    }
    const added = wanted.filter((v) => !existing.has(v));
    if (!added.length) return;
    const [counted] = await tx.select({ n: count() }).from(companyTerms).where(scope);
    const held = counted?.n ?? 0;
    if (held + added.length > TERM_MAX_COUNT) {
      throw new AppError('BAD_REQUEST', vi.companies.tooManyTerms(TERM_MAX_COUNT));
    }
    await tx.insert(companyTerms).values(added.map((value) => ({ companyId, kind, value })));
  });
  return listTerms(deps, companyId, kind);
}

/**
 * Removes the values from the list and answers what is left. Products that use a removed value keep
 * it (their category, unit or tags are their own text); the list only feeds the forms' choices.
 */
export async function deleteTerms(
  deps: AppDeps,
  companyId: number,
  kind: TermKind,
  values: string[],
): Promise<string[]> {
  const { companyTerms } = deps.db.tables;
  await deps.db
    .delete(companyTerms)
    .where(
      and(
        eq(companyTerms.companyId, companyId),
        eq(companyTerms.kind, kind),
        inArray(companyTerms.value, values),
      ),
    );
  return listTerms(deps, companyId, kind);
}
