import { describe, expect, it } from 'vitest';
import {
  chooseLanguage,
  createLanguageChooser,
  DEFAULT_PAGE_LANGUAGE,
  languageCookie,
  languageHeaders,
  languageParam,
  PAGE_LANGUAGES,
  withHtmlLang,
} from '#server/http/page-language.ts';
import {
  fromAcceptLanguage,
  negotiateLanguage,
  offeredLanguages,
  parseLanguage,
} from '#shared/i18n/languages.ts';

/**
 * How a request's language is chosen (shared/i18n/languages.ts, issue 33) and how the server reads and
 * tells it (server/http/page-language.ts, decision 212): no database, the same on both engines.
 */
describe('[PUBLIC][i18n] negotiateLanguage: ?lang=, then the cookie, then Accept-Language, then Vietnamese', () => {
  it('each source in its order, and what decided', () => {
    expect(negotiateLanguage({ param: 'en', cookie: 'zh-Hans', acceptLanguage: 'vi' })).toEqual({
      lang: 'en',
      source: 'param',
    });
    expect(negotiateLanguage({ param: 'xx', cookie: 'zh-Hans', acceptLanguage: 'en' })).toEqual({
      lang: 'zh-Hans',
      source: 'cookie',
    });
    expect(negotiateLanguage({ cookie: 'nonsense', acceptLanguage: 'en-GB,en;q=0.8' })).toEqual({
      lang: 'en',
      source: 'header',
    });
    expect(negotiateLanguage({ acceptLanguage: 'fr-FR,de;q=0.5' })).toEqual({
      lang: 'vi',
      source: 'default',
    });
    expect(negotiateLanguage({})).toEqual({ lang: 'vi', source: 'default' });
  });

  it('language tags as people and browsers write them', () => {
    for (const [tag, lang] of [
      ['en', 'en'],
      ['EN-gb', 'en'],
      ['zh', 'zh-Hans'],
      ['zh-CN', 'zh-Hans'],
      ['zh-Hans-SG', 'zh-Hans'],
      ['zh-TW', 'zh-Hans'],
      ['zh_Hant', 'zh-Hans'],
      ['vi-VN', 'vi'],
      [' vi ', 'vi'],
    ] as const)
      expect(parseLanguage(tag), tag).toBe(lang);
    for (const tag of ['', 'fr', 'english', 'e', null, undefined]) expect(parseLanguage(tag)).toBeNull();
  });

  it('Accept-Language by its q-values: the best of ours wins, ties keep the order, q=0 refuses, a bad q is ignored', () => {
    expect(fromAcceptLanguage('en-US,en;q=0.9,vi;q=0.8')).toBe('en');
    expect(fromAcceptLanguage('vi;q=0.5, zh-CN;q=0.9, en;q=0.7')).toBe('zh-Hans');
    expect(fromAcceptLanguage('fr-FR,fr;q=0.9,en;q=0.3')).toBe('en');
    expect(fromAcceptLanguage('en;q=0.8,zh;q=0.8')).toBe('en');
    expect(fromAcceptLanguage('zh;q=0.8,en;q=0.8')).toBe('zh-Hans');
    expect(fromAcceptLanguage('en;q=0,vi;q=0.1')).toBe('vi');
    expect(fromAcceptLanguage('en;q=abc,zh;q=2,vi;q=0.2')).toBe('vi');
    expect(fromAcceptLanguage('*')).toBeNull();
    expect(fromAcceptLanguage('')).toBeNull();
    expect(fromAcceptLanguage(null)).toBeNull();
  });

  it('a 100 kB header is read only to its first 512 characters (and 32 entries)', () => {
    const filler = 'fr;q=0.1,'.repeat(12_000);
    expect(filler.length).toBeGreaterThan(100_000);
    // English after the first 512 characters is never seen.
    expect(fromAcceptLanguage(`${filler}en`)).toBeNull();
    expect(fromAcceptLanguage(`en;q=0.5,${filler}zh`)).toBe('en');
    // Nor after the first 32 entries, even within 512 characters.
    expect(fromAcceptLanguage(`${'x,'.repeat(32)}en`)).toBeNull();
    expect(fromAcceptLanguage(`${'x,'.repeat(31)}en`)).toBe('en');
    const started = performance.now();
    for (let i = 0; i < 200; i++) fromAcceptLanguage(`${filler}en`);
    // Bounded work: two hundred such headers are read in well under a second.
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('offeredLanguages: Vietnamese, then what the company publishes, in our order', () => {
    expect(offeredLanguages([])).toEqual(['vi']);
    expect(offeredLanguages(null)).toEqual(['vi']);
    expect(offeredLanguages(['zh-Hans', 'en'])).toEqual(['vi', 'en', 'zh-Hans']);
    expect(offeredLanguages(['zh-Hans'])).toEqual(['vi', 'zh-Hans']);
  });
});

describe('[PUBLIC][i18n] the server reads a request’s language without work for a Vietnamese visitor', () => {
  it('the lang cookie among others, never a cookie that only ends in "lang"', () => {
    expect(languageCookie('lang=en')).toBe('en');
    expect(languageCookie('sid=abc; lang=zh-Hans; theme=dark')).toBe('zh-Hans');
    expect(languageCookie('sid=abc;lang=en')).toBe('en');
    expect(languageCookie('xlang=en; sid=1')).toBeUndefined();
    expect(languageCookie('xlang=en; lang=vi')).toBe('vi');
    expect(languageCookie('sid=abc')).toBeUndefined();
    expect(languageCookie(undefined)).toBeUndefined();
  });

  it('the ?lang= of a query, parsed only when it names one', () => {
    expect(languageParam('lang=en&lot=A')).toBe('en');
    expect(languageParam('lot=A&lang=zh-Hans')).toBe('zh-Hans');
    expect(languageParam('lot=A')).toBeUndefined();
  });

  it('a choice is one of a fixed set of objects, the same as negotiateLanguage says', () => {
    const choose = createLanguageChooser();
    const cases: Array<[string | undefined, string | undefined, string | undefined]> = [
      [undefined, undefined, undefined],
      [undefined, undefined, 'vi-VN,vi;q=0.9,en;q=0.8'],
      [undefined, undefined, 'en-US,en;q=0.9'],
      [undefined, 'sid=1; lang=zh-Hans', 'en'],
      ['en', 'lang=vi', 'zh'],
      ['nonsense', 'lang=nonsense', 'fr'],
    ];
    for (const [param, cookie, header] of cases) {
      for (let i = 0; i < 2; i++) {
        const chosen = choose(param, cookie, header);
        expect(PAGE_LANGUAGES).toContain(chosen);
        expect(chooseLanguage(param, cookie, header)).toBe(chosen);
        expect({ ...chosen }).toEqual(
          negotiateLanguage({ param, cookie: languageCookie(cookie), acceptLanguage: header }),
        );
      }
    }
    expect(choose(undefined, undefined, undefined)).toBe(DEFAULT_PAGE_LANGUAGE);
  });

  it('remembers what a header chose, bounded: many different headers still answer right', () => {
    const choose = createLanguageChooser();
    for (let i = 0; i < 2_000; i++) {
      expect(choose(undefined, undefined, `x${i},en;q=0.5`).lang).toBe('en');
      expect(choose(undefined, undefined, `y${i},zh;q=0.5`).lang).toBe('zh-Hans');
    }
    // Too long to remember: read each time, to its first 512 characters.
    expect(choose(undefined, undefined, `${'fr,'.repeat(300)}en`).lang).toBe('vi');
  });

  it('?lang= keeps the choice in a cookie (Secure on https) and varies on nothing; the others vary on the headers', () => {
    const [en] = PAGE_LANGUAGES.filter((c) => c.source === 'param' && c.lang === 'en');
    expect(languageHeaders(en!, { vary: 'Accept-Encoding', secure: true })).toEqual({
      vary: 'Accept-Encoding',
      'set-cookie': 'lang=en; Path=/; Max-Age=31536000; SameSite=Lax; Secure',
    });
    expect(languageHeaders(en!, { secure: false })).toEqual({
      'set-cookie': 'lang=en; Path=/; Max-Age=31536000; SameSite=Lax',
    });
    for (const choice of PAGE_LANGUAGES.filter((c) => c.source !== 'param')) {
      expect(languageHeaders(choice, { vary: 'Accept-Encoding', secure: true })).toEqual({
        vary: 'Accept-Encoding, Accept-Language, Cookie',
      });
    }
  });

  it('<html lang> says the page’s language; a Vietnamese page is the template itself', () => {
    const page = '<!doctype html><html lang="vi"><head></head><body></body></html>';
    expect(withHtmlLang(page, 'vi')).toBe(page);
    expect(withHtmlLang(page, 'zh-Hans')).toContain('<html lang="zh-Hans">');
    expect(withHtmlLang('<html><body></body></html>', 'en')).toBe('<html lang="en"><body></body></html>');
  });
});
