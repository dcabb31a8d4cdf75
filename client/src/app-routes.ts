/**
 * Every path of the app (decision 030), each page loaded on demand. To add a page, point its entry at the file in
 * routes/ (one default-exported component per file); the group picks the layout and the guard. The public
 * pages a phone opens by address are the table's (shared/public-pages.ts), with their components in
 * public-pages.ts.
 */
import { lazy } from 'react';
import { nav as viNav } from '#shared/i18n/vi/nav.ts';
import type { AppRoute } from './page-loader.ts';
import { route as r } from './page-loader.ts';
import { PUBLIC_ROUTES } from './public-pages.ts';

export type { AppRoute, RouteGroup } from './page-loader.ts';

const n = viNav;

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
  r('/products/manage', n.productManagement, 'dashboard', () => import('./routes/products-manage.tsx')),
  r('/products/manage/:id/lots', n.lots, 'dashboard', () => import('./routes/product-lots.tsx')),
  r('/products/manage/:id/lots/:lotId', n.lots, 'dashboard', () => import('./routes/lot-workspace.tsx')),
  r('/partners', n.partners, 'dashboard', () => import('./routes/partners.tsx')),
  r('/plots', n.plots, 'dashboard', () => import('./routes/plots.tsx')),
  r('/company/settings/', n.companySettings, 'dashboard', () => import('./routes/company-settings.tsx')),
  r('/company', n.companySettings, 'dashboard', () => import('./routes/company.tsx')),
  r('/qrs', n.qrManagement, 'dashboard', () => import('./routes/qrs.tsx')),
  r('/serials', n.serials, 'dashboard', () => import('./routes/serials.tsx')),

  ...PUBLIC_ROUTES,
  r('/scan-qr', n.scanQr, 'public', () => import('./routes/scan-qr.tsx'), (s) => s.nav.scanQr),

  r('/403', n.forbidden, 'simple', () => import('./routes/errors/403.tsx'), (s) => s.nav.forbidden),
  r('/404', n.notFound, 'simple', () => import('./routes/errors/404.tsx'), (s) => s.nav.notFound),
  r('/500', n.serverError, 'simple', () => import('./routes/errors/500.tsx'), (s) => s.nav.serverError),
];

/** Shown at '/' for visitors while the configured coming-soon date is ahead. */
export const ComingSoonPage = lazy(() => import('./routes/coming-soon.tsx'));
