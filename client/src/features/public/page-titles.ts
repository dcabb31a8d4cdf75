/**
 * What a public page is called in the browser's tab and in a shared link's preview: its product, its
 * lot (a recalled lot says so first) or its company. One definition for the server's HTML
 * (server/http/share-tags.ts) and the page once it runs (usePageTitle), so the tab reads the same
 * before and after the page's code arrives.
 */
import { vi } from '#shared/i18n/vi/index.ts';

const s = vi.products.share;

export const productPageName = (product: { name: string }) => product.name;

export const lotPageName = (lot: { code: string; recalled: boolean }, product: { name: string }) =>
  (lot.recalled ? s.recalledLotName : s.lotName)(lot.code, product.name);

export const companyPageName = (company: { name: string }) => company.name;

/** The tab's whole title: the page's name and the app's; the app's alone where the page is the app's home. */
export const documentTitle = (name: string) =>
  name === vi.client.appName ? name : vi.client.documentTitle(name);
