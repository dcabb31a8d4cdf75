/**
 * The language of a public page's answer (issue 33, decision 212), as the server chooses and tells it:
 * negotiateLanguage's order (shared/i18n/languages.ts: `?lang=`, the `lang` cookie, Accept-Language,
 * Vietnamese), the cookie that keeps a `?lang=` choice, `Vary` when the answer depends on the request's
 * headers, and `<html lang>` in the page sent. One module for every public path that sends HTML: the
 * dispatcher's kept pages (public-dispatcher.ts), the app's routes (public-routes.ts), the serial and
 * company pages, the plain light page (static-client.ts).
 *
 * A storm of phones on one printed code asks for the same kept page thousands of times a second, nearly all
 * of them Vietnamese visitors whose browser sends no `?lang=` and no cookie, and a handful of
 * Accept-Language headers between them: so a choice is one of a fixed set of objects (no object per
 * request), and a header already read is remembered (a bounded map, made with the chooser at start-up).
 */
import type { Context } from 'hono';
import { isSecureUrl } from '#server/edge/secure-cookie.ts';
import {
  DEFAULT_LANGUAGE,
  fromAcceptLanguage,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_S,
  LANGUAGE_PARAM,
  type LanguageSource,
  negotiateLanguage,
  PUBLIC_LANGUAGES,
  type PublicLanguage,
} from '#shared/i18n/languages.ts';

/** A request's language and what decided it: one of a fixed set, so a choice costs no allocation. */
export interface PageLanguage {
  readonly lang: PublicLanguage;
  readonly source: LanguageSource;
}

const SOURCES: readonly LanguageSource[] = ['param', 'cookie', 'header', 'default'];

const CHOICES = Object.fromEntries(
  SOURCES.map((source) => [
    source,
    Object.fromEntries(PUBLIC_LANGUAGES.map((lang) => [lang, Object.freeze({ lang, source })])),
  ]),
) as Record<LanguageSource, Record<PublicLanguage, PageLanguage>>;

/** Every choice there is: the dispatcher makes each one's headers once, at start-up. */
export const PAGE_LANGUAGES: readonly PageLanguage[] = SOURCES.flatMap((source) =>
  PUBLIC_LANGUAGES.map((lang) => CHOICES[source][lang]),
);

/** Vietnamese by default: what a visitor without a preference gets. */
export const DEFAULT_PAGE_LANGUAGE = CHOICES.default[DEFAULT_LANGUAGE];

const COOKIE_NAME = `${LANGUAGE_COOKIE}=`;
const PARAM_NAME = `${LANGUAGE_PARAM}=`;

/**
 * The `lang` cookie's value in a Cookie header, or undefined. No allocation unless the header has one: a
 * Vietnamese visitor's header (a session, a browser id) is only searched.
 */
export function languageCookie(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const name = COOKIE_NAME;
  let at = header.indexOf(name);
  while (at >= 0) {
    // A cookie's name starts the header or follows `;` (and spaces): `xlang=` is another cookie.
    let before = at - 1;
    while (before >= 0 && header.charCodeAt(before) === 32) before--;
    if (before < 0 || header.charCodeAt(before) === 59) {
      const start = at + name.length;
      const end = header.indexOf(';', start);
      return header.slice(start, end < 0 ? undefined : end).trim();
    }
    at = header.indexOf(name, at + 1);
  }
  return undefined;
}

/** Accept-Language headers remembered (each to its language); past this the map starts again. */
const REMEMBERED_HEADERS = 256;
/** Longer headers are read each time (fromAcceptLanguage reads no further), never kept. */
const REMEMBERED_HEADER_MAX = 512;

/**
 * A request's language by negotiateLanguage's order, as one of PAGE_LANGUAGES: its `?lang=`, its Cookie
 * header and its Accept-Language. `fromHeader` reads the last (the dispatcher's remembers what it read).
 */
