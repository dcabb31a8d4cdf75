/**
 * Every path of the app (decision 030), each page loaded on demand. To add a page, point its entry at the file in
 * routes/ (one default-exported component per file); the group picks the layout and the guard.
 */
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { vi } from '#shared/i18n/vi/index.ts';

export type RouteGroup =
  /** auth layout; signed-in users are sent away */
  | 'auth'
  /** dashboard layout; only paths in the user's menu */
  | 'dashboard'
  /** '/': coming soon, redirect, or the dashboard home */
  | 'root'
  /** dashboard layout, open to everyone, signed in or not (product and company details, the scanner) */
  | 'public'
  /** no layout */
  | 'bare'
  /** simple layout (error pages) */
  | 'simple';

export interface AppRoute {
  path: string;
  title: string;
  group: RouteGroup;
  page: LazyExoticComponent<ComponentType>;
  /** Loads the page's code ahead; once settled the page renders without suspending. */
  preload: () => Promise<void>;
}

type PageModule = { default: ComponentType };

/**
 * A page loaded on demand that can also be loaded ahead. React.lazy renders at once when its factory
 * hands back a thenable that settles synchronously, so a preloaded page never shows the loading screen:
 * main.tsx relies on it to replace a server-rendered first view with the same page, not a spinner.
 */
function onDemand(load: () => Promise<PageModule>) {
  let loaded: PageModule | undefined;
  const keep = (m: PageModule) => {
    loaded = m;
    return m;
  };
  // biome-ignore lint/suspicious/noThenProperty: a thenable on purpose, see above
  const settled = (m: PageModule) => ({ then: (ok: (m: PageModule) => void) => ok(m) }) as Promise<PageModule>;
  return {
    page: lazy(() => (loaded ? settled(loaded) : load().then(keep))),
    preload: () => load().then(keep).then(() => undefined),
  };
}

const n = vi.nav;
const r = (path: string, title: string, group: RouteGroup, load: () => Promise<PageModule>): AppRoute => ({
  path,
  title,
  group,
  ...onDemand(load),
});

export const APP_ROUTES: AppRoute[] = [
  r('/auth/sign-in', n.signIn, 'auth', () => import('./routes/auth/sign-in.tsx')),
  r('/auth/sign-up', n.signUp, 'auth', () => import('./routes/auth/sign-up.tsx')),
  r('/auth/activate-account', n.activateAccount, 'auth', () => import('./routes/auth/activate-account.tsx')),
  r('/auth/forgot-password', n.forgotPassword, 'auth', () => import('./routes/auth/forgot-password.tsx')),
  r('/auth/new-password/:token', n.newPassword, 'auth', () => import('./routes/auth/new-password.tsx')),

  r('/', n.home, 'root', () => import('./routes/dashboard.tsx')),
  r('/users', n.users, 'dashboard', () => import('./routes/users.tsx')),
  r('/settings', n.settings, 'dashboard', () => import('./routes/settings.tsx')),
  r('/edit-content', n.editContent, 'dashboard', () => import('./routes/edit-content.tsx')),
  r('/products', n.scannedProducts, 'dashboard', () => import('./routes/products.tsx')),
  r('/products/manage', n.productManagement, 'dashboard', () => import('./routes/products-manage.tsx')),
  r('/products/manage/:id/lots', vi.lots.workspace.title, 'dashboard', () => import('./routes/product-lots.tsx')),
  r('/company/settings/', n.companySettings, 'dashboard', () => import('./routes/company-settings.tsx')),
  r('/company', n.companySettings, 'dashboard', () => import('./routes/company.tsx')),
  r('/qrs', n.qrManagement, 'dashboard', () => import('./routes/qrs.tsx')),

  r('/products/details/:id', n.productDetail, 'public', () => import('./routes/product-details.tsx')),
  r('/lots/:id', vi.lots.publicPage.lotLabel, 'public', () => import('./routes/lot-details.tsx')),
  r('/company/details/:id', n.companyDetail, 'public', () => import('./routes/company-details.tsx')),
  r('/scan-qr', n.scanQr, 'public', () => import('./routes/scan-qr.tsx')),
  // In the dashboard layout so a code that leads nowhere explains itself under the app's header.
  r('/redirect/:code', n.redirect, 'public', () => import('./routes/redirect.tsx')),

  r('/403', n.forbidden, 'simple', () => import('./routes/errors/403.tsx')),
  r('/404', n.notFound, 'simple', () => import('./routes/errors/404.tsx')),
  r('/500', n.serverError, 'simple', () => import('./routes/errors/500.tsx')),
];

/** Shown at '/' for visitors while the configured coming-soon date is ahead. */
export const ComingSoonPage = lazy(() => import('./routes/coming-soon.tsx'));
