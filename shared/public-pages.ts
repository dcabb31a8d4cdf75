import { viPublic } from '#shared/i18n/public/vi.ts';
import { products as viProducts } from '#shared/i18n/vi/products.ts';

/**
 * The table of public pages and answers (decision 198): every path a scan or a shopper's phone takes,
 * declared once, with the answer it is given and the page that shows it. Everything else is read from
 * it, so they cannot disagree:
 *
 * - the server's public routes (server/http/public-routes.ts, `mountPublicRoutes`) and the dispatcher in
 *   front of the app (server/http/public-dispatcher.ts): each entry with an answer, found by its kind and
 *   key (`by`) through the public answers (server/services/products/public-answers.ts), whose field
 *   lists are in server/db/public-answers/answers.ts;
 * - the paths the server answers with the light page (server/http/static-client.ts, decision 140);
 * - the client's public routes (client/src/public-pages.ts maps each page NAME to its component in one
 *   typed record, so a page missing there is a type error) and so the light build's pages
 *   (vite.config.ts, client/src/light-main.tsx).
 *
 * A new kind of public answer is an entry here, its field list (answers.ts) and its page (the client's
 * record, and its first view when the server renders it).
 */

/** The kinds of public answer (server/db/public-answers/answers.ts has each one's field list). */
export type PublicAnswerKind = 'product' | 'shortLink' | 'lot';

/**
 * What an answer is asked by: a printed code (folded, decision 084) or a positive id. The key is the
 * path's parameter of that name (`/lots/:id`) or the tRPC input's field (`{"id":7}`).
 */
export type AnswerKey = 'code' | 'id';

/** The public pages by name: the client's record gives each its component (client/src/public-pages.ts). */
export type PublicPageName =
  | 'productDetails'
  | 'redirect'
  | 'lotDetails'
  | 'companyDetails'
  | 'visitorHistory'
  | 'serialVerdict';

interface Answered {
  path: string;
  answer: PublicAnswerKind;
  by: AnswerKey;
}

export type PublicEntry =
  /** A REST answer in the API's envelope; `scans`: an answer sent records a scan. */
  | (Answered & { kind: 'rest'; scans: boolean; notFound: string })
  /** A tRPC query the app's batch link sends alone (`?batch=1&input={"0":{…}}`). */
  | (Answered & { kind: 'trpc'; scans: boolean })
  /**
   * A page a phone opens by address: the light page, server-rendered with its answer when it has one
   * (the first view, kept with the answer); `scanCode`: the page carries the printed code it was opened
   * by, whose scan the app then records with the viewer's session; `askedLot`: the address may name a lot
   * the product does not have (`?lot=`, decision 184), a page drawn for that request, never kept.
   */
  | {
      kind: 'page';
      path: string;
      page: PublicPageName;
      answer?: Omit<Answered, 'path'>;
      scanCode?: true;
      askedLot?: true;
    };

export type PublicEntryKind = PublicEntry['kind'];

export const PUBLIC_PAGES: readonly PublicEntry[] = [
  // A printed code: what third parties resolve, what the app's scan resolves, what a phone's camera opens.
  {
    kind: 'rest',
    path: '/api/products/qr-codes/:code',
    answer: 'product',
    by: 'code',
    scans: true,
    notFound: viProducts.notFound,
  },
  { kind: 'trpc', path: '/api/trpc/products.resolve', answer: 'product', by: 'code', scans: true },
  {
    kind: 'rest',
    path: '/api/shortLinks/:code',
    answer: 'shortLink',
    by: 'code',
    scans: false,
    notFound: viProducts.shortLinkNotFound,
  },
  // No scan here: the app's resolve records it, with the viewer's session.
  {
    kind: 'page',
    path: '/redirect/:code',
    page: 'redirect',
    answer: { answer: 'product', by: 'code' },
    scanCode: true,
  },
  {
    kind: 'page',
    path: '/products/details/:id',
    page: 'productDetails',
    answer: { answer: 'product', by: 'id' },
    askedLot: true,
  },
  // A lot's page and its answer (decision 126).
  {
    kind: 'rest',
    path: '/api/public/lots/:id',
    answer: 'lot',
    by: 'id',
    scans: false,
    // vi.lots.notFound's words, from the public strings so the light page needs not the workspace's lots module.
    notFound: viPublic.lot.notFoundTitle,
  },
  { kind: 'trpc', path: '/api/trpc/lots.publicById', answer: 'lot', by: 'id', scans: false },
  { kind: 'page', path: '/lots/:id', page: 'lotDetails', answer: { answer: 'lot', by: 'id' } },
  // Light pages without a kept answer: the app's own data layer asks for theirs.
  { kind: 'page', path: '/company/details/:id', page: 'companyDetails' },
  { kind: 'page', path: '/products', page: 'visitorHistory' },
  // One item's serialized code (issue 32): its verdict, counted and server-rendered, then the product. The
  // short path for a product without a GTIN, and the Digital Links with a serial, taken before the resolver.
  { kind: 'page', path: '/s/:serial', page: 'serialVerdict' },
  { kind: 'page', path: '/01/:gtin/21/:serial', page: 'serialVerdict' },
  { kind: 'page', path: '/01/:gtin/10/:lot/21/:serial', page: 'serialVerdict' },
];

export type PublicPageEntry = Extract<PublicEntry, { kind: 'page' }>;

/** The pages of the table: the paths the server answers with the light page, and the light build's routes. */
export const PUBLIC_PAGE_ENTRIES = PUBLIC_PAGES.filter((e): e is PublicPageEntry => e.kind === 'page');

/**
 * A page's address for one product, lot, company or printed code: its path in the table with its
 * parameter filled (`pagePath('lotDetails', 7)` is `/lots/7`; a page without a parameter takes no key), so that the links the server and the client
 * write (shared/public-paths.ts, a code's printed URL) cannot drift from the paths the server answers.
 */
export function pagePath(page: PublicPageName, key?: string | number): string {
  const entry = PUBLIC_PAGE_ENTRIES.find((e) => e.page === page);
  if (!entry) throw new Error(`no public page ${page}`);
  if (key === undefined && /:\w+$/.test(entry.path)) throw new Error(`public page ${page} needs its key`);
  return entry.path.replace(/:\w+$/, () => String(key));
}
