import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { jsonWithKey, jsonWithoutKey } from '#server/db/json-keys.ts';
import type { AppDeps } from '#server/deps.ts';
import { AppError } from '#server/errors.ts';
import { getCompanyProfile } from '#server/services/companies/profile.ts';
import { getLot, requireLotInScope } from '#server/services/lots/read.ts';
import { getProduct, requireProductInScope } from '#server/services/products/read.ts';
import { type CompanyScope, inCompanyScope } from '#server/services/products/scope.ts';
import { TRANSLATION_LANGUAGES, type TranslationLanguage } from '#shared/i18n/languages.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import type {
  PutCompanyTranslationInput,
  PutLotTranslationInput,
  PutProductTranslationInput,
  SetLanguagesInput,
  TranslationKeyInput,
} from '#shared/schemas/translations.ts';
import type {
  CompanyTranslation,
  LotTranslation,
  ProductTranslation,
  StepTranslations,
} from '#shared/translations.ts';

/**
 * A company's content in other languages (decision 210): one language of a product, a lot or the company
 * replaced, removed or read. Each row keeps its translations in its own `translations` column, keyed by
 * language; a save writes its language's key in the UPDATE itself (server/db/json-keys.ts), so saving the
 * English and the Chinese of one row at once keeps both. A save moves the row's `updated_at` on, not its
 * `version`: a translation is not the Vietnamese form an editor holds, and must not make its next save a
 * conflict. The change feed sees the write as any other of the row, so the public answers show it at once.
 */

/**
 * A translation as it is kept: empty fields, tags and steps dropped, so an absent field means "not
 * translated" (the page then shows the Vietnamese, marked). Null when nothing is left.
 */
export function compactTranslation<T extends Record<string, unknown>>(translation: T): T | null {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(translation)) {
    if (typeof value === 'string') {
      if (value.trim() !== '') kept[key] = value.trim();
    } else if (Array.isArray(value)) {
      const items = value.map((v) => String(v).trim()).filter((v) => v !== '');
      if (items.length) kept[key] = items;
    } else if (value && typeof value === 'object') {
      const steps: StepTranslations = {};
      for (const [id, step] of Object.entries(value as StepTranslations)) {
        const own = compactTranslation(step);
        if (own) steps[id] = own;
      }
      if (Object.keys(steps).length) kept[key] = steps;
    }
  }
  return Object.keys(kept).length ? (kept as T) : null;
}

/** A step id the translation names that is not one of the row's steps: 400, naming it. */
function assertOwnSteps(named: StepTranslations | undefined, own: readonly number[]): void {
  if (!named) return;
  const ids = new Set(own.map(String));
  for (const id of Object.keys(named)) {
    if (!ids.has(id)) {
      const message = vi.translations.unknownStep(id);
      throw new AppError('BAD_REQUEST', message, { fields: { [`translation.steps.${id}`]: message } });
    }
  }
}

/** The ids among `named` that are steps of the product's timeline. */
async function productStepIds(db: Executor, productId: number, named: StepTranslations | undefined) {
  const ids = Object.keys(named ?? {}).map(Number);
  if (!ids.length) return [];
  const { trackingEntries } = db.tables;
  const rows = await db
    .select({ id: trackingEntries.id, productId: trackingEntries.productId })
    .from(trackingEntries)
    .where(inArray(trackingEntries.id, ids));
  return rows.filter((r) => r.productId === productId).map((r) => r.id);
}

async function lotStepIds(db: Executor, lotId: number, named: StepTranslations | undefined) {
  const ids = Object.keys(named ?? {}).map(Number);
  if (!ids.length) return [];
  const { lotEvents } = db.tables;
  const rows = await db
    .select({ id: lotEvents.id, lotId: lotEvents.lotId })
    .from(lotEvents)
    .where(inArray(lotEvents.id, ids));
  return rows.filter((r) => r.lotId === lotId).map((r) => r.id);
}

/** The new value of a row's `translations`: the language set to the kept translation, or removed. */
function translationsWith(
  deps: AppDeps,
  column: Parameters<typeof jsonWithKey>[1],
  lang: TranslationLanguage,
  kept: object | null,
) {
  return kept ? jsonWithKey(deps.store, column, lang, kept) : jsonWithoutKey(deps.store, column, lang);
}

/** PUT /products/{id}/translations/{lang}: that language of the product replaced; the product answer. */
export async function putProductTranslation(
  deps: AppDeps,
  scope: CompanyScope,
  input: PutProductTranslationInput,
) {
  const { products } = deps.db.tables;
  const row = await requireProductInScope(deps.db, scope, input.id);
  const kept = compactTranslation<ProductTranslation>(input.translation);
  assertOwnSteps(kept?.steps, await productStepIds(deps.db, row.id, kept?.steps));
  await deps.db
    .update(products)
    .set({ translations: translationsWith(deps, products.translations, input.lang, kept) })
    .where(eq(products.id, row.id));
  return getProduct(deps, scope, row.id);
}

