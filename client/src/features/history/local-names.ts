/**
 * The names a visitor's history keeps of a scan in the languages its company publishes (issue 33): the phone's
 * list is read without the network, so the product's and the company's translated names are kept with the
 * entry when the scan resolves, and the list shows them in the page's language; a name without a translation
 * is the Vietnamese one, marked (LocalText). A signed-in account's history is the workspace's, in Vietnamese
 * (decision 229).
 */
import {
  offeredLanguages,
  type PublicLanguage,
  TRANSLATION_LANGUAGES,
  type TranslationLanguage,
} from '#shared/i18n/languages.ts';
import { type Localized, localize } from '#shared/translations.ts';
import type { PublicProduct } from '#client/features/public/types.ts';

export type LocalNames = Partial<Record<TranslationLanguage, { name?: string; companyName?: string }>>;

/** The translated names of a resolved product, for each language its company publishes (none: undefined). */
export function localNamesOf(
  product: Pick<PublicProduct, 'name' | 'translations' | 'company'>,
): LocalNames | undefined {
  const offered = offeredLanguages(product.company.languages);
  const names: LocalNames = {};
  for (const lang of TRANSLATION_LANGUAGES) {
    const name = localize(product.name, product.translations, 'name', lang, offered);
    const company = localize(product.company.name, product.company.translations, 'name', lang, offered);
    const entry = {
      ...(name.vietnamese ? {} : { name: name.text }),
      ...(company.vietnamese ? {} : { companyName: company.text }),
    };
    if (entry.name !== undefined || entry.companyName !== undefined) names[lang] = entry;
  }
  return Object.keys(names).length ? names : undefined;
}

const text = (v: unknown) => v === undefined || (typeof v === 'string' && v.length <= 500);

/** Whether a kept value is a `LocalNames` (the phone's storage is read, not trusted). */
export function isLocalNames(v: unknown): v is LocalNames {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return false;
  return Object.entries(v).every(
    ([lang, names]) =>
      (TRANSLATION_LANGUAGES as readonly string[]).includes(lang) &&
      !!names &&
      typeof names === 'object' &&
      text((names as Record<string, unknown>).name) &&
      text((names as Record<string, unknown>).companyName),
  );
}

/** An entry's names in `lang`: the kept translation, else the Vietnamese name (marked on a foreign page), by localize's rule. */
export function namesIn(
  entry: { name: string; companyName: string; names?: LocalNames },
  lang: PublicLanguage,
): { name: Localized; companyName: Localized } {
  const kept = lang === 'vi' ? undefined : entry.names?.[lang];
  // The kept names are this language's translation, and the entry was kept for a company that published it.
  const translations = kept && lang !== 'vi' ? { [lang]: kept } : undefined;
  const offered = [lang];
  return {
    name: localize(entry.name, translations, 'name', lang, offered),
    companyName: localize(entry.companyName, translations, 'companyName', lang, offered),
  };
}
