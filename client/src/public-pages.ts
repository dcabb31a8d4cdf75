/**
 * The pages of the table of public pages (shared/public-pages.ts, decision 198): each page NAME of the
 * table with its title, layout group and component, in one record typed by the table's names, so a page
 * the table names and this record lacks is a type error. The app's routes (app-routes.ts) and the light
 * page's (light-main.tsx) are the table's page entries with these components; the light build
 * (vite.config.ts) keeps the files imported here and sends every other page to the app.
 */
import { type PublicStrings, viPublic } from '#shared/i18n/public/vi.ts';
import { PUBLIC_PAGE_ENTRIES, type PublicPageName } from '#shared/public-pages.ts';
import { type AppRoute, onDemand, type PageModule, type RouteGroup } from './page-loader.ts';

interface PublicPage {
  /** The page's title in the page's language (decision 211). */
  title: (strings: PublicStrings) => string;
  group: RouteGroup;
  load: () => Promise<PageModule>;
}

const PAGES: Record<PublicPageName, PublicPage> = {
  productDetails: {
    title: (s) => s.nav.productDetail,
    group: 'public',
    load: () => import('./routes/product-details.tsx'),
  },
  lotDetails: {
    title: (s) => s.lot.lotLabel,
    group: 'public',
    load: () => import('./routes/lot-details.tsx'),
  },
  companyDetails: {
    title: (s) => s.nav.companyDetail,
    group: 'public',
    load: () => import('./routes/company-details.tsx'),
  },
  // In the dashboard layout so a code that leads nowhere explains itself under the app's header.
  redirect: { title: (s) => s.nav.redirect, group: 'public', load: () => import('./routes/redirect.tsx') },
  // An item's serialized code: its verdict first (issue 32).
  serialVerdict: {
    title: (s) => s.serialVerdict.product,
    group: 'public',
    load: () => import('./routes/serial-verdict.tsx'),
  },
  // The visitor's history, kept on the phone.
  visitorHistory: {
    title: (s) => s.nav.scannedProducts,
    group: 'dashboard',
    load: () => import('./routes/products.tsx'),
  },
};

/** Each page's code, loaded once whichever route asks for it (a page may have several paths). */
const loaded = Object.fromEntries(
  Object.entries(PAGES).map(([name, page]) => [name, onDemand(page.load)]),
) as Record<PublicPageName, ReturnType<typeof onDemand>>;

/** The table's pages as routes of the app. */
export const PUBLIC_ROUTES: AppRoute[] = PUBLIC_PAGE_ENTRIES.map((entry) => ({
  path: entry.path,
  title: PAGES[entry.page].title(viPublic),
  publicTitle: PAGES[entry.page].title,
  group: PAGES[entry.page].group,
  ...loaded[entry.page],
}));

/** Loads a public page's code ahead (a server-rendered first view is replaced by the same page). */
export const preloadPublicPage = (name: PublicPageName) => loaded[name].preload();
