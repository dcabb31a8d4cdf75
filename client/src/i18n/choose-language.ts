/**
 * Which language a page in the browser speaks, and its words (decision 211). The server says it in
 * `<html lang>` (it chose from `?lang=`, the cookie and Accept-Language); a page the server did not write
 * chooses the same way itself. Only the chosen language's strings are loaded: each language is a chunk of
 * its own, so a page in English downloads neither Vietnamese's nor Chinese's.
 */
import {
  LANGUAGE_COOKIE,
  LANGUAGE_PARAM,
  negotiateLanguage,
  type PublicLanguage,
  parseLanguage,
} from '#shared/i18n/languages.ts';
import type { PublicStrings } from '#shared/i18n/public/vi.ts';
import type { PageLanguage } from './language.tsx';

/** The value of a cookie in `document.cookie`'s text. */
function cookieValue(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return null;
}

/** The page's language: `<html lang>` as the server wrote it, else negotiated from the address, the cookie and the browser. */
export function chooseLanguage(env: {
  documentLang: string;
  search: string;
  cookies: string;
  languages: readonly string[];
}): PublicLanguage {
  const fromServer = parseLanguage(env.documentLang);
  if (fromServer) return fromServer;
  return negotiateLanguage({
    param: new URLSearchParams(env.search).get(LANGUAGE_PARAM),
    cookie: cookieValue(env.cookies, LANGUAGE_COOKIE),
    acceptLanguage: env.languages.join(','),
  }).lang;
}

/** The language from the browser's own state, `documentLang` first when the server wrote one. */
const fromBrowser = (documentLang: string): PublicLanguage =>
  chooseLanguage({
    documentLang,
    search: window.location.search,
    cookies: document.cookie,
    languages: navigator.languages ?? [navigator.language],
  });

/** This document's language: the light page's, whose `<html lang>` the server wrote. */
export const documentLanguage = (): PublicLanguage => fromBrowser(document.documentElement.lang);

/**
 * The app's language for a shopper's pages (the scanner, the error pages, '/' before sign-in): index.html is
 * the same file for every visitor, so its `lang` is only a default; negotiated as the server negotiates.
 */
export const appLanguage = (): PublicLanguage => fromBrowser('');

/** One language's strings, loaded alone. */
export function loadPublicStrings(lang: PublicLanguage): Promise<PublicStrings> {
  switch (lang) {
    case 'en':
      return import('#shared/i18n/public/en.ts').then((m) => m.en);
    case 'zh-Hans':
      return import('#shared/i18n/public/zh-Hans.ts').then((m) => m.zhHans);
    case 'vi':
      return import('#shared/i18n/public/vi.ts').then((m) => m.viPublic);
  }
}

/** The page's language and its strings, before the first render. */
export const loadPageLanguage = async (lang: PublicLanguage = documentLanguage()): Promise<PageLanguage> => ({
  lang,
  strings: await loadPublicStrings(lang),
});
