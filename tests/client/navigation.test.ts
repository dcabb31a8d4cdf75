import { describe, expect, it } from 'vitest';
import { isNavActive, leftMenuPaths, navForRole, pathAllowed } from '#shared/navigation.ts';
import type { Role } from '#shared/permissions.ts';

const paths = (role: Role) => navForRole(role).map((i) => i.path);

describe('[client][nav]: the active rule', () => {
  const item = { path: '/products', subPaths: ['/products/details/*', '/company/details/*'] };
  it('[client][nav]: active on its own path, with or without a trailing slash', () => {
    expect(isNavActive(item, '/products')).toBe(true);
    expect(isNavActive(item, '/products/')).toBe(true);
  });
  it('[client][nav]: active on its sub-paths (product and company detail)', () => {
    expect(isNavActive(item, '/products/details/12')).toBe(true);
    expect(isNavActive(item, '/company/details/3/')).toBe(true);
  });
  it('[client][nav]: not active on a sibling path or a mere prefix', () => {
    expect(isNavActive(item, '/products/manage')).toBe(false);
    expect(isNavActive(item, '/productsx')).toBe(false);
    expect(isNavActive(item, '/products/details')).toBe(false);
    expect(isNavActive({ path: '/' }, '/users')).toBe(false);
    expect(isNavActive({ path: '/' }, '/')).toBe(true);
  });
  it('[client][nav]: hash links and absolute http links are never active', () => {
    expect(isNavActive({ path: '#section' }, '#section')).toBe(false);
    expect(isNavActive({ path: 'https://example.com/products' }, '/products')).toBe(false);
    expect(isNavActive({ path: 'http://x.test' }, 'http://x.test')).toBe(false);
  });
  it('[client][nav]: a parent is active when one of its children is', () => {
    expect(isNavActive({ path: '/a', children: [{ path: '/b' }] }, '/b')).toBe(true);
  });
});

describe('[client][nav]: the menu per role', () => {
  it('[GUEST][nav]: a visitor sees scanned products, scan QR and sign in only', () => {
    expect(paths('GUEST')).toEqual(['/products', '/scan-qr', '/auth/sign-in']);
  });
  it('[USER][nav]: a user sees scanned products, scan QR and settings', () => {
    expect(paths('USER')).toEqual(['/products', '/scan-qr', '/settings']);
  });
  it('[COMPANY_ADMIN][nav]: a company admin sees the company menu with business settings, no edit content', () => {
    expect(paths('COMPANY_ADMIN')).toEqual([
      '/',
      '/products',
      '/scan-qr',
      '/products/manage',
      '/qrs',
      '/serials',
      '/partners',
      '/plots',
      '/users',
      '/company/settings',
      '/settings',
    ]);
  });
  it('[EMPLOYEE][nav]: an employee manages products and QR codes and its own settings, not users or company settings', () => {
    expect(paths('EMPLOYEE')).toEqual([
      '/',
      '/products',
      '/scan-qr',
      '/products/manage',
      '/qrs',
      '/serials',
      '/partners',
      '/plots',
      '/settings',
    ]);
  });
  it('[SUPER_ADMIN][nav]: the super admin sees everything but business settings (COMPANY_ADMIN only) and sign in', () => {
    expect(paths('SUPER_ADMIN')).toEqual([
      '/',
      '/products',
      '/scan-qr',
      '/products/manage',
      '/qrs',
      '/serials',
      '/partners',
      '/users',
      '/edit-content',
      '/settings',
    ]);
  });
  it('[MODERATOR][nav]: a moderator edits content and has no management entries', () => {
    expect(paths('MODERATOR')).toEqual(['/', '/products', '/scan-qr', '/edit-content', '/settings']);
  });
  it('[GUEST][nav]: the allowed list has the menu of a visitor, not /users', () => {
    const allowed = leftMenuPaths('GUEST');
    expect(pathAllowed(allowed, '/products')).toBe(true);
    expect(pathAllowed(allowed, '/users')).toBe(false);
    expect(pathAllowed(allowed, '/')).toBe(false);
  });
  it('[GUEST][nav]: no menu entry is marked on a product, lot or company page (they are no entry of the menu)', () => {
    for (const path of ['/products/details/5', '/lots/3', '/company/details/2'])
      expect(
        navForRole('GUEST').filter((item) => isNavActive(item, path)),
        path,
      ).toEqual([]);
  });
  it('[client][nav]: menu titles are the Vietnamese words of vi.nav', () => {
    expect(navForRole('SUPER_ADMIN').map((i) => i.title)).toEqual([
      'Trang chủ',
      'Sản phẩm đã quét',
      'Quét mã QR',
      'Quản lý sản phẩm',
      'Quản lý mã QR',
      'Mã từng sản phẩm',
      'Đối tác',
      'Người dùng',
      'Chỉnh sửa nội dung',
      'Cài đặt',
    ]);
    expect(navForRole('COMPANY_ADMIN').find((i) => i.path === '/company/settings')?.title).toBe(
      'Cài đặt doanh nghiệp',
    );
    expect(navForRole('GUEST').at(-1)?.title).toBe('Đăng nhập');
  });
});
