import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CONFIG, renderApp, userOf, validToken } from './render-app.tsx';

const signInAs = (role: string) => {
  localStorage.setItem('session', JSON.stringify({ accessToken: validToken(), permissions: [] }));
  return { 'auth.me': () => userOf(role) };
};
const currentPath = (location: { history?: string[] }) => location.history?.at(-1);

describe('[client][router]: guards in the rendered app', () => {
  it('[GUEST][router]: a visitor opening /users lands on the sign-in page, which will return there', async () => {
    const { location } = renderApp('/users');
    expect(await screen.findByRole('heading', { name: 'Đăng nhập' })).toBeTruthy();
    expect(currentPath(location)).toBe('/auth/sign-in?next=%2Fusers');
  });
  it('[GUEST][router]: a visitor may open the public scanned-products page and sees a sign-in link, no account button', async () => {
    renderApp('/products');
    expect(await screen.findByRole('heading', { name: 'Sản phẩm đã quét' })).toBeTruthy();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Đăng nhập' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mở menu tài khoản' })).toBeNull();
  });
  it('[USER][router]: a USER sent from /users to the first allowed path, /products', async () => {
    const { location, calls } = renderApp('/users', signInAs('USER'));
    expect(await screen.findByRole('heading', { name: 'Sản phẩm đã quét' })).toBeTruthy();
    expect(currentPath(location)).toBe('/products');
    expect(calls).toContain('auth.me');
  });
  it('[COMPANY_ADMIN][router]: a signed-in company admin on sign-in goes to the default path and sees the home page', async () => {
    const { location } = renderApp('/auth/sign-in', signInAs('COMPANY_ADMIN'));
    expect(await screen.findByRole('heading', { name: 'Trang chủ' })).toBeTruthy();
    expect(currentPath(location)).toBe('/');
  });
  it('[client][router]: an expired stored token is dropped without calling the server', async () => {
    localStorage.setItem('session', JSON.stringify({ accessToken: 'x.eyJleHAiOjF9.s', permissions: [] }));
    const { calls } = renderApp('/settings');
    expect(await screen.findByRole('heading', { name: 'Đăng nhập' })).toBeTruthy();
    expect(calls).not.toContain('auth.me');
    expect(localStorage.getItem('session')).toBeNull();
  });
  it('[client][router]: an unknown path ends at /404', async () => {
    const { location } = renderApp('/khong-ton-tai');
    expect(await screen.findByRole('heading', { name: 'Không tìm thấy trang' })).toBeTruthy();
    expect(currentPath(location)).toBe('/404');
  });
  it("[GUEST][router]: '/' shows the coming-soon countdown while the date is ahead", async () => {
    const future = new Date(Date.now() + 3 * 86400_000).toISOString();
    renderApp('/', { 'system.config': () => ({ ...CONFIG, comingSoonDate: future }) });
    expect(await screen.findByRole('heading', { name: 'Sắp ra mắt!' })).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toContain('Ngày');
  });
});

describe('[client][account drawer]', () => {
  it('[USER][account drawer]: shows the first letter, name, e-mail, and logout clears the session and goes to sign-in', async () => {
    const { location } = renderApp('/settings', signInAs('USER'));
    fireEvent.click(await screen.findByRole('button', { name: 'Mở menu tài khoản' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Nguyễn An');
    expect(dialog.textContent).toContain('an@example.test');
    expect(dialog.textContent).toContain('N');
    fireEvent.click(screen.getByRole('button', { name: 'Đăng xuất' }));
    await waitFor(() => expect(currentPath(location)).toBe('/auth/sign-in'));
    expect(localStorage.getItem('session')).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Đăng nhập' })).toBeTruthy();
  });
});
