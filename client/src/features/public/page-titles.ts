/**
 * What a public page is called in the browser's tab and in a shared link's preview: its product, its
 * lot (a recalled lot says so first) or its company. One definition for the server's HTML
 * (server/http/share-tags.ts) and the page once it runs (usePageTitle), so the tab reads the same
 * before and after the page's code arrives.
 */
import { type PublicStrings, viPublic } from '#shared/i18n/public/vi.ts';

export const productPageName = (product: { name: string }) => product.name;

/** `strings`: the page's language's (decision 211); Vietnamese's when not said. */
export const lotPageName = (
  lot: { code: string; recalled: boolean },
  product: { name: string },
  strings: PublicStrings = viPublic,
) => (lot.recalled ? strings.share.recalledLotName : strings.share.lotName)(lot.code, product.name);

export const companyPageName = (company: { name: string }) => company.name;

/** The tab's whole title: the page's name and the app's; the app's alone where the page is the app's home. */
export const documentTitle = (name: string, strings: PublicStrings = viPublic) =>
  name === strings.client.appName ? name : strings.client.documentTitle(name);
