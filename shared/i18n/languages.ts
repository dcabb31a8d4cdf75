/**
 * The languages a shopper's pages speak (issue 33, decision 210): Vietnamese, the default and the language of
 * the workspace, English and Simplified Chinese. How a request's language is chosen, said once for the
 * server (server-rendered pages, the linkset) and the browser (the app's public pages): the `?lang=`
 * parameter (which the server keeps in a cookie), else that cookie, else the browser's Accept-Language,
 * else Vietnamese.
 */

export const PUBLIC_LANGUAGES = ['vi', 'en', 'zh-Hans'] as const;
export type PublicLanguage = (typeof PUBLIC_LANGUAGES)[number];

/** The languages a company translates its content into: every public language but Vietnamese, its source. */
export const TRANSLATION_LANGUAGES = ['en', 'zh-Hans'] as const;
export type TranslationLanguage = (typeof TRANSLATION_LANGUAGES)[number];

export const DEFAULT_LANGUAGE: PublicLanguage = 'vi';

/** The query parameter that chooses a language, and the cookie that keeps the choice (a year). */
export const LANGUAGE_PARAM = 'lang';
export const LANGUAGE_COOKIE = 'lang';
export const LANGUAGE_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

/** Each language's name in itself, as the switcher shows it. */
export const LANGUAGE_NAMES: Record<PublicLanguage, string> = {
  vi: 'Tiếng Việt',
  en: 'English',
  'zh-Hans': '简体中文',
};

/** `og:locale` of a page in each language. */
export const OG_LOCALES: Record<PublicLanguage, string> = { vi: 'vi_VN', en: 'en_US', 'zh-Hans': 'zh_CN' };

/** The suffix of an import file's column in each translation language (`name_en`, `name_zh`). */
export const IMPORT_COLUMN_SUFFIXES: Record<TranslationLanguage, string> = { en: 'en', 'zh-Hans': 'zh' };

export const isTranslationLanguage = (lang: PublicLanguage): lang is TranslationLanguage => lang !== 'vi';

/**
 * A language tag as a person or a browser writes it, to one of ours: `en`, `en-GB` → en; `zh`, `zh-CN`,
 * `zh-Hans-SG`, and also `zh-TW`/`zh-Hant` → zh-Hans (a reader of Traditional Chinese reads Simplified far
 * better than Vietnamese); `vi`, `vi-VN` → vi. Anything else (or nothing) → null.
 */
export function parseLanguage(tag: string | null | undefined): PublicLanguage | null {
  if (!tag) return null;
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  if (primary === 'vi') return 'vi';
  if (primary === 'en') return 'en';
  if (primary === 'zh') return 'zh-Hans';
  return null;
}

/** Bounds on reading an Accept-Language header: what a browser sends fits well within them. */
const ACCEPT_LANGUAGE_MAX_CHARS = 512;
const ACCEPT_LANGUAGE_MAX_ENTRIES = 32;

/**
 * The browser's most preferred language that is one of ours, by the header's q-values (ties keep the header's
 * order); null when it names none of them. `q=0` means "not this one". Work is bounded: the header is read
 * to its first 512 characters and 32 entries.
 */
export function fromAcceptLanguage(header: string | null | undefined): PublicLanguage | null {
  if (!header) return null;
  let best: { lang: PublicLanguage; q: number } | null = null;
  const entries = header.slice(0, ACCEPT_LANGUAGE_MAX_CHARS).split(',', ACCEPT_LANGUAGE_MAX_ENTRIES);
  for (const entry of entries) {
    const [tag, ...params] = entry.split(';');
    const lang = parseLanguage(tag);
    if (!lang) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (!(q > 0) || q > 1) continue;
    if (!best || q > best.q) best = { lang, q };
  }
  return best?.lang ?? null;
}

export type LanguageSource = 'param' | 'cookie' | 'header' | 'default';

/**
 * The language of a request: `?lang=` (only our exact codes or what parseLanguage reads), else the cookie,
 * else Accept-Language, else Vietnamese. `source` says which decided, so the server knows when its answer
 * depends on Accept-Language (then `Vary: Accept-Language`) and when to keep a `?lang=` in the cookie.
 */
export function negotiateLanguage(request: {
  param?: string | null;
  cookie?: string | null;
  acceptLanguage?: string | null;
}): { lang: PublicLanguage; source: LanguageSource } {
  const fromParam = parseLanguage(request.param);
  if (fromParam) return { lang: fromParam, source: 'param' };
  const fromCookie = parseLanguage(request.cookie);
  if (fromCookie) return { lang: fromCookie, source: 'cookie' };
  const fromHeader = fromAcceptLanguage(request.acceptLanguage);
  if (fromHeader) return { lang: fromHeader, source: 'header' };
  return { lang: DEFAULT_LANGUAGE, source: 'default' };
}

/** The languages a company's public pages are offered in: Vietnamese, then those it publishes, in our order. */
export function offeredLanguages(published: readonly TranslationLanguage[] | null | undefined): PublicLanguage[] {
  const set = new Set<PublicLanguage>(published ?? []);
  return PUBLIC_LANGUAGES.filter((lang) => lang === 'vi' || set.has(lang));
}
