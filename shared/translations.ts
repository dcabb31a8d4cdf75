/**
 * A company's content in other languages (issue 33, decision 210): what of a product, a lot, the company and
 * their timeline steps a company may translate, and how a page in a language picks each field: the
 * translation when there is one, else the Vietnamese text, marked as such ("(Tiếng Việt)" said in the
 * page's language). Each translated row keeps its translations in its own `translations` JSON column, keyed
 * by language; a timeline step's translation lives in its product's (or lot's) under `steps`, keyed by the
 * step's id, so a step has one row whatever the languages.
 */
import { offeredLanguages, type PublicLanguage, type TranslationLanguage } from '#shared/i18n/languages.ts';

/** A timeline step (a product's tracking entry or a lot's event): what a shopper reads of it. */
export const STEP_TRANSLATION_FIELDS = ['activity', 'location', 'description'] as const;
export type StepTranslation = Partial<Record<(typeof STEP_TRANSLATION_FIELDS)[number], string>>;

/** Steps by their id (as text: a JSON object's key). */
export type StepTranslations = Record<string, StepTranslation>;

/** A product's text fields (the public answer's keys: `shelf_life` as it answers it). */
export const PRODUCT_TRANSLATION_FIELDS = ['name', 'origin', 'category', 'unit', 'shelf_life'] as const;
export type ProductTranslation = Partial<Record<(typeof PRODUCT_TRANSLATION_FIELDS)[number], string>> & {
  tags?: string[];
  steps?: StepTranslations;
};

/** A lot's text a shopper reads: its unit and the reason of its recall, and its own steps. */
export const LOT_TRANSLATION_FIELDS = ['unit', 'recallReason'] as const;
export type LotTranslation = Partial<Record<(typeof LOT_TRANSLATION_FIELDS)[number], string>> & {
  steps?: StepTranslations;
};

/** The company's profile as its public page shows it. */
export const COMPANY_TRANSLATION_FIELDS = ['name', 'representative', 'address'] as const;
export type CompanyTranslation = Partial<Record<(typeof COMPANY_TRANSLATION_FIELDS)[number], string>>;

/** A row's translations by language; a language with nothing translated is absent. */
export type Translations<T> = Partial<Record<TranslationLanguage, T>>;

/** A field as a page in `lang` shows it: its text, and whether that text is the Vietnamese fallback. */
export interface Localized {
  text: string;
  /** True when the page is not Vietnamese and this field has no translation: the page marks it. */
  vietnamese: boolean;
}

/**
 * `field` of a row in `lang`: the translation when the language is published (`offered`) and the field has
 * one (non-empty), else the Vietnamese text. An empty Vietnamese text stays empty and unmarked.
 */
export function localize<T extends Record<string, unknown>>(
  vietnamese: string | null | undefined,
  translations: Translations<T> | null | undefined,
  field: keyof T,
  lang: PublicLanguage,
  offered: readonly PublicLanguage[],
): Localized {
  const source = vietnamese ?? '';
  if (lang === 'vi' || !offered.includes(lang)) return { text: source, vietnamese: lang !== 'vi' && source !== '' };
  const translated = translations?.[lang]?.[field];
  if (typeof translated === 'string' && translated.trim() !== '') return { text: translated, vietnamese: false };
  return { text: source, vietnamese: source !== '' };
}

/** A step's field in `lang`, from its product's or lot's translations (`steps`, by the step's id). */
export function localizeStep(
  step: { id: number } & Record<(typeof STEP_TRANSLATION_FIELDS)[number], string | null>,
  translations: Translations<{ steps?: StepTranslations }> | null | undefined,
  field: (typeof STEP_TRANSLATION_FIELDS)[number],
  lang: PublicLanguage,
  offered: readonly PublicLanguage[],
): Localized {
  const stepTranslations: Translations<StepTranslation> = {};
  for (const [language, translation] of Object.entries(translations ?? {}) as [
    TranslationLanguage,
    { steps?: StepTranslations } | undefined,
  ][]) {
    const own = translation?.steps?.[String(step.id)];
    if (own) stepTranslations[language] = own;
  }
  return localize(step[field], stepTranslations, field, lang, offered);
}

/** A row's name in `lang` (a page's title, a preview's), its company's published languages deciding. */
export const nameIn = (
  row: {
    name: string;
    translations?: Translations<{ name?: string }> | null;
    languages?: readonly TranslationLanguage[] | null;
  },
  lang: PublicLanguage,
): string => localize(row.name, row.translations, 'name', lang, offeredLanguages(row.languages)).text;
