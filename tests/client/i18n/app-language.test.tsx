/**
 * The app's own pages a shopper opens (the scanner, the error pages) in the visitor's language, the workspace
 * in Vietnamese whatever the browser (decision 211): index.html's `lang` is only a default, so the app
 * negotiates as the server does, and the document's `lang` follows the page on screen.
 */
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { appLanguage, documentLanguage, loadPageLanguage } from '#client/i18n/choose-language.ts';
import { CONFIG, renderApp, userOf, validToken } from '#tests/client/render-app.tsx';

const english = () => loadPageLanguage('en');
const chinese = () => loadPageLanguage('zh-Hans');

afterEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: the language cookie as the server sets it, dropped again
  document.cookie = 'lang=; max-age=0';
  document.documentElement.lang = 'vi';
  localStorage.clear();
});

describe('[GUEST][client][languages] the app outside the light page', () => {
  it("reads index.html's lang as a default only: the cookie and the browser choose", () => {
    document.documentElement.lang = 'vi';
    // biome-ignore lint/suspicious/noDocumentCookie: the language cookie as the server sets it
    document.cookie = 'lang=en';
    expect(appLanguage()).toBe('en');
    // The light page's lang is the server's choice, and it comes first there.
    expect(documentLanguage()).toBe('vi');
  });

  it('shows the scanner in English to an English visitor: heading, typed-code field, menu, tab and lang', async () => {
    renderApp('/scan-qr', {}, { language: await english() });
    expect(await screen.findByRole('heading', { name: 'Scan QR code' })).toBeTruthy();
    expect(screen.getByLabelText('Or enter the code printed under the label')).toBeTruthy();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Sign in' })).toBeTruthy();
    expect(document.title).toContain('Scan QR code');
    expect(document.documentElement.lang).toBe('en');
    expect(document.body.textContent).not.toContain('Quét mã QR');
  });

  it('shows an unknown address as not found in Chinese', async () => {
    renderApp('/khong-ton-tai', {}, { language: await chinese() });
    const zh = await chinese();
    expect(await screen.findByRole('heading', { name: zh.strings.nav.notFound })).toBeTruthy();
    expect(document.documentElement.lang).toBe('zh-Hans');
  });

  it('[COMPANY_ADMIN] keeps the workspace Vietnamese for a member whose browser is English', async () => {
    localStorage.setItem('session', JSON.stringify({ accessToken: validToken(), permissions: [] }));
    renderApp('/settings', { 'auth.me': () => userOf('COMPANY_ADMIN') }, { language: await english() });
    expect(await screen.findByRole('heading', { name: 'Cài đặt' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('vi');
    expect(screen.queryByText('Sign in')).toBeNull();
  });

  it("marks the site's Vietnamese home document on an English visitor's home (decision 229)", async () => {
    const section = { id: 1, title: 'Về chúng tôi', subtitle: null, body: '<p>Truy xuất nguồn gốc</p>' };
    renderApp('/products', { 'documents.list': () => [section] }, { language: await english() });
    const title = await screen.findByRole('heading', { name: 'Về chúng tôi (Vietnamese)' });
    expect(title.closest('section')?.getAttribute('lang')).toBe('vi');
    expect(within(title).getByTestId('vietnamese-marker').getAttribute('lang')).toBe('en');
    // The history below it, and the menu, are the visitor's language: the workspace's layout, not its language.
    expect(screen.getByRole('heading', { name: 'Scanned products' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
  });

  it('shows the same document unmarked on a Vietnamese page', async () => {
    const section = { id: 1, title: 'Về chúng tôi', subtitle: null, body: '<p>Truy xuất nguồn gốc</p>' };
    renderApp('/products', { 'documents.list': () => [section] });
    const title = await screen.findByRole('heading', { name: 'Về chúng tôi' });
    expect(title.closest('section')?.hasAttribute('lang')).toBe(false);
  });

  it("counts down to the site's opening in Chinese on '/' before sign-in", async () => {
    const future = new Date(Date.now() + 3 * 86400_000).toISOString();
    renderApp(
      '/',
      { 'system.config': () => ({ ...CONFIG, comingSoonDate: future }) },
      { language: await chinese() },
    );
    expect(await screen.findByRole('heading', { name: '即将上线！' })).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toContain('小时');
    expect(document.body.textContent).not.toContain('Sắp ra mắt');
  });
});
