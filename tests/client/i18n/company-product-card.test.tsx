/**
 * A product on its company's public page in English (decision 211): the translated name and category in
 * English, an untranslated origin in Vietnamese marked "(Vietnamese)" with lang="vi"; in Vietnamese, the
 * Vietnamese text unmarked.
 */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { CompanyProductCard, type CompanyProduct } from '#client/features/public/company-product-card.tsx';
import { LanguageProvider, VIETNAMESE } from '#client/i18n/language.tsx';
import { en } from '#shared/i18n/public/en.ts';

const product: CompanyProduct = {
  id: 7,
  name: 'Cà phê Arabica Cầu Đất',
  image: null,
  category: 'Cà phê',
  origin: null,
  translations: { en: { name: 'Cau Dat Arabica coffee', category: 'Coffee' } },
};

/** `offered`: the languages the page offers (Vietnamese and what the company publishes). */
function draw(card: CompanyProduct, lang: 'vi' | 'en', offered: ('vi' | 'en')[]) {
  const language = lang === 'en' ? { lang, strings: en } : VIETNAMESE;
  document.body.innerHTML = renderToString(
    <Router ssrPath="/">
      <LanguageProvider language={language}>
        <CompanyProductCard product={card} languages={offered.filter((l) => l !== 'vi')} />
      </LanguageProvider>
    </Router>,
  );
}

describe('a company page product card', () => {
  it('shows the name and category in English when the company publishes English', () => {
    draw(product, 'en', ['vi', 'en']);
    expect(document.body.textContent).toContain('Cau Dat Arabica coffee');
    expect(document.body.textContent).toContain('Coffee');
    expect(document.querySelector('[data-testid="vietnamese-marker"]')).toBeNull();
  });

  it('marks the Vietnamese a field falls back to', () => {
    draw({ ...product, origin: 'Lâm Đồng' }, 'en', ['vi', 'en']);
    const origin = [...document.querySelectorAll('[lang="vi"]')].find((e) => e.textContent === 'Lâm Đồng');
    expect(origin).toBeDefined();
    expect(origin?.nextElementSibling?.textContent).toBe(en.fallbackMarker);
    // A language the company does not publish: its translations are not shown.
    draw(product, 'en', ['vi']);
    expect(document.body.textContent).toContain('Cà phê Arabica Cầu Đất');
    expect(document.querySelectorAll('[data-testid="vietnamese-marker"]').length).toBeGreaterThan(0);
  });

  it('stays Vietnamese and unmarked on a Vietnamese page', () => {
    draw(product, 'vi', ['vi', 'en']);
    expect(document.body.textContent).toContain('Cà phê Arabica Cầu Đất');
    expect(document.querySelector('[data-testid="vietnamese-marker"]')).toBeNull();
  });
});
