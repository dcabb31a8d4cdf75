import { describe, expect, it } from 'vitest';
import { readBarcodes } from 'zxing-wasm/reader';
import { decodeQr } from '#server/services/scans/decode-qr.ts';
import { createTestApi } from '#tests/helpers/http.ts';
import { makeProduct, people } from './helpers.ts';

describe('[GUEST][HTTP][products] QR images', () => {
  it('[GUEST][HTTP][products]: the PNG of a product code encodes PUBLIC_URL/redirect/{code} and is cacheable', async () => {
    const api = await createTestApi({ PUBLIC_URL: 'https://truyxuat.example.vn' });
    const p = await people(api.deps);
    const product = await makeProduct(api.deps, p.companyA.id);
    const res = await api.app.request(`/api/qr/${product.qrCode}.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    const png = new Uint8Array(await res.arrayBuffer());
    expect(await decodeQr(png)).toBe(`https://truyxuat.example.vn/redirect/${product.qrCode}`);
    // Error correction level M, as printed labels expect.
    const [read] = await readBarcodes(png, { formats: ['QRCode'] });
    expect(read?.ecLevel).toBe('M');
  });

  it('[GUEST][HTTP][products]: an image asked again is not drawn again (a PNG costs tens of ms to draw)', async () => {
    const api = await createTestApi();
    const p = await people(api.deps);
    const product = await makeProduct(api.deps, p.companyA.id);
    const fetchPng = async () => {
      const started = performance.now();
      const res = await api.app.request(`/api/qr/${product.qrCode}.png`);
      const bytes = new Uint8Array(await res.arrayBuffer());
      return { bytes, ms: performance.now() - started };
    };
    // Another code first, so that the first draw below is not paying for loading the QR library.
    await api.app.request(`/api/qr/${(await makeProduct(api.deps, p.companyA.id)).qrCode}.png`);
    const first = await fetchPng();
    const again = [];
    for (let i = 0; i < 20; i++) again.push(await fetchPng());
    for (const a of again) expect(a.bytes).toEqual(first.bytes);
    const mean = again.reduce((sum, a) => sum + a.ms, 0) / again.length;
    expect(mean).toBeLessThan(first.ms / 3);
  });

  it('[GUEST][HTTP][products]: the SVG is served as SVG and the product answer points at both', async () => {
    const api = await createTestApi();
    const p = await people(api.deps);
    const created = await api.call('POST', '/products', { token: p.tokens.adminA, body: { name: 'Gạo' } });
    const svg = await api.app.request(created.body.data.qr_code_svg);
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toContain('image/svg+xml');
    expect(await svg.text()).toMatch(/^<svg[^>]+xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect((await api.app.request(created.body.data.qr_code_image)).status).toBe(200);
  });

  it('[GUEST][HTTP][products]: codes we never issued and other names are 404', async () => {
    const api = await createTestApi();
    for (const path of [
      '/api/qr/khongcoma1234.png',
      '/api/qr/abc.png',
      '/api/qr/abcd2345efgh.gif',
      '/api/qr/..%2fetc.png',
    ]) {
      const res = await api.app.request(path);
      expect(res.status, path).toBe(404);
    }
  });
});
