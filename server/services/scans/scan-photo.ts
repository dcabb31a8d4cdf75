import { AppError } from '#server/errors.ts';
import { imageDimensions } from '#server/services/uploads/dimensions.ts';
import { tooLarge } from '#server/services/uploads/inspect.ts';
import { vi } from '#shared/i18n/vi/index.ts';

/**
 * A photo scan accepts what phones save: JPEG, PNG, GIF, WebP, and HEIF pictures (HEIC, what iPhones
 * save, and AVIF). `heic` needs libheif's HEVC decoder (decode-qr.ts); the rest are read by sharp.
 */
const ACCEPTED = {
  'image/jpeg': 'sharp',
  'image/png': 'sharp',
  'image/apng': 'sharp',
  'image/gif': 'sharp',
  'image/webp': 'sharp',
  'image/avif': 'sharp',
  'image/heic': 'heic',
  'image/heic-sequence': 'heic',
  'image/heif': 'heif',
  'image/heif-sequence': 'heif',
} as const;
const HEADER_EXT = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/apng': 'png',
  'image/gif': 'gif',
} as const;
export type PhotoKind = 'sharp' | 'heic';

/**
 * Pictures of any size a phone makes are scaled down, not refused (decision 120); only a declared
 * size beyond every camera (libvips' own default ceiling, a "pixel bomb") is refused before decoding.
 */
export const MAX_PHOTO_PIXELS = 0x3fff * 0x3fff;
/**
 * A HEIC photo is decoded whole, in libheif's WebAssembly heap, which never shrinks (decision 120): its
 * bound is the largest iPhone photo (48 MP) with room to spare, not libvips' ceiling.
 */
export const MAX_HEIC_PIXELS = 50_000_000;

export interface CheckedPhoto {
  kind: PhotoKind;
  width: number;
  height: number;
}

/**
 * What a photo sent for a scan really is, from its bytes alone: at most `maxBytes` (413), one of the
 * accepted types with a readable header (else 415), at most MAX_PHOTO_PIXELS (413). Reads headers
 * only: the decoding happens on the pool's threads.
 */
export async function inspectScanPhoto(bytes: Uint8Array, maxBytes: number): Promise<CheckedPhoto> {
  if (bytes.length > maxBytes) throw tooLarge(maxBytes);
  // Loaded on the first scan: not needed to start the server.
  const { fileTypeFromBuffer } = await import('file-type');
  const type = await fileTypeFromBuffer(bytes);
  const accepted = type ? ACCEPTED[type.mime as keyof typeof ACCEPTED] : undefined;
  if (!accepted) throw new AppError('UNSUPPORTED_MEDIA_TYPE', vi.scan.notAPhoto);
  // A declared size beyond every camera is refused from the header alone, before libvips reads it.
  const header = HEADER_EXT[type?.mime as keyof typeof HEADER_EXT];
  const declared = header ? imageDimensions(bytes, header) : null;
  if (declared && declared.width * declared.height > MAX_PHOTO_PIXELS)
    throw new AppError('PAYLOAD_TOO_LARGE', vi.scan.tooManyPixels);
  const { default: sharp } = await import('sharp');
  let meta: { width?: number; height?: number; compression?: string };
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', vi.scan.notAPhoto);
  }
  const { width = 0, height = 0 } = meta;
  if (width <= 0 || height <= 0) throw new AppError('UNSUPPORTED_MEDIA_TYPE', vi.scan.notAPhoto);
  if (width * height > MAX_PHOTO_PIXELS) throw new AppError('PAYLOAD_TOO_LARGE', vi.scan.tooManyPixels);
  // A HEIF file's own compression says which decoder it needs: HEVC (HEIC) or AV1 (AVIF).
  const kind: PhotoKind = accepted === 'heif' ? (meta.compression === 'hevc' ? 'heic' : 'sharp') : accepted;
  if (kind === 'heic' && width * height > MAX_HEIC_PIXELS)
    throw new AppError('PAYLOAD_TOO_LARGE', vi.scan.tooManyPixels);
  return { kind, width, height };
}