/** DELETE /products/{id}/translations/{lang}: the product answer without that language. */
export async function deleteProductTranslation(
  deps: AppDeps,
  scope: CompanyScope,
  input: TranslationKeyInput,
) {
  const { products } = deps.db.tables;
  const row = await requireProductInScope(deps.db, scope, input.id);
  await deps.db
    .update(products)
    .set({ translations: jsonWithoutKey(deps.store, products.translations, input.lang) })
    .where(eq(products.id, row.id));
  return getProduct(deps, scope, row.id);
}

/** GET /products/{id}/translations/{lang}: that language's translation, `{}` when there is none. */
export async function getProductTranslation(
  deps: AppDeps,
  scope: CompanyScope,
  input: TranslationKeyInput,
): Promise<ProductTranslation> {
  const row = await requireProductInScope(deps.db, scope, input.id);
  return row.translations[input.lang] ?? {};
}

/** PUT /lots/{id}/translations/{lang}: that language of the lot replaced; the lot answer. */
export async function putLotTranslation(deps: AppDeps, scope: CompanyScope, input: PutLotTranslationInput) {
  const { lots } = deps.db.tables;
  const row = await requireLotInScope(deps.db, scope, input.id);
  const kept = compactTranslation<LotTranslation>(input.translation);
  assertOwnSteps(kept?.steps, await lotStepIds(deps.db, row.id, kept?.steps));
  await deps.db
    .update(lots)
    .set({ translations: translationsWith(deps, lots.translations, input.lang, kept) })
    .where(eq(lots.id, row.id));
  return getLot(deps, scope, row.id);
}

export async function deleteLotTranslation(deps: AppDeps, scope: CompanyScope, input: TranslationKeyInput) {
  const { lots } = deps.db.tables;
  const row = await requireLotInScope(deps.db, scope, input.id);
  await deps.db
    .update(lots)
    .set({ translations: jsonWithoutKey(deps.store, lots.translations, input.lang) })
    .where(eq(lots.id, row.id));
  return getLot(deps, scope, row.id);
}

export async function getLotTranslation(
  deps: AppDeps,
  scope: CompanyScope,
  input: TranslationKeyInput,
): Promise<LotTranslation> {
  const row = await requireLotInScope(deps.db, scope, input.id);
  return row.translations[input.lang] ?? {};
}

/**
 * The company a caller may translate: its own (a company role), any (SUPER_ADMIN). Another company answers
 * like a missing one (404), as another company's product does (decision 083).
 */
async function requireCompanyInScope(db: Executor, scope: CompanyScope, id: number) {
  const { companies } = db.tables;
  const [row] = await db
    .select({ id: companies.id, translations: companies.translations })
    .from(companies)
    .where(eq(companies.id, id))
    .limit(1);
  if (!row || !inCompanyScope(scope, row.id))
    throw new AppError('NOT_FOUND', vi.translations.companyNotFound);
  return row;
}

/** PUT /companies/{id}/translations/{lang}: that language of the profile replaced; the company answer. */
export async function putCompanyTranslation(
  deps: AppDeps,
  scope: CompanyScope,
  input: PutCompanyTranslationInput,
) {
  const { companies } = deps.db.tables;
  const row = await requireCompanyInScope(deps.db, scope, input.id);
  const kept = compactTranslation<CompanyTranslation>(input.translation);
  await deps.db
    .update(companies)
    .set({ translations: translationsWith(deps, companies.translations, input.lang, kept) })
    .where(eq(companies.id, row.id));
  return getCompanyProfile(deps, row.id);
}

export async function deleteCompanyTranslation(
  deps: AppDeps,
  scope: CompanyScope,
  input: TranslationKeyInput,
) {
  const { companies } = deps.db.tables;
  const row = await requireCompanyInScope(deps.db, scope, input.id);
  await deps.db
    .update(companies)
    .set({ translations: jsonWithoutKey(deps.store, companies.translations, input.lang) })
    .where(eq(companies.id, row.id));
  return getCompanyProfile(deps, row.id);
}

export async function getCompanyTranslation(
  deps: AppDeps,
  scope: CompanyScope,
  input: TranslationKeyInput,
): Promise<CompanyTranslation> {
  const row = await requireCompanyInScope(deps.db, scope, input.id);
  return row.translations[input.lang] ?? {};
}

/**
 * PUT /companies/{id}/languages: the languages the company's pages are offered in besides Vietnamese, kept
 * in TRANSLATION_LANGUAGES' order whatever order they came in; the company answer.
 */
export async function setCompanyLanguages(deps: AppDeps, scope: CompanyScope, input: SetLanguagesInput) {
  const { companies } = deps.db.tables;
  const row = await requireCompanyInScope(deps.db, scope, input.id);
  const languages = TRANSLATION_LANGUAGES.filter((lang) => input.languages.includes(lang));
  await deps.db.update(companies).set({ languages }).where(eq(companies.id, row.id));
  return getCompanyProfile(deps, row.id);
}
