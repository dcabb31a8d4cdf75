import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clearSession,
  getAccessToken,
  getPermissions,
  getSignUpEmail,
  rememberLogin,
  setSession,
} from '#client/lib/storage.ts';

afterEach(() => vi.restoreAllMocks());

describe('[client][session storage]: the stored session', () => {
  it("[client][session storage]: the session is kept under 'session' with accessToken and permissions", () => {
    setSession({ accessToken: 'a.b.c', permissions: [{ action: 'read', subject: 'Guest' }] });
    expect(JSON.parse(localStorage.getItem('session')!)).toEqual({
      accessToken: 'a.b.c',
      permissions: [{ action: 'read', subject: 'Guest' }],
    });
    expect(getAccessToken()).toBe('a.b.c');
    expect(getPermissions()).toHaveLength(1);
  });
  it('[client][session storage]: an unreadable session gives no token and no permissions, with the invalid-token message logged', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    localStorage.setItem('session', '{broken');
    expect(getAccessToken()).toBeNull();
    expect(getPermissions()).toEqual([]);
    expect(warn).toHaveBeenCalledWith('Invalid Token. Redirecting to /login');
  });
  it('[client][session storage]: signing in sets remember-me and keeps the e-mail; clearing then keeps both', () => {
    setSession({ accessToken: 'a.b.c', permissions: [] });
    rememberLogin('an@example.test');
    expect(localStorage.getItem('remember-me')).toBe('true');
    clearSession();
    expect(localStorage.getItem('session')).toBeNull();
    expect(getSignUpEmail()).toBe('an@example.test');
    expect(localStorage.getItem('remember-me')).toBe('true');
  });
  it('[client][session storage]: without remember-me, clearing also drops the remembered e-mail', () => {
    localStorage.setItem('sign-up-email', 'b@example.test');
    setSession({ accessToken: 'a.b.c', permissions: [] });
    clearSession();
    expect(localStorage.getItem('sign-up-email')).toBeNull();
  });
});
