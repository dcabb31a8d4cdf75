/**
 * The languages a shopper may read this page in (decision 211): links to the same address with `?lang=`,
 * each language named in itself, the current one marked. A link loads the page anew, so the server keeps
 * the choice in its cookie and answers in that language. On a company's pages, only the languages it
 * publishes (offeredLanguages); elsewhere all three.
 */
import { useSearch } from 'wouter';
import {
  LANGUAGE_NAMES,
  LANGUAGE_PARAM,
  offeredLanguages,
  PUBLIC_LANGUAGES,
  type PublicLanguage,
  type TranslationLanguage,
} from '#shared/i18n/languages.ts';
import { useLanguage, usePublicStrings } from './language.tsx';

/** The page's address with `?lang=` set to `lang`, its path and other parameters kept (a relative link). */
export function languageHref(search: string, lang: PublicLanguage): string {
  const params = new URLSearchParams(search);
  params.set(LANGUAGE_PARAM, lang);
  return `?${params.toString()}`;
}

export function LanguageSwitcher({
  languages,
}: {
  /** The company's published languages; absent on a page that is no company's: all three. */
  languages?: readonly TranslationLanguage[] | null;
}) {
  const lang = useLanguage();
  const label = usePublicStrings().languageLabel;
  const search = useSearch();
  const offered: readonly PublicLanguage[] =
    languages === undefined ? PUBLIC_LANGUAGES : offeredLanguages(languages);
  if (offered.length < 2) return null;
  return (
    <nav
      aria-label={label}
      className="flex flex-wrap items-center justify-end gap-1 text-sm"
      data-testid="language-switcher"
    >
      {offered.map((code) => (
        <a
          key={code}
          href={languageHref(search, code)}
          hrefLang={code}
          lang={code}
          aria-current={code === lang ? 'true' : undefined}
          className={
            code === lang
              ? 'rounded-md px-2 py-1 font-semibold text-ink underline'
              : 'rounded-md px-2 py-1 text-primary hover:underline'
          }
        >
          {LANGUAGE_NAMES[code]}
        </a>
      ))}
    </nav>
  );
}
