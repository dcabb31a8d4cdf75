/**
 * A visitor's history in the page's language (issue 33): the translated names a scan resolved are kept with
 * the entry on the phone, the list and the scanner's recent list show them, and a name without a translation
 * is the Vietnamese one, marked "(Vietnamese)" with lang="vi".
 */
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { addGuestScan, readGuestHistory } from '#client/features/history/guest-history.ts';
import { isLocalNames, localNamesOf, namesIn } from '#client/features/history/local-names.ts';
import type { PublicProduct } from '#client/features/public/types.ts';
import { loadPageLanguage } from '#client/i18n/choose-language.ts';
import { renderApp } from '#tests/client/render-app.tsx';
import { productAnswer } from '#tests/client/public/product-answer.ts';

const coffee = {
  ...productAnswer,
  name: 'Cà phê Arabica Cầu Đất',
  translations: { en: { name: 'Cau Dat Arabica coffee' }, 'zh-Hans': { name: '大叻阿拉比卡咖啡' } },
  company: {
    ...productAnswer.company,
    name: 'Công ty Cà phê Cầu Đất',
    translations: { en: { name: 'Cau Dat Coffee Co.' } },
    languages: ['en', 'zh-Hans'],
  },
} as unknown as PublicProduct;

afterEach(() => localStorage.clear());

describe('[GUEST][client][i18n] the names a visitor’s history keeps', () => {
  it('[GUEST][client][i18n]: keeps the names the company publishes, not those it does not', () => {
    expect(localNamesOf(coffee)).toEqual({
      en: { name: 'Cau Dat Arabica coffee', companyName: 'Cau Dat Coffee Co.' },
      'zh-Hans': { name: '大叻阿拉比卡咖啡' },
    });
    // English only published: the Chinese name is not shown, so not kept.
    const englishOnly = {
      ...coffee,
      company: { ...coffee.company, languages: ['en'] },
    } as unknown as PublicProduct;
    expect(Object.keys(localNamesOf(englishOnly) ?? {})).toEqual(['en']);
    expect(
      localNamesOf({ ...coffee, translations: {}, company: { ...coffee.company, translations: {} } }),
    ).toBe(undefined);
  });

  it('[GUEST][client][i18n]: reads its names in the page’s language, the Vietnamese one marked when missing', () => {
    const entry = { name: 'Cà phê', companyName: 'Công ty', names: { 'zh-Hans': { name: '咖啡' } } };
    expect(namesIn(entry, 'zh-Hans')).toEqual({
      name: { text: '咖啡', vietnamese: false },
      companyName: { text: 'Công ty', vietnamese: true },
    });
    expect(namesIn(entry, 'vi').name).toEqual({ text: 'Cà phê', vietnamese: false });
    expect(namesIn(entry, 'en').name).toEqual({ text: 'Cà phê', vietnamese: true });
  });

  it('[GUEST][client][i18n]: an entry whose kept names are not names is dropped, as any bad entry is', () => {
    expect(isLocalNames({ fr: { name: 'Café' } })).toBe(false);
    expect(isLocalNames({ en: { name: 3 } })).toBe(false);
    expect(isLocalNames({ en: { name: 'x'.repeat(501) } })).toBe(false);
    const good = {
      productId: 1,
      name: 'A',
      image: null,
      companyName: 'B',
      scannedAt: new Date().toISOString(),
    };
    localStorage.setItem(
      'scanned-qrs',
      JSON.stringify([
        { ...good, names: ['en'] },
        { ...good, productId: 2 },
      ]),
    );
    expect(readGuestHistory().map((e) => e.productId)).toEqual([2]);
  });

  it('[GUEST][client][i18n]: the history and the scanner’s recent list show them on an English page', async () => {
    addGuestScan({
      productId: 7,
      name: coffee.name,
      image: null,
      companyName: coffee.company.name,
      names: localNamesOf(coffee),
    });
    addGuestScan({ productId: 8, name: 'Hạt điều rang muối', image: null, companyName: 'Công ty Điều' });
    const english = await loadPageLanguage('en');
    const history = renderApp('/products', {}, { language: english });
    expect(await screen.findByText('Cau Dat Arabica coffee')).toBeTruthy();
    expect(screen.getByText('Cau Dat Coffee Co.')).toBeTruthy();
    const cashew = screen.getByText('Hạt điều rang muối');
    expect(cashew.getAttribute('lang')).toBe('vi');
    history.unmount();

    renderApp('/scan-qr', {}, { language: english });
    const scope = await screen.findByRole('region', { name: 'Recently scanned' });
    expect(within(scope).getByRole('link', { name: 'Cau Dat Arabica coffee' })).toBeTruthy();
    expect(within(scope).getByRole('link', { name: 'Hạt điều rang muối (Vietnamese)' })).toBeTruthy();
  });
});