export function chooseLanguage(
  param: string | undefined,
  cookieHeader: string | undefined,
  acceptLanguage: string | undefined,
  fromHeader: (header: string) => PublicLanguage | null = fromAcceptLanguage,
): PageLanguage {
  const cookie = languageCookie(cookieHeader);
  if (param === undefined && cookie === undefined) {
    const lang = acceptLanguage ? fromHeader(acceptLanguage) : null;
    return lang ? CHOICES.header[lang] : DEFAULT_PAGE_LANGUAGE;
  }
  const { lang, source } = negotiateLanguage({ param, cookie, acceptLanguage });
  return CHOICES[source][lang];
}

/** chooseLanguage with the Accept-Language headers it read remembered: made once, at start-up. */
export type LanguageChooser = (
  param: string | undefined,
  cookieHeader: string | undefined,
  acceptLanguage: string | undefined,
) => PageLanguage;

export function createLanguageChooser(): LanguageChooser {
  const headers = new Map<string, PublicLanguage | null>();
  const fromHeader = (header: string): PublicLanguage | null => {
    const known = headers.get(header);
    if (known !== undefined) return known;
    const lang = fromAcceptLanguage(header);
    if (header.length <= REMEMBERED_HEADER_MAX) {
      if (headers.size >= REMEMBERED_HEADERS) headers.clear();
      headers.set(header, lang);
    }
    return lang;
  };
  return (param, cookieHeader, acceptLanguage) =>
    chooseLanguage(param, cookieHeader, acceptLanguage, fromHeader);
}

/** The language of a request the app answers (not the hot path: the dispatcher answers those). */
export const requestLanguage = (c: Context): PageLanguage =>
  chooseLanguage(c.req.query(LANGUAGE_PARAM), c.req.header('cookie'), c.req.header('accept-language'));

/** A page's own headers with its language's added (languageHeaders), for an answer on `publicUrl`. */
export const withLanguageHeaders = (
  headers: Record<string, string>,
  choice: PageLanguage,
  publicUrl: string,
): Record<string, string> => ({
  ...headers,
  ...languageHeaders(choice, { vary: headers.vary, secure: isSecureUrl(publicUrl) }),
});

/** The language's headers on the app's answer. */
export function setLanguageHeaders(c: Context, choice: PageLanguage, publicUrl: string): void {
  for (const [name, value] of Object.entries(withLanguageHeaders({}, choice, publicUrl)))
    c.header(name, value);
}

/** The `?lang=` of a request's query string (after the `?`), or undefined; nothing parsed when it has none. */
export function languageParam(query: string): string | undefined {
  if (!query.includes(PARAM_NAME)) return undefined;
  return new URLSearchParams(query).get(LANGUAGE_PARAM) ?? undefined;
}

/**
 * The headers a page in a language adds: `Vary` when the answer depends on the request's headers (the
 * cookie or Accept-Language decided, or nothing did: another header would have), and the cookie that keeps
 * a `?lang=` choice (Secure when the public address is https). `vary` is the page's own Vary, the language's
 * headers added to it.
 */
export function languageHeaders(
  choice: PageLanguage,
  options: { vary?: string; secure: boolean },
): Record<string, string> {
  const own = options.vary ? `${options.vary}, ` : '';
  if (choice.source !== 'param') return { vary: `${own}Accept-Language, Cookie` };
  const cookie =
    `${LANGUAGE_COOKIE}=${choice.lang}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_S}; SameSite=Lax` +
    (options.secure ? '; Secure' : '');
  return { ...(options.vary ? { vary: options.vary } : {}), 'set-cookie': cookie };
}

/**
 * The page's `<html lang>`: the client's pages are written in Vietnamese (`lang="vi"`); a page in another
 * language says so. A Vietnamese page is the template itself.
 */
export function withHtmlLang(html: string, lang: PublicLanguage): string {
  if (lang === DEFAULT_LANGUAGE && html.includes(`<html lang="${lang}"`)) return html;
  return /<html\b[^>]*\blang="[^"]*"/.test(html)
    ? html.replace(/(<html\b[^>]*\blang=")[^"]*"/, (_, open: string) => `${open}${lang}"`)
    : html.replace(/<html\b/, () => `<html lang="${lang}"`);
}
