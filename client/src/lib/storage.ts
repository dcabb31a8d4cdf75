/**
 * Everything the client keeps in localStorage, read defensively: another tab, an
 * extension or an old release may have left anything there.
 */
import { STORAGE_KEYS } from '#shared/constants.ts';
import type { PermissionRule } from '#shared/permissions.ts';

export interface StoredSession {
  accessToken: string;
  permissions: PermissionRule[];
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}
function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage full or blocked (private mode): the app still works for this page's lifetime.
  }
}

export function readJson<T>(key: string): T | null {
  const raw = read(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}
export const writeJson = (key: string, value: unknown) => write(key, JSON.stringify(value));

function readSession(): StoredSession | null {
  const raw = read(STORAGE_KEYS.session);
  if (raw === null) return null;
  try {
    const s = JSON.parse(raw) as Partial<StoredSession> | null;
    if (!s || typeof s.accessToken !== 'string') throw new Error('bad session');
    return { accessToken: s.accessToken, permissions: Array.isArray(s.permissions) ? s.permissions : [] };
  } catch {
    console.warn('Invalid Token. Redirecting to /login');
    return null;
  }
}

/** The stored token, or null when there is none or the stored session is unreadable. */
export const getAccessToken = (): string | null => readSession()?.accessToken ?? null;
/** The stored permissions, or an empty list. */
export const getPermissions = (): PermissionRule[] => readSession()?.permissions ?? [];

export function setSession(session: StoredSession): void {
  writeJson(STORAGE_KEYS.session, { accessToken: session.accessToken, permissions: session.permissions });
}

/**
 * Signing in always sets remember-me and keeps the e-mail for sign-up reuse (decision 032).
 */
export function rememberLogin(email: string): void {
  write(STORAGE_KEYS.rememberMe, 'true');
  write(STORAGE_KEYS.signUpEmail, email);
}

export const isRememberMe = () => read(STORAGE_KEYS.rememberMe) === 'true';
export const getSignUpEmail = () => read(STORAGE_KEYS.signUpEmail) ?? '';
export const setSignUpEmail = (email: string) => write(STORAGE_KEYS.signUpEmail, email);

/** Clearing keeps the remembered e-mail and remember-me only when remember-me is set (decision 032). */
export function clearSession(): void {
  write(STORAGE_KEYS.session, null);
  if (!isRememberMe()) {
    write(STORAGE_KEYS.rememberMe, null);
    write(STORAGE_KEYS.signUpEmail, null);
  }
}
