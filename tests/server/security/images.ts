import { deflateSync } from 'node:zlib';

/** Hand-made image bytes for attack tests: valid headers, declared sizes of our choosing. */
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/**
 * A grayscale PNG of `width` x `height`. `pixels` gives the raw rows (defaults to white); with
 * `declaredOnly` the IDAT holds a single row, so a huge declared size costs a few bytes.
 */
export function png(
  width: number,
  height: number,
  options: { noise?: boolean; declaredOnly?: boolean } = {},
): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // grayscale
  const rows = options.declaredOnly ? 1 : height;
  const raw = Buffer.alloc(rows * (width + 1), 0xff);
  for (let y = 0; y < rows; y++) raw[y * (width + 1)] = 0; // filter byte
  if (options.noise)
    for (let i = 0; i < raw.length; i++) if (i % (width + 1)) raw[i] = (Math.random() * 256) | 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: options.noise ? 0 : 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A GIF89a header declaring width x height, then whatever `rest` holds (a script, for a polyglot). */
export function gif(
  width: number,
  height: number,
  rest: string | Buffer = Buffer.from([0x00, 0x00, 0x00, 0x3b]),
): Buffer {
  const head = Buffer.alloc(13);
  head.write('GIF89a', 0, 'latin1');
  head.writeUInt16LE(width, 6);
  head.writeUInt16LE(height, 8);
  return Buffer.concat([head, typeof rest === 'string' ? Buffer.from(rest, 'latin1') : rest]);
}

/** A JPEG whose start-of-frame declares width x height (no real scan data). */
export function jpeg(width: number, height: number): Buffer {
  const app0 = Buffer.from([
    0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00,
    0x00,
  ]);
  const sof = Buffer.from([
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    height >> 8,
    height & 255,
    width >> 8,
    width & 255,
    0x03,
    0x01,
    0x22,
    0x00,
    0x02,
    0x11,
    0x01,
    0x03,
    0x11,
    0x01,
  ]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.from([0xff, 0xd9])]);
}

/**
 * A big, real photo-sized PNG (`side` x `side`, grayscale) holding one QR code of `text`: the kind of
 * picture a phone sends, near the pixel cap, that takes the decoder a long while.
 */
export async function bigQrPng(text: string, side = 6300): Promise<Buffer> {
  const { default: QRCode } = await import('qrcode');
  const { default: sharp } = await import('sharp');
  const qr = await QRCode.toBuffer(text, { type: 'png', margin: 4, width: 600 });
  return sharp(qr)
    .resize(side, side, { kernel: 'nearest' })
    .grayscale()
    .png({ compressionLevel: 9 })
    .toBuffer();
}
