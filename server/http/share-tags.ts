import { lotPath } from '#client/features/lots/paths.ts';
import {
  companyPageName,
  documentTitle,
  lotPageName,
  productPageName,
} from '#client/features/public/page-titles.ts';
import { companyPath, productPath } from '#client/features/public/paths.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import { imageVariant } from '#shared/image-variants.ts';

const t = vi.products.share;

/** What a preview is made of: the public answer's fields (the server's and the client's type alike). */
interface SharedProduct {
  id: number;
  name: string;
  origin: string | null;
  image: string | null;
  company: { name: string } | null;
  trackings: readonly unknown[];
}

interface SharedLot {
  id: number;
  code: string;
  recalled: boolean;
  /** Made from a recalled batch (decision 200). */
  inputRecallCode: string | null;
}

interface SharedCompany {
  id: number;
  name: string;
  address: string | null;
}

/** Text for an HTML attribute or element: the five characters that could end or open markup. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** Longest description a link preview shows whole (Facebook cuts near 160-200 characters). */
const DESCRIPTION_MAX = 200;

const sentence = (parts: string[]) => {
  const text = parts.filter(Boolean).join(' ').replace(/\s+/g, ' ').trim();
  return text.length > DESCRIPTION_MAX ? `${text.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…` : text;
};

/** What the preview says under the name: origin, maker, length of the journey, and what the page is. */
export function shareDescription(product: SharedProduct): string {
  return sentence([
    product.origin ? t.origin(product.origin) : '',
    product.company?.name ? t.company(product.company.name) : '',
    product.trackings.length ? t.steps(product.trackings.length) : '',
    t.cta,
  ]);
}

/**
 * The picture of a shared link: the product's cover as the phone-sized copy (decision 075), as an
 * absolute address on PUBLIC_URL (crawlers do not resolve relative ones). An absolute http(s) cover is
 * kept as it is; no cover, no picture.
 */
export function shareImage(image: string | null, publicUrl: string): string | null {
  if (!image) return null;
  if (/^https?:\/\//i.test(image)) return image;
  if (!image.startsWith('/') || image.startsWith('//')) return null;
  return `${publicUrl.replace(/\/+$/, '')}${imageVariant(image, 640)}`;
}

interface Head {
  /** The page's name (page-titles.ts): og:title, and the tab's title with the app's name. */
  name: string;
  description: string;
  path: string;
  type: 'product' | 'website';
  image: string | null;
}

/** A public page's title and the Open Graph tags a link preview reads (Zalo and Facebook read og:*, others the plain description); every value escaped. */
function headTags(head: Head, publicUrl: string): string {
  const url = `${publicUrl.replace(/\/+$/, '')}${head.path}`;
  const image = shareImage(head.image, publicUrl);
  const meta = (attr: 'name' | 'property', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`;
  return [
    `<title>${escapeHtml(documentTitle(head.name))}</title>`,
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta('property', 'og:type', head.type),
    meta('property', 'og:site_name', t.siteName),
    meta('property', 'og:locale', 'vi_VN'),
    meta('property', 'og:title', head.name),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', url),
    ...(image ? [meta('property', 'og:image', image), meta('property', 'og:image:alt', head.name)] : []),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
  ].join('\n    ');
}

/**
 * The head of a server-rendered product page. og:url is the product page's address, also for a
 * printed code's address: one product, one shared address.
 */
export function shareHead(product: SharedProduct, publicUrl: string): string {
  const head: Head = {
    name: productPageName(product),
    description: shareDescription(product),
    path: productPath(product.id),
    type: 'product',
    image: product.image,
  };
  return headTags(head, publicUrl);
}

/** A lot's page: the lot by its code and product, a recall (its own or an input's) said first, the lot's own address. */
export function lotShareHead(lot: SharedLot, product: SharedProduct, publicUrl: string): string {
  const description = lot.recalled
    ? sentence([t.lotRecalled, t.lotCta])
    : lot.inputRecallCode
      ? sentence([t.lotInputRecalled, t.lotCta])
      : sentence([
          product.origin ? t.origin(product.origin) : '',
          product.company?.name ? t.company(product.company.name) : '',
          t.lotCta,
        ]);
  const head: Head = {
    name: lotPageName(lot, product),
    description,
    path: lotPath(lot.id),
    type: 'product',
    image: product.image,
  };
  return headTags(head, publicUrl);
}

/** A company's page: its name, where it is, and what the page shows. */
export function companyShareHead(company: SharedCompany, publicUrl: string): string {
  const head: Head = {
    name: companyPageName(company),
    description: sentence([company.address ? t.address(company.address) : '', t.companyCta]),
    path: companyPath(company.id),
    type: 'website',
    image: null,
  };
  return headTags(head, publicUrl);
}
