/**
 * The member mark (decision 209): the app asks the server to keep it when it opens signed in as a company's
 * member, with the member's token, and to drop it at sign-out; a user of no company asks for none.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, userOf, validToken } from './render-app.tsx';

let sent: { method: string; path: string; authorization: string | null }[] = [];

beforeEach(() => {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const headers = new Headers(init?.headers);
      sent.push({ method: init?.method ?? 'GET', path: String(input), authorization: headers.get('authorization') });
      return new Response('{}', { status: 200 });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const marks = () => sent.filter((s) => s.path === '/api/auth/member-cookie');

describe('[client][member mark]', () => {
  it("[COMPANY_ADMIN][client]: kept with the member's token when the app opens signed in, dropped at sign-out", async () => {
    const token = validToken();
    localStorage.setItem('session', JSON.stringify({ accessToken: token, permissions: [] }));
    renderApp('/settings', { 'auth.me': () => ({ ...userOf('COMPANY_ADMIN'), companyId: 7 }) });
    await waitFor(() => expect(marks()).toEqual([{ method: 'POST', path: '/api/auth/member-cookie', authorization: `Bearer ${token}` }]));
    fireEvent.click(await screen.findByRole('button', { name: 'Mở menu tài khoản' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Đăng xuất' }));
    await waitFor(() => expect(marks().at(-1)).toEqual({ method: 'DELETE', path: '/api/auth/member-cookie', authorization: null }));
  });

  it('[USER][client]: a user of no company asks for no mark', async () => {
    localStorage.setItem('session', JSON.stringify({ accessToken: validToken(), permissions: [] }));
    renderApp('/settings', { 'auth.me': () => userOf('USER') });
    expect(await screen.findByRole('heading', { name: 'Cài đặt' })).toBeTruthy();
    expect(marks()).toEqual([]);
  });
});
