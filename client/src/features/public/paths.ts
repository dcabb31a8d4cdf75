/** The public product page's address: where a scan, a history entry or a shared link opens a product. */
export { productPath } from '#shared/public-paths.ts';
