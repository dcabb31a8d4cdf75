/**
 * A shopper's page in English (decision 211): the provider chooses the language from `<html lang>` or
 * negotiates it, the page's words come from the English strings, a translated field shows in English and
 * an untranslated one in Vietnamese, marked "(Vietnamese)" with lang="vi".
 */
import { describe, expect, it } from 'vitest';
import type { PublicProduct } from '#client/features/public/types.ts';
import { renderProductFirstView } from '#client/first-view/render-product.tsx';
import { chooseLanguage, loadPublicStrings } from '#client/i18n/choose-language.ts';
import { productAnswer } from '#tests/client/public/product-answer.ts';

const product = {
  ...productAnswer,
  languages: ['en'],
  translations: { en: { name: 'Cau Dat Arabica coffee', category: 'Coffee' } },
  company: { ...productAnswer.company, translations: {}, languages: ['en'] },
} as unknown as PublicProduct;

describe('the page language', () => {
  it("takes the server's <html lang>, else the address, the cookie and the browser", () => {
    const env = { documentLang: '', search: '', cookies: '', languages: [] as string[] };
    expect(chooseLanguage({ ...env, documentLang: 'en' })).toBe('en');
    expect(chooseLanguage({ ...env, search: '?lang=zh' })).toBe('zh-Hans');
    expect(chooseLanguage({ ...env, cookies: 'a=1; lang=en' })).toBe('en');
    expect(chooseLanguage({ ...env, languages: ['fr-FR', 'zh-CN'] })).toBe('zh-Hans');
    expect(chooseLanguage(env)).toBe('vi');
  });

  it("loads one language's strings", async () => {
    expect((await loadPublicStrings('en')).product.origin).toBe('Origin');
    expect((await loadPublicStrings('zh-Hans')).product.origin).toBe('产地');
  });
});

describe('a product page in English', () => {
  it('shows the translation, and the Vietnamese text marked where there is none', () => {
    document.body.innerHTML = renderProductFirstView(product, '', 'en');
    expect(document.querySelector('h1')?.textContent).toBe('Cau Dat Arabica coffee');
    expect(document.body.textContent).toContain('Coffee');
    expect(document.body.textContent).toContain('Origin');
    const origin = [...document.querySelectorAll('[lang="vi"]')].find((e) => e.textContent === 'Lâm Đồng');
    expect(origin).toBeDefined();
    expect(origin?.nextElementSibling?.textContent).toBe('(Vietnamese)');
    const current = document.querySelector('[data-testid="language-switcher"] [aria-current="true"]');
    expect(current?.textContent).toBe('English');
    expect(document.querySelectorAll('[data-testid="language-switcher"] a')).toHaveLength(2);
  });

  it('stays as before in Vietnamese: no marker', () => {
    document.body.innerHTML = renderProductFirstView(product, '', 'vi');
    expect(document.querySelector('h1')?.textContent).toBe('Cà phê Arabica Cầu Đất');
    expect(document.querySelector('[data-testid="vietnamese-marker"]')).toBeNull();
  });
});
