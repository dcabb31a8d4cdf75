import { readFileSync } from 'node:fs';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { scanEvents } from '#server/db/schema/index.ts';
import { MAX_HEIF_PIXELS } from '#server/services/scans/scan-photo.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import { createTestApi } from '#tests/helpers/http.ts';
import { makeProduct, people, postFile } from './helpers.ts';

/** The code tests/fixtures/make-heic-qr.mjs printed into the HEIC photo. */
const HEIC_CODE = 'heicqr234567';
const HEIC = readFileSync(new URL('../../fixtures/photo-qr.heic', import.meta.url));

async function setup() {
  const api = await createTestApi();
  const p = await people(api.deps);
  const honey = await makeProduct(
    api.deps,
    p.companyA.id,
    { name: 'Mật ong', status: 'ACTIVE' },
    [],
    'photoqr23456',
  );
  const coffee = await makeProduct(
    api.deps,
    p.companyA.id,
    { name: 'Cà phê', status: 'ACTIVE' },
    [],
    HEIC_CODE,
  );
  return { api, honey, coffee };
}

const qrOf = (code: string, width: number) =>
  QRCode.toBuffer(`http://localhost:3000/redirect/${code}`, { errorCorrectionLevel: 'M', margin: 4, width });

/**
 * A phone-like photo: a noisy scene of `width` x `height` (sensor noise makes real photos' JPEGs
 * large) with our printed codes placed on it, slightly rotated.
 */
async function photo(
  width: number,
  height: number,
  codes: { code: string; size: number; left: number; top: number }[],
  sigma = 40,
) {
  const overlays = await Promise.all(
    codes.map(async ({ code, size, left, top }) => ({
      input: await sharp(await qrOf(code, size))
        .rotate(7, { background: '#ccc' })
        .toBuffer(),
      left,
      top,
    })),
  );
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#8a8276',
      noise: { type: 'gaussian', mean: 120, sigma },
    },
  }).composite(overlays);
}

