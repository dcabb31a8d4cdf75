import { describe, expect, it } from 'vitest';
import { authGuard, dashboardGuard, isComingSoon, postAuthPath, rootGuard } from '#client/lib/guards.ts';
import { initialSessionState, type SessionUser, sessionReducer } from '#client/session/session-reducer.ts';
import type { Role } from '#shared/permissions.ts';

const signedIn = (role: Role) =>
  sessionReducer(initialSessionState, {
    type: 'INITIALIZED',
    user: { id: 1, name: 'A', email: 'a@x.test', role, avatar: null, companyId: null } as SessionUser,
  });
const visitor = sessionReducer(initialSessionState, { type: 'INITIALIZED', user: null });
const loading = initialSessionState;
const NOW = Date.UTC(2026, 5, 1);
const config = (comingSoonDate: string | null = null) => ({
  comingSoonDate,
  defaultRedirectPath: '/products/manage',
});

describe('[client][guards]: auth pages', () => {
  it('[GUEST][guards]: a visitor may open the auth pages', () => {
    expect(authGuard(visitor, '/')).toBeNull();
  });
  it('[USER][guards]: a signed-in USER is sent to the scanned products', () => {
    expect(authGuard(signedIn('USER'), '/products/manage')).toBe('/products');
  });
  it('[COMPANY_ADMIN][guards]: other roles go to the configured default path', () => {
    expect(authGuard(signedIn('COMPANY_ADMIN'), '/products/manage')).toBe('/products/manage');
    expect(authGuard(signedIn('SUPER_ADMIN'), '/')).toBe('/');
  });
  it('[client][guards]: waits while the session or the config loads', () => {
    expect(authGuard(loading, '/')).toBe('wait');
    expect(authGuard(signedIn('USER'), undefined)).toBe('wait');
  });
  it('[client][guards]: postAuthPath sends USER (and a visitor) to /products, others to the setting', () => {
    expect(postAuthPath('USER', '/x')).toBe('/products');
    expect(postAuthPath('GUEST', '/x')).toBe('/products');
    expect(postAuthPath('EMPLOYEE', '/x')).toBe('/x');
  });
});

describe('[client][guards]: dashboard pages', () => {
  it('[GUEST][guards]: a visitor is sent from /users to sign-in', () => {
    expect(dashboardGuard(visitor, '/users')).toBe('/auth/sign-in');
    expect(dashboardGuard(visitor, '/settings')).toBe('/auth/sign-in');
  });
  it('[GUEST][guards]: a visitor may open the public pages of the menu', () => {
    expect(dashboardGuard(visitor, '/products')).toBeNull();
    expect(dashboardGuard(visitor, '/scan-qr')).toBeNull();
    expect(dashboardGuard(visitor, '/products/details/7')).toBeNull();
  });
  it('[USER][guards]: a path outside the menu goes to the first allowed path', () => {
    expect(dashboardGuard(signedIn('USER'), '/users')).toBe('/products');
    expect(dashboardGuard(signedIn('USER'), '/settings/')).toBeNull();
  });
  it('[EMPLOYEE][guards]: an employee is kept off users and company settings', () => {
    expect(dashboardGuard(signedIn('EMPLOYEE'), '/users')).toBe('/');
    expect(dashboardGuard(signedIn('EMPLOYEE'), '/company/settings/')).toBe('/');
    expect(dashboardGuard(signedIn('EMPLOYEE'), '/qrs')).toBeNull();
  });
  it('[COMPANY_ADMIN][guards]: the company admin opens company settings with its trailing slash', () => {
    expect(dashboardGuard(signedIn('COMPANY_ADMIN'), '/company/settings/')).toBeNull();
    expect(dashboardGuard(signedIn('COMPANY_ADMIN'), '/edit-content')).toBe('/');
  });
  it('[client][guards]: waits while the session loads', () => {
    expect(dashboardGuard(loading, '/users')).toBe('wait');
  });
});

describe("[client][guards]: '/'", () => {
  it('[GUEST][guards]: coming soon while the date is ahead', () => {
    expect(rootGuard(visitor, config('2026-12-31'), NOW)).toBe('coming-soon');
    expect(rootGuard(signedIn('USER'), config('2026-12-31'), NOW)).toBe('coming-soon');
  });
  it('[GUEST][guards]: after the date, or with none, a visitor or USER goes to the post-auth path', () => {
    expect(rootGuard(visitor, config('2026-01-01'), NOW)).toBe('/products');
    expect(rootGuard(signedIn('USER'), config(null), NOW)).toBe('/products');
  });
  it('[COMPANY_ADMIN][guards]: staff see their dashboard home, coming soon or not', () => {
    expect(rootGuard(signedIn('COMPANY_ADMIN'), config('2026-12-31'), NOW)).toBeNull();
    expect(rootGuard(signedIn('SUPER_ADMIN'), config(null), NOW)).toBeNull();
  });
  it('[client][guards]: waits for session and config; an unparsable date is not coming soon', () => {
    expect(rootGuard(loading, config(), NOW)).toBe('wait');
    expect(rootGuard(visitor, undefined, NOW)).toBe('wait');
    expect(isComingSoon('not a date', NOW)).toBe(false);
  });
});
