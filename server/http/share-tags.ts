import { vi } from '#shared/i18n/vi/index.ts';
import { imageVariant } from '#shared/image-variants.ts';
import { productPath } from '#client/features/public/paths.ts';

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

/** Text for an HTML attribute or element: the five characters that could end or open markup. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** Longest description a link preview shows whole (Facebook cuts near 160-200 characters). */
const DESCRIPTION_MAX = 200;

/** What the preview says under the name: origin, maker, length of the journey, and what the page is. */
export function shareDescription(product: SharedProduct): string {
  const parts = [
    product.origin ? t.origin(product.origin) : '',
    product.company?.name ? t.company(product.company.name) : '',
    product.trackings.length ? t.steps(product.trackings.length) : '',
    t.cta,
  ].filter(Boolean);
  const text = parts.join(' ').replace(/\s+/g, ' ').trim();
  return text.length > DESCRIPTION_MAX ? `${text.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…` : text;
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

/**
 * The head of a server-rendered product page: its title and the Open Graph tags a link preview reads
 * (Zalo and Facebook read og:*, others the plain description). og:url is the product page's address,
 * also for a printed code's address: one product, one shared address. Every value is escaped.
 */
export function shareHead(product: SharedProduct, publicUrl: string): string {
  const title = t.title(product.name);
  const description = shareDescription(product);
  const url = `${publicUrl.replace(/\/+$/, '')}${productPath(product.id)}`;
  const image = shareImage(product.image, publicUrl);
  const meta = (attr: 'name' | 'property', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`;
  return [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta('property', 'og:type', 'product'),
    meta('property', 'og:site_name', t.siteName),
    meta('property', 'og:locale', 'vi_VN'),
    meta('property', 'og:title', product.name),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    ...(image ? [meta('property', 'og:image', image), meta('property', 'og:image:alt', product.name)] : []),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
  ].join('\n    ');
}
