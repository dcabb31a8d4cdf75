/**
 * THE navigation config: the left menu, the dashboard guard's allowed paths and the page titles all
 * read it. Visibility comes from the permission table (roleCan), so menu, guards and server agree.
 */
import { nav as viNav } from './i18n/vi/nav.ts';
import { type Action, type Role, roleCan, type Subject } from './permissions.ts';
import { pagePath } from './public-pages.ts';

export type NavIcon =
  | 'home'
  | 'products'
  | 'scan'
  | 'manage'
  | 'qr'
  | 'partners'
  | 'plots'
  | 'users'
  | 'company'
  | 'content'
  | 'settings'
  | 'login';

export interface NavItem {
  title: string;
  /** The entry a visitor also sees: the menu shows it in the public page's language (its key in the public strings' nav). */
  publicTitle?: 'home' | 'scannedProducts' | 'scanQr';
  path: string;
  icon?: NavIcon;
  /** Extra paths on which the item is active (and which the guard allows); `/*` = any sub-path. */
  subPaths?: string[];
  /** When set, only these roles see the item (on top of the permission). */
  roles?: Role[];
  children?: NavItem[];
  disabled?: boolean;
  caption?: string;
  info?: string;
  permission: { action: Action; subject: Subject };
}

export const NAV_ITEMS: readonly NavItem[] = [
  { title: viNav.home, publicTitle: 'home', path: '/', icon: 'home', permission: { action: 'read', subject: 'Manage' } },
  {
    title: viNav.scannedProducts,
    publicTitle: 'scannedProducts',
    path: pagePath('visitorHistory'),
    icon: 'products',
    permission: { action: 'read', subject: 'Guest' },
  },
  { title: viNav.scanQr, publicTitle: 'scanQr', path: '/scan-qr', icon: 'scan', permission: { action: 'read', subject: 'Guest' } },
  {
    title: viNav.productManagement,
    path: '/products/manage',
    icon: 'manage',
    subPaths: ['/products/manage/*'],
    permission: { action: 'manage', subject: 'Product' },
  },
  {
    title: viNav.qrManagement,
    path: '/qrs',
    icon: 'qr',
    permission: { action: 'manage', subject: 'Product' },
  },
  {
    title: viNav.serials,
    path: '/serials',
    icon: 'qr',
    permission: { action: 'manage', subject: 'Product' },
  },
  {
    title: viNav.partners,
    path: '/partners',
    icon: 'partners',
    permission: { action: 'manage', subject: 'Product' },
  },
  {
    // A company's own farm plots: edited by whoever edits its lots (manage Product); a SUPER_ADMIN has
    // no company of its own to hold them.
    title: viNav.plots,
    path: '/plots',
    icon: 'plots',
    roles: ['COMPANY_ADMIN', 'EMPLOYEE'],
    permission: { action: 'manage', subject: 'Product' },
  },
  { title: viNav.users, path: '/users', icon: 'users', permission: { action: 'manage', subject: 'User' } },
  {
    title: viNav.companySettings,
    path: '/company/settings',
    icon: 'company',
    roles: ['COMPANY_ADMIN'],
    permission: { action: 'manage', subject: 'Manage' },
  },
  {
    title: viNav.editContent,
    path: '/edit-content',
    icon: 'content',
    permission: { action: 'manage', subject: 'Admin' },
  },
  {
    title: viNav.settings,
    path: '/settings',
    icon: 'settings',
    permission: { action: 'read', subject: 'User' },
  },
  {
    title: viNav.signIn,
    path: '/auth/sign-in',
    icon: 'login',
    permission: { action: 'read', subject: 'Login' },
  },
];

function visible(item: NavItem, role: Role): boolean {
  if (item.roles && !item.roles.includes(role)) return false;
  return roleCan(role, item.permission.action, item.permission.subject);
}

/** The menu one role sees (children filtered the same way; a parent left with no children is hidden). */
export function navForRole(role: Role, items: readonly NavItem[] = NAV_ITEMS): NavItem[] {
  return items.flatMap((item) => {
    if (!visible(item, role)) return [];
    if (!item.children) return [item];
    const children = navForRole(role, item.children);
    return children.length ? [{ ...item, children }] : [];
  });
}

/** The left-menu path list (paths and sub-paths of every visible item) that the dashboard guard allows. */
export function leftMenuPaths(role: Role): string[] {
  const walk = (items: NavItem[]): string[] =>
    items.flatMap((i) => (i.disabled ? [] : [i.path, ...(i.subPaths ?? []), ...walk(i.children ?? [])]));
  return walk(navForRole(role));
}

export const normalizePath = (path: string): string => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** `/a/*` matches `/a/anything`; any other pattern matches itself exactly (after trailing slashes go). */
export function pathMatches(pattern: string, pathname: string): boolean {
  const p = normalizePath(pathname);
  if (pattern.endsWith('/*')) return p.startsWith(`${pattern.slice(0, -1)}`) && p.length > pattern.length - 1;
  return normalizePath(pattern) === p;
}

/** Hash links and absolute http(s) links point elsewhere: they are never the current page. */
const isExternal = (path: string) => path.startsWith('#') || /^https?:\/\//i.test(path);

/**
 * A menu item is active when the current path, trailing slash removed, equals the item's path or one
 * of its sub-paths. Children count too, so a parent lights up for its open child.
 */
export interface NavTarget {
  path: string;
  subPaths?: string[];
  children?: NavTarget[];
}

export function isNavActive(item: NavTarget, pathname: string): boolean {
  if (isExternal(item.path)) return false;
  if (pathMatches(item.path, pathname)) return true;
  if (item.subPaths?.some((s) => !isExternal(s) && pathMatches(s, pathname))) return true;
  return item.children?.some((c) => isNavActive(c, pathname)) ?? false;
}

/** Whether a path is in an allowed-path list (as built by leftMenuPaths). */
export const pathAllowed = (allowed: readonly string[], pathname: string): boolean =>
  allowed.some((pattern) => pathMatches(pattern, pathname));
