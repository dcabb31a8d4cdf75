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
 * HEIC and AVIF photos are decoded whole before any scaling (libheif cannot scale while it decodes, and
 * HEIC's decoder is WebAssembly whose heap never shrinks): about 16 bytes a pixel at the peak. Their
 * bound is an iPhone's default 24 MP photo with room to spare (decision 175); a 48 MP "HEIF Max" photo
 * is refused with a message asking for a smaller one or a JPEG, which scales while it loads.
 */
export const MAX_HEIF_PIXELS = 25_000_000;
/** The longest side the decoder's first pass looks at (decode-qr.ts). */
const FIRST_PASS_SIDE = 2000;
/**
 * A photo whose decoding touches at most this many pixels is light: it may use the pool's thread kept
 * for light photos (decode-pool.ts), so large photos from one address cannot keep everyone waiting.
 */
export const LIGHT_DECODE_PIXELS = 4_200_000;

export interface CheckedPhoto {
  kind: PhotoKind;
  width: number;
  height: number;
  /** Whether decoding it costs more than LIGHT_DECODE_PIXELS. */
  heavy: boolean;
}

/**
 * How many pixels decoding a photo touches: JPEG and WebP shrink by 2, 4 or 8 while they load (down to
 * the first pass's size); every other format is decoded whole.
 */
export function decodedPixels(width: number, height: number, format: string | undefined): number {
  let shrink = 1;
  if (format === 'jpeg' || format === 'webp') {
    while (shrink < 8 && Math.max(width, height) / (shrink * 2) >= FIRST_PASS_SIDE) shrink *= 2;
  }
  return Math.ceil(width / shrink) * Math.ceil(height / shrink);
}

/**
 * What a photo sent for a scan really is, from its bytes alone: at most `maxBytes` (413), one of the
 * accepted types with a readable header (else 415), at most MAX_PHOTO_PIXELS, or MAX_HEIF_PIXELS for
 * HEIC and AVIF (413). Reads headers only: the decoding happens on the pool's threads.
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
  let meta: { width?: number; height?: number; compression?: string; format?: string };
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
  if (meta.format === 'heif' && width * height > MAX_HEIF_PIXELS)
    throw new AppError('PAYLOAD_TOO_LARGE', vi.scan.heifTooManyPixels(MAX_HEIF_PIXELS / 1_000_000));
  const heavy = decodedPixels(width, height, meta.format) > LIGHT_DECODE_PIXELS;
  return { kind, width, height, heavy };
}
