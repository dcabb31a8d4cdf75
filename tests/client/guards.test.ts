import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { authGuard, dashboardGuard, isComingSoon, postAuthPath, rootGuard } from '#client/lib/guards.ts';
import { safeNextPath, signInPathFor } from '#client/lib/next-path.ts';
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
  it('[COMPANY_ADMIN][guards]: signing in returns to the page in ?next=', () => {
    expect(authGuard(signedIn('COMPANY_ADMIN'), '/products/manage', '?next=%2Fqrs')).toBe('/qrs');
    expect(authGuard(signedIn('USER'), '/', 'next=%2Fsettings%2F%3Ftab%3D1')).toBe('/settings/?tab=1');
  });
  it('[COMPANY_ADMIN][guards]: a next that leaves the app is ignored', () => {
    for (const next of [
      '//evil.example',
      'https://evil.example/qrs',
      '/\\evil.example',
      '\\\\evil',
      'javascript:alert(1)',
      '/auth/sign-in',
    ])
      expect(
        authGuard(signedIn('COMPANY_ADMIN'), '/products/manage', `next=${encodeURIComponent(next)}`),
      ).toBe('/products/manage');
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
    expect(dashboardGuard(visitor, '/users')).toBe('/auth/sign-in?next=%2Fusers');
    expect(dashboardGuard(visitor, '/settings')).toBe('/auth/sign-in?next=%2Fsettings');
  });
  it("[GUEST][guards]: the way back keeps the page's search", () => {
    expect(dashboardGuard(visitor, '/qrs', 'page=2')).toBe('/auth/sign-in?next=%2Fqrs%3Fpage%3D2');
  });
  it('[GUEST][guards]: a visitor may open the public pages of the menu', () => {
    expect(dashboardGuard(visitor, '/products')).toBeNull();
    expect(dashboardGuard(visitor, '/scan-qr')).toBeNull();
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

describe('[client][guards]: the way back after sign-in', () => {
  it('[client][guards]: app paths are kept with their search and hash', () => {
    expect(safeNextPath('/qrs')).toBe('/qrs');
    expect(safeNextPath('/products/details/7?x=1#top')).toBe('/products/details/7?x=1#top');
    expect(signInPathFor('/')).toBe('/auth/sign-in');
  });
  it('[client][guards]: other hosts, schemes, backslashes and control characters are refused', () => {
    for (const raw of [
      '//evil',
      '//evil.example/x',
      '/\\evil',
      '/x\\y',
      'http://evil',
      'evil',
      '',
      '/\t/evil',
      '/a\nb',
      '/auth/sign-up',
    ])
      expect(safeNextPath(raw), raw).toBeNull();
  });
  it('[client][guards]: whatever is accepted stays on this origin when the browser follows it', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (raw) => {
        const next = safeNextPath(raw);
        if (next === null) return;
        expect(next.startsWith('/') && !next.startsWith('//')).toBe(true);
        expect(new URL(next, 'https://app.example').origin).toBe('https://app.example');
      }),
    );
    fc.assert(
      fc.property(fc.webUrl(), (url) => {
        expect(safeNextPath(url)).toBeNull();
        expect(safeNextPath(url.replace(/^https?:/, ''))).toBeNull();
      }),
    );
  });
});
