import { AppError } from '#server/errors.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import { type Dimensions, imageDimensions } from './dimensions.ts';

/** Above this a decoder would need hundreds of MB: refused before decoding (a "pixel bomb"). */
export const MAX_IMAGE_PIXELS = 40_000_000;

/** Animated PNG is still a PNG. */
const ACCEPTED = {
  'image/png': 'png',
  'image/apng': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
} as const;
export type ImageExt = (typeof ACCEPTED)[keyof typeof ACCEPTED];

export interface InspectedImage extends Dimensions {
  ext: ImageExt;
  mime: keyof typeof ACCEPTED;
}

export function tooLarge(maxBytes: number): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', vi.scan.fileTooLarge((maxBytes / 1024 / 1024).toFixed(1)));
}

/**
 * What an uploaded file really is, from its bytes alone (never its name or declared type): a JPEG,
 * PNG or GIF with a readable header, at most `maxBytes` (413) and MAX_IMAGE_PIXELS (413). SVG, HTML,
 * text and everything else are 415.
 */
export async function inspectImage(bytes: Uint8Array, maxBytes: number): Promise<InspectedImage> {
  if (bytes.length > maxBytes) throw tooLarge(maxBytes);
  // Loaded on the first upload: not needed to start the server.
  const { fileTypeFromBuffer } = await import('file-type');
  const type = await fileTypeFromBuffer(bytes);
  const ext = type ? ACCEPTED[type.mime as keyof typeof ACCEPTED] : undefined;
  if (!type || !ext) throw new AppError('UNSUPPORTED_MEDIA_TYPE', vi.scan.notAnImage);
  const size = imageDimensions(bytes, ext);
  if (!size) throw new AppError('UNSUPPORTED_MEDIA_TYPE', vi.scan.notAnImage);
  if (size.width * size.height > MAX_IMAGE_PIXELS)
    throw new AppError('PAYLOAD_TOO_LARGE', vi.scan.tooManyPixels);
  return { ...size, ext, mime: type.mime as keyof typeof ACCEPTED };
}
