/**
 * A company's text in the page's language (decision 211): `localize` (shared/translations.ts) with the page's
 * language and the languages the company publishes, said once for every public component.
 */
import { offeredLanguages, type TranslationLanguage } from '#shared/i18n/languages.ts';
import {
  type Localized,
  localize,
  localizeStep,
  type StepTranslations,
  type Translations,
} from '#shared/translations.ts';
import { useLanguage } from './language.tsx';

type Published = readonly TranslationLanguage[] | null | undefined;

/** A field of a row whose company publishes `published`, in the page's language. */
export function useLocalize(published: Published) {
  const lang = useLanguage();
  const offered = offeredLanguages(published);
  return <T extends Record<string, unknown>>(
    vietnamese: string | null | undefined,
    translations: Translations<T> | null | undefined,
    field: keyof T,
  ): Localized => localize(vietnamese, translations, field, lang, offered);
}

/** A timeline step's field, from its product's or lot's translations, in the page's language. */
export function useLocalizeStep(published: Published) {
  const lang = useLanguage();
  const offered = offeredLanguages(published);
  return (
    step: Parameters<typeof localizeStep>[0],
    translations: Translations<{ steps?: StepTranslations }> | null | undefined,
    field: Parameters<typeof localizeStep>[2],
  ): Localized => localizeStep(step, translations, field, lang, offered);
}
