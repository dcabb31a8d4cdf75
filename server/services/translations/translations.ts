import { eq, inArray, type SQL } from 'drizzle-orm';
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
  Translations,
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

/** The new value of a row's `translations`: the language set to the kept translation, or removed. */
function translationsWith(
  deps: AppDeps,
  column: Parameters<typeof jsonWithKey>[1],
  lang: TranslationLanguage,
  kept: object | null,
) {
  return kept ? jsonWithKey(deps.store, column, lang, kept) : jsonWithoutKey(deps.store, column, lang);
}

type Column = Parameters<typeof jsonWithKey>[1];

/**
 * A kind of translated row, as this module uses it: the row in the caller's scope (another company's is 404),
 * its `translations` column written by one UPDATE, the answer a write returns, and which of some step ids are
 * the row's own (a company has no steps). The three kinds share every operation below.
 */
interface TranslatedKind<T, Answer> {
  require(db: Executor, scope: CompanyScope, id: number): Promise<{ id: number; translations: Translations<T> }>;
  write(deps: AppDeps, id: number, value: (column: Column) => SQL): Promise<unknown>;
  answer(deps: AppDeps, scope: CompanyScope, id: number): Promise<Answer>;
  ownSteps?(db: Executor, rowId: number, ids: number[]): Promise<number[]>;
}

const PRODUCT: TranslatedKind<ProductTranslation, Awaited<ReturnType<typeof getProduct>>> = {
  require: requireProductInScope,
  write: ({ db }, id, value) => {
    const { products } = db.tables;
    return db.update(products).set({ translations: value(products.translations) }).where(eq(products.id, id));
  },
  answer: getProduct,
  async ownSteps(db, productId, ids) {
    const { trackingEntries } = db.tables;
    const rows = await db
      .select({ id: trackingEntries.id, rowId: trackingEntries.productId })
      .from(trackingEntries)
      .where(inArray(trackingEntries.id, ids));
    return rows.filter((r) => r.rowId === productId).map((r) => r.id);
  },
};

const LOT: TranslatedKind<LotTranslation, Awaited<ReturnType<typeof getLot>>> = {
  require: requireLotInScope,
  write: ({ db }, id, value) => {
    const { lots } = db.tables;
    return db.update(lots).set({ translations: value(lots.translations) }).where(eq(lots.id, id));
  },
  answer: getLot,
  async ownSteps(db, lotId, ids) {
    const { lotEvents } = db.tables;
    const rows = await db
      .select({ id: lotEvents.id, rowId: lotEvents.lotId })
      .from(lotEvents)
      .where(inArray(lotEvents.id, ids));
    return rows.filter((r) => r.rowId === lotId).map((r) => r.id);
  },
};

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

const COMPANY: TranslatedKind<CompanyTranslation, Awaited<ReturnType<typeof getCompanyProfile>>> = {
  require: requireCompanyInScope,
  write: ({ db }, id, value) => {
    const { companies } = db.tables;
    return db
      .update(companies)
      .set({ translations: value(companies.translations) })
      .where(eq(companies.id, id));
  },
  answer: (deps, _scope, id) => getCompanyProfile(deps, id),
};

/** PUT …/translations/{lang}: that language of the row replaced (its steps checked to be its own); the row's answer. */
async function putTranslation<T extends Record<string, unknown> & { steps?: StepTranslations }, A>(
  kind: TranslatedKind<T, A>,
  deps: AppDeps,
  scope: CompanyScope,
  input: { id: number; lang: TranslationLanguage; translation: T },
): Promise<A> {
  const row = await kind.require(deps.db, scope, input.id);
  const kept = compactTranslation<T>(input.translation);
  const named = Object.keys(kept?.steps ?? {}).map(Number);
  if (named.length) assertOwnSteps(kept?.steps, (await kind.ownSteps?.(deps.db, row.id, named)) ?? []);
  await kind.write(deps, row.id, (column) => translationsWith(deps, column, input.lang, kept));
  return kind.answer(deps, scope, row.id);
}

/** DELETE …/translations/{lang}: the row's answer without that language. */
async function deleteTranslation<T, A>(
  kind: TranslatedKind<T, A>,
  deps: AppDeps,
  scope: CompanyScope,
  input: TranslationKeyInput,
): Promise<A> {
  const row = await kind.require(deps.db, scope, input.id);
  await kind.write(deps, row.id, (column) => jsonWithoutKey(deps.store, column, input.lang));
  return kind.answer(deps, scope, row.id);
}

/** GET …/translations/{lang}: that language's translation, `{}` when there is none. */
async function getTranslation<T, A>(
  kind: TranslatedKind<T, A>,
  deps: AppDeps,
  scope: CompanyScope,
  input: TranslationKeyInput,
): Promise<T | Record<string, never>> {
  const row = await kind.require(deps.db, scope, input.id);
  return row.translations[input.lang] ?? {};
}

export const putProductTranslation = (deps: AppDeps, scope: CompanyScope, input: PutProductTranslationInput) =>
  putTranslation(PRODUCT, deps, scope, input);
export const deleteProductTranslation = (deps: AppDeps, scope: CompanyScope, input: TranslationKeyInput) =>
  deleteTranslation(PRODUCT, deps, scope, input);
export const getProductTranslation = (deps: AppDeps, scope: CompanyScope, input: TranslationKeyInput) =>
  getTranslation(PRODUCT, deps, scope, input);

export const putLotTranslation = (deps: AppDeps, scope: CompanyScope, input: PutLotTranslationInput) =>
  putTranslation(LOT, deps, scope, input);
export const deleteLotTranslation = (deps: AppDeps, scope: CompanyScope, input: TranslationKeyInput) =>
  deleteTranslation(LOT, deps, scope, input);
export const getLotTranslation = (deps: AppDeps, scope: CompanyScope, input: TranslationKeyInput) =>
  getTranslation(LOT, deps, scope, input);

export const putCompanyTranslation = (deps: AppDeps, scope: CompanyScope, input: PutCompanyTranslationInput) =>
  putTranslation(COMPANY, deps, scope, input);
export const deleteCompanyTranslation = (deps: AppDeps, scope: CompanyScope, input: TranslationKeyInput) =>
  deleteTranslation(COMPANY, deps, scope, input);
export const getCompanyTranslation = (deps: AppDeps, scope: CompanyScope, input: TranslationKeyInput) =>
  getTranslation(COMPANY, deps, scope, input);

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
