/**
 * The language of a shopper's page and its words (issue 33, decision 211): chosen once when the page
 * starts (choose-language.ts) and given to every public component through this context, never read from
 * a module. Without a provider (the workspace) the page speaks Vietnamese.
 */
import { createContext, type ReactNode, useContext } from 'react';
import type { PublicLanguage } from '#shared/i18n/languages.ts';
import { type PublicStrings, viPublic } from '#shared/i18n/public/vi.ts';

export interface PageLanguage {
  lang: PublicLanguage;
  strings: PublicStrings;
}

export const VIETNAMESE: PageLanguage = { lang: 'vi', strings: viPublic };

const LanguageContext = createContext<PageLanguage>(VIETNAMESE);

export function LanguageProvider({ language, children }: { language: PageLanguage; children: ReactNode }) {
  return <LanguageContext.Provider value={language}>{children}</LanguageContext.Provider>;
}

/** The page's language and its strings, as the page started with them. */
export const usePageLanguage = (): PageLanguage => useContext(LanguageContext);

/** The page's language ('vi', 'en' or 'zh-Hans'). */
export const useLanguage = (): PublicLanguage => useContext(LanguageContext).lang;

/** The page's public strings, in its language. */
export const usePublicStrings = (): PublicStrings => useContext(LanguageContext).strings;
