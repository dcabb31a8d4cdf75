import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeQr } from '#server/services/scans/decode-qr.ts';
import { vi as messages } from '#shared/i18n/vi/index.ts';
import { api, businessAccount, type RealServer, startRealServer } from './real-server.ts';

const PUBLIC_URL = 'https://truyxuat.example.vn';
let server: RealServer;
let token: string;
let productCode: string;
let productId: number;

beforeAll(async () => {
  server = await startRealServer({ PUBLIC_URL });
  ({ token } = await businessAccount(server));
  const made = await api(server.url, 'POST', '/products', {
    token,
    body: { name: 'Cà phê Cầu Đất', status: 'ACTIVE' },
  });
  expect(made.status).toBe(201);
  productCode = made.body.data.qr_code;
  productId = made.body.data.id;
}, 30_000);
afterAll(() => server?.stop());

async function scanImageOf(text: string) {
  const form = new FormData();
  form.append(
    'file',
    new Blob([new Uint8Array(await QRCode.toBuffer(text, { width: 300 }))], { type: 'image/png' }),
    'qr.png',
  );
  const res = await fetch(`${server.url}/api/products/scan-qr`, { method: 'POST', body: form });
  return { status: res.status, body: await res.json() };
}

describe('[COMPANY_ADMIN][REST][links] QR codes and short links lead only inside the app', () => {
  it('every code the app issues is PUBLIC_URL/redirect/{code}, and its QR image encodes exactly that', async () => {
    const batch = await api(server.url, 'POST', '/shortLinks', { token, body: { count: 5 } });
    expect(batch.status).toBe(201);
    const codes: string[] = [
      productCode,
      ...JSON.stringify(batch.body.data)
        .match(/"code":"([^"]+)"/g)!
        .map((m) => m.slice(8, -1)),
    ];
    expect(codes.length).toBeGreaterThanOrEqual(6);
    for (const code of codes) {
      expect(code).toMatch(/^[a-z2-9]{12}$/);
      const link = await api(server.url, 'GET', `/shortLinks/${code}`);
      expect(link.status).toBe(200);
      expect(link.body.data.url).toBe(`${PUBLIC_URL}/redirect/${code}`);
      const png = await fetch(`${server.url}/api/qr/${code}.png`);
      expect(png.headers.get('content-type')).toBe('image/png');
      expect(await decodeQr(new Uint8Array(await png.arrayBuffer()))).toBe(`${PUBLIC_URL}/redirect/${code}`);
    }
  });

  it('no path or parameter makes the server redirect elsewhere', async () => {
    const attempts = [
      '/redirect/https:%2F%2Fevil.example',
      '/redirect/https://evil.example',
      '/redirect/%2F%2Fevil.example',
      '/redirect//evil.example',
      `/redirect/${productCode}?next=//evil.example`,
      `/redirect/${productCode}?url=https://evil.example&redirect=https://evil.example`,
      '/auth/sign-in?next=//evil.example&returnTo=https://evil.example',
      '//evil.example/',
      '/%2F%2Fevil.example',
      '/\\evil.example',
      '/assets/..%2F..%2F%2Fevil.example',
      `/api/shortLinks/${encodeURIComponent('https://evil.example')}`,
      `/api/products/qr-codes/${encodeURIComponent('//evil.example')}`,
    ];
    for (const path of attempts) {
      const res = await fetch(`${server.url}${path}`, { redirect: 'manual' });
      const location = res.headers.get('location');
      expect(
        res.status < 300 || res.status >= 400 || (location !== null && /^\/(?![/\\])/.test(location)),
        path,
      ).toBe(true);
      expect(location === null || !/evil/.test(location), path).toBe(true);
      expect(await res.text(), path).not.toMatch(/evil\.example/);
    }
  });

  it('a code that is not ours is 404 from the API, never a URL', async () => {
    for (const code of ['https:%2F%2Fevil.example', 'evil.example', 'zzzzzzzzzzzz']) {
      const res = await api(server.url, 'GET', `/shortLinks/${code}`);
      expect([400, 404]).toContain(res.status);
      expect(JSON.stringify(res.body)).not.toMatch(/evil|https?:/);
    }
  });

  it('scanning a QR that points to another site is refused; our own URL with extra parameters gives our product only', async () => {
    for (const text of [
      `https://evil.example/redirect/${productCode}`,
      `${PUBLIC_URL}.evil.example/redirect/${productCode}`,
      'javascript:alert(1)',
      '//evil.example',
    ]) {
      const res = await scanImageOf(text);
      expect(res.status, text).toBe(400);
      expect(res.body.message).toBe(messages.scan.notOurs);
    }
    const ours = await scanImageOf(`${PUBLIC_URL}/redirect/${productCode}?next=https://evil.example`);
    // The query is ignored: the answer is our product, and nothing in it points elsewhere.
    expect(ours.status).toBe(200);
    expect(ours.body.data.id).toBe(productId);
    expect(JSON.stringify(ours.body)).not.toMatch(/evil/);
    const plain = await scanImageOf(`${PUBLIC_URL}/redirect/${productCode}`);
    expect(plain.status).toBe(200);
    expect(plain.body.data.id).toBe(productId);
  });
});
