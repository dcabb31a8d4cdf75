/**
 * Phone-sized copies of uploaded photos (decision 075): an upload is often a camera's full-size original,
 * far too heavy for a phone on a slow network. `/uploads/{name}?w={width}` answers a WebP copy at most that
 * wide, made once on first request and kept (server/services/uploads/variants.ts). Only these widths
 * exist, so nobody can make the server produce and store an unbounded number of copies.
 */
export const IMAGE_VARIANT_WIDTHS = [160, 640] as const;
export type ImageVariantWidth = (typeof IMAGE_VARIANT_WIDTHS)[number];

/** What an uploaded, resizable image's address looks like: server-made names of the raster types. */
export const UPLOAD_IMAGE_PATH = /^\/uploads\/([A-Za-z0-9_-]+\.(?:jpe?g|png|gif))$/;

/**
 * The copy of `url` at `width`, for an upload; any other address (an SVG, a link elsewhere) as it is.
 * 640 for a page's main picture (sharp at phone widths, a fraction of the original), 160 for thumbnails.
 */
export function imageVariant(url: string, width: ImageVariantWidth): string {
  return UPLOAD_IMAGE_PATH.test(url) ? `${url}?w=${width}` : url;
}
