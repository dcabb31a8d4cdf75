import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { scanEvents } from '#server/db/schema/index.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import { createTestApi } from '#tests/helpers/http.ts';
import { makeProduct, people, postFile, qrPng, whitePng } from './helpers.ts';

const PHOTO = readFileSync(new URL('../../fixtures/photo-qr.jpg', import.meta.url));
/** The code tests/fixtures/make-photo-qr.mjs printed into the photo. */
const PHOTO_CODE = 'photoqr23456';

async function setup(env: Record<string, string> = {}) {
  const api = await createTestApi(env);
  const p = await people(api.deps);
  const product = await makeProduct(
    api.deps,
    p.companyA.id,
    { name: 'Mật ong', status: 'ACTIVE' },
    [],
    PHOTO_CODE,
  );
  return { api, p, product };
}

/**
 * A PNG whose header claims 20000 x 20000 pixels (a "pixel bomb", beyond every camera): refused before
 * any decoding.
 */
function hugePngHeader(): Uint8Array {
  const b = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b, 0);
  b.writeUInt32BE(13, 8);
  b.write('IHDR', 12, 'latin1');
  b.writeUInt32BE(20_000, 16);
  b.writeUInt32BE(20_000, 20);
  b[24] = 8;
  b[25] = 6;
  return b;
}

describe('[GUEST][REST][products] scan a QR image', () => {
  it('[GUEST][REST][products]: a clean QR PNG of our redirect URL answers the product and records a scan', async () => {
    const { api, product } = await setup();
    const png = await qrPng(`http://localhost:3000/redirect/${PHOTO_CODE}`);
    const res = await postFile(api, '/products/scan-qr', png, 'ma-qr.png', undefined, 'image/png');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: product.id, name: 'Mật ong', qr_code: PHOTO_CODE });
    expect(res.body.data.company.name).toBe('Công ty Cà phê Đắk Lắk');
    expect(await api.deps.db.select().from(scanEvents)).toHaveLength(1);
  });

  it('[GUEST][REST][products]: a phone-like JPEG photo (rotated, skewed, noisy) is decoded', async () => {
    const { api, product } = await setup();
    const res = await postFile(api, '/products/scan-qr', PHOTO, 'IMG_2024.jpg', undefined, 'image/jpeg');
    expect(res.status).toBe(200);
    expect(res.body.data.id).toBe(product.id);
  });

  it('[GUEST][REST][products]: a bare code in the QR is accepted', async () => {
    const { api, product } = await setup();
    const res = await postFile(api, '/products/scan-qr', await qrPng(PHOTO_CODE), 'x.png');
    expect(res.status).toBe(200);
    expect(res.body.data.id).toBe(product.id);
  });

  it("[GUEST][REST][products]: another site's URL is 400 'Mã QR này không thuộc hệ thống'", async () => {
    const { api } = await setup();
    for (const text of [
      `https://evil.example/redirect/${PHOTO_CODE}`,
      'http://localhost:3000/products/1',
      'Xin chào!',
    ]) {
      const res = await postFile(api, '/products/scan-qr', await qrPng(text), 'x.png');
      expect(res.status, text).toBe(400);
      expect(res.body.message).toBe('Mã QR này không thuộc hệ thống');
    }
  });

  it('[GUEST][REST][products]: an image without a QR code is 400', async () => {
    const { api } = await setup();
    const res = await postFile(api, '/products/scan-qr', whitePng(200, 120), 'trang.png');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Không tìm thấy mã QR trong ảnh');
  });

  it('[GUEST][REST][products]: a code of an INACTIVE or unknown product is 404', async () => {
    const { api, p } = await setup();
    const hidden = await makeProduct(api.deps, p.companyA.id, { status: 'INACTIVE' });
    for (const code of [hidden.qrCode, 'khong-ton-tai']) {
      const res = await postFile(
        api,
        '/products/scan-qr',
        await qrPng(`http://localhost:3000/redirect/${code}`),
        'x.png',
      );
      expect(res.status).toBe(404);
    }
  });

  it('[GUEST][REST][products]: not an image is 415, a pixel bomb 413, a large file 413, no file 400', async () => {
    const { api } = await setup({ PHOTO_SCAN_MAX_BYTES: String(300 * 1024) });
    const svg = await postFile(
      api,
      '/products/scan-qr',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      'a.png',
    );
    expect(svg.status).toBe(415);
    expect(svg.body.message).toBe(vi.scan.notAPhoto);
    const bomb = await postFile(api, '/products/scan-qr', hugePngHeader(), 'bomb.png');
    expect(bomb.status).toBe(413);
    expect(bomb.body.message).toBe(vi.scan.tooManyPixels);
    const big = await postFile(
      api,
      '/products/scan-qr',
      Buffer.concat([PHOTO, Buffer.alloc(200 * 1024)]),
      'big.jpg',
    );
    expect(big.status).toBe(413);
    const none = await api.call('POST', '/products/scan-qr', { body: { file: 'x' } });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(vi.scan.missingFile);
  });
});
