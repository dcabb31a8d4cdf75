import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { PhotoKind } from './scan-photo.ts';

let ready: Promise<unknown> | undefined;

/**
 * zxing-wasm fetches its WebAssembly from a public CDN unless told otherwise: read it from
 * node_modules instead, once per process (offline machines and firewalls must work).
 */
function prepare(): Promise<unknown> {
  ready ??= (async () => {
    // Loaded on the first decode: not needed to start the server.
    const { prepareZXingModule } = await import('zxing-wasm/reader');
    const file = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
    const bytes = await readFile(file);
    const wasmBinary = bytes.buffer.slice(
      bytes.byteOffset,
      bytes.byteOffset + bytes.byteLength,
    ) as ArrayBuffer;
    return prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true });
  })().catch((err) => {
    ready = undefined; // let the next call try again
    throw err;
  });
  return ready;
}

/** At most this many codes are read from one picture (a shelf photo, a sheet of labels). */
export const MAX_CODES_PER_PICTURE = 8;

/**
 * The longest side the decoder sees first, then (when nothing was found in a larger picture) a
 * second, finer pass: a phone photo is scaled down before decoding (decision 120), which keeps the
 * decoder's time and memory bounded whatever the camera's pixel count; the finer pass keeps small
 * codes in a large photo readable.
 */
const PASSES = [2000, 4000];

/**
 * HEIC (HEVC inside HEIF, what iPhones save) is decoded by libheif's WebAssembly build (heic-decode):
 * sharp's bundled libvips reads AVIF-in-HEIF but has no HEVC decoder (decision 120). Every other
 * format goes straight to sharp.
 */
async function sourceOf(bytes: Uint8Array, kind: PhotoKind) {
  const { default: sharp } = await import('sharp');
  // libvips' operation cache (50 MB by default) would keep a large photo's pixels after its answer.
  sharp.cache(false);
  if (kind === 'heic') {
    const { default: decodeHeic } = await import('heic-decode');
    const image = await decodeHeic({ buffer: bytes });
    return sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength), {
      raw: { width: image.width, height: image.height, channels: 4 },
    });
  }
  // The first frame of an animated GIF/WebP; EXIF orientation applied by rotate().
  return sharp(bytes, { failOn: 'error', limitInputPixels: false }).rotate();
}

/**
 * The texts of the QR codes in a photo, in the order the decoder found them, without repeats. The
 * photo must already be checked (type and declared pixel count: scan-photo.ts). Throws on a file
 * that cannot be decoded (corrupt, truncated): the caller answers "no QR code in this picture".
 */
export async function decodeQrCodes(bytes: Uint8Array, kind: PhotoKind): Promise<string[]> {
  await prepare();
  const { readBarcodes } = await import('zxing-wasm/reader');
  const source = await sourceOf(bytes, kind);
  const meta = await source.metadata();
  const original = Math.max(meta.width ?? 0, meta.height ?? 0);
  for (const longSide of PASSES) {
    const { data, info } = await source
      .clone()
      .resize({ width: longSide, height: longSide, fit: 'inside', withoutEnlargement: true })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    // zxing-wasm reads any { data, width, height } RGBA pixmap; Node has no ImageData class.
    const pixels = {
      data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength),
      width: info.width,
      height: info.height,
    };
    const results = await readBarcodes(pixels as unknown as ImageData, {
      formats: ['QRCode'],
      tryHarder: true,
      maxNumberOfSymbols: MAX_CODES_PER_PICTURE,
    });
    const texts = [...new Set(results.filter((r) => r.isValid && r.text).map((r) => r.text))];
    if (texts.length > 0 || original <= longSide) return texts;
  }
  return [];
}

/** The text of the first QR code in a PNG/JPEG/GIF/WebP picture, or null (tests, tools). */
export async function decodeQr(bytes: Uint8Array): Promise<string | null> {
  return (await decodeQrCodes(bytes, 'sharp'))[0] ?? null;
}