describe('[GUEST][REST][products] scan a phone photo', () => {
  it('[GUEST][REST][products]: a 48 MP JPEG (over the old pixel cap) is scaled down and answers the product', async () => {
    const { api, honey } = await setup();
    const jpeg = await (
      await photo(8000, 6000, [{ code: 'photoqr23456', size: 1400, left: 3000, top: 2200 }], 6)
    )
      .jpeg({ quality: 70 })
      .toBuffer();
    expect(jpeg.length).toBeLessThan(15 * 1024 * 1024);
    const meta = await sharp(jpeg).metadata();
    expect((meta.width ?? 0) * (meta.height ?? 0)).toBe(48_000_000);
    const res = await postFile(api, '/products/scan-qr', jpeg, 'IMG_0001.jpg', undefined, 'image/jpeg');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: honey.id, name: 'Mật ong' });
    expect(res.body.data.found.map((f: { id: number }) => f.id)).toEqual([honey.id]);
    expect(await api.deps.db.select().from(scanEvents)).toHaveLength(1);
    // Drawing and encoding the 48 MP fixture takes most of this: seconds alone, tens beside other test files.
  }, 90_000);

  it('[GUEST][REST][products]: a 12 MP quality-95 JPEG of about 7 MB (over the 5 MB upload limit) answers the product', async () => {
    const { api, honey } = await setup();
    const jpeg = await (await photo(4000, 3000, [{ code: 'photoqr23456', size: 900, left: 1500, top: 1000 }]))
      .jpeg({ quality: 95 })
      .toBuffer();
    expect(jpeg.length).toBeGreaterThan(6 * 1024 * 1024);
    expect(jpeg.length).toBeLessThan(15 * 1024 * 1024);
    const res = await postFile(api, '/products/scan-qr', jpeg, 'IMG_0002.jpg', undefined, 'image/jpeg');
    expect(res.status).toBe(200);
    expect(res.body.data.id).toBe(honey.id);
  });

  it('[GUEST][REST][products]: a WebP photo answers the product', async () => {
    const { api, honey } = await setup();
    const webp = await (await photo(3000, 2000, [{ code: 'photoqr23456', size: 700, left: 1100, top: 600 }]))
      .webp({ quality: 70 })
      .toBuffer();
    const res = await postFile(api, '/products/scan-qr', webp, 'anh.webp', undefined, 'image/webp');
    expect(res.status).toBe(200);
    expect(res.body.data.id).toBe(honey.id);
  });

  it('[GUEST][REST][products]: a HEIC photo (HEVC, an iPhone 12 MP frame) answers the product', async () => {
    const { api, coffee } = await setup();
    expect(HEIC.subarray(4, 12).toString('latin1')).toBe('ftypheic');
    const res = await postFile(api, '/products/scan-qr', HEIC, 'IMG_0003.HEIC', undefined, 'image/heic');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: coffee.id, name: 'Cà phê' });
  });

  it('[GUEST][REST][products]: two of our codes in one picture answer both, and no scan until the shopper picks', async () => {
    const { api, honey, coffee } = await setup();
    const jpeg = await (
      await photo(3000, 2000, [
        { code: 'photoqr23456', size: 700, left: 200, top: 500 },
        { code: HEIC_CODE, size: 700, left: 1900, top: 600 },
      ])
    )
      .jpeg({ quality: 85 })
      .toBuffer();
    const res = await postFile(api, '/products/scan-qr', jpeg, 'ke-hang.jpg', undefined, 'image/jpeg');
    expect(res.status).toBe(200);
    const ids = res.body.data.found.map((f: { id: number }) => f.id).sort();
    expect(ids).toEqual([honey.id, coffee.id].sort());
    expect([honey.id, coffee.id]).toContain(res.body.data.id);
    expect(await api.deps.db.select().from(scanEvents)).toHaveLength(0);
  });

  it('[GUEST][REST][products]: our code beside a foreign one answers ours alone', async () => {
    const { api, honey } = await setup();
    const foreign = await sharp(
      await QRCode.toBuffer('https://evil.example/redirect/photoqr23456', { margin: 4, width: 700 }),
    ).toBuffer();
    const jpeg = await (await photo(3000, 2000, [{ code: 'photoqr23456', size: 700, left: 200, top: 500 }]))
      .composite([
        { input: await sharp(await qrOf('photoqr23456', 700)).toBuffer(), left: 200, top: 500 },
        { input: foreign, left: 1900, top: 600 },
      ])
      .jpeg({ quality: 85 })
      .toBuffer();
    const res = await postFile(api, '/products/scan-qr', jpeg, 'x.jpg', undefined, 'image/jpeg');
    expect(res.status).toBe(200);
    expect(res.body.data.found.map((f: { id: number }) => f.id)).toEqual([honey.id]);
  });

  it('[GUEST][REST][products]: corrupt, truncated and non-image files get their Vietnamese message, never a 500', async () => {
    const { api } = await setup();
    const good = await (await photo(1600, 1200, [{ code: 'photoqr23456', size: 500, left: 500, top: 300 }]))
      .jpeg()
      .toBuffer();
    const truncated = good.subarray(0, 2000);
    const corrupt = Buffer.from(good);
    corrupt.fill(0x55, 600, corrupt.length - 10);
    const heicCut = HEIC.subarray(0, 4000);
    for (const [name, bytes] of [
      ['truncated.jpg', truncated],
      ['corrupt.jpg', corrupt],
      ['cut.heic', heicCut],
    ] as const) {
      const res = await postFile(api, '/products/scan-qr', bytes, name);
      expect([400, 415], name).toContain(res.status);
      expect([vi.scan.noCodeInImage, vi.scan.notAPhoto], name).toContain(res.body.message);
    }
    const text = await postFile(api, '/products/scan-qr', Buffer.from('xin chào, không phải ảnh'), 'a.jpg');
    expect(text.status).toBe(415);
    expect(text.body.message).toBe(vi.scan.notAPhoto);
  });

  it('[GUEST][REST][products]: a HEIC declaring more than 25 MP (49 MP here) is 413 before libheif decodes it', async () => {
    const { api } = await setup();
    // The image's declared size lives in its 'ispe' property: version/flags, then width and height.
    const big = Buffer.from(HEIC);
    const at = big.indexOf('ispe', 0, 'latin1');
    expect(at).toBeGreaterThan(0);
    big.writeUInt32BE(7_000, at + 8);
    big.writeUInt32BE(7_000, at + 12);
    const res = await postFile(api, '/products/scan-qr', big, 'IMG_9999.HEIC');
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(vi.scan.heifTooManyPixels(MAX_HEIF_PIXELS / 1_000_000));
  });

  it('[GUEST][REST][products]: a photo over PHOTO_SCAN_MAX_BYTES is 413 with the limit in the message', async () => {
    const api = await createTestApi({ PHOTO_SCAN_MAX_BYTES: String(1024 * 1024) });
    const jpeg = await (await photo(2000, 2000, [])).jpeg({ quality: 100 }).toBuffer();
    expect(jpeg.length).toBeGreaterThan(1024 * 1024);
    const res = await postFile(api, '/products/scan-qr', jpeg, 'big.jpg');
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(vi.scan.fileTooLarge('1.0'));
  });
});
