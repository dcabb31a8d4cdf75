import { readdirSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vi as messages } from '#shared/i18n/vi/index.ts';
import { gif, jpeg, png } from './images.ts';
import { api, type RealServer, startRealServer } from './real-server.ts';

const ADMIN = { ADMIN_EMAIL: 'tai-len@example.com', ADMIN_PASSWORD: 'tai-len-mat-khau-2026' };
const MAX = 5 * 1024 * 1024; // the default UPLOAD_MAX_BYTES
let server: RealServer;
let token: string;

beforeAll(async () => {
  server = await startRealServer(ADMIN);
  const res = await api(server.url, 'POST', '/auth/login', {
    body: { email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD },
  });
  token = res.body.data.session.accessToken;
}, 30_000);
afterAll(() => server?.stop());

async function upload(path: string, bytes: Buffer, name = 'anh.png', type = 'application/octet-stream') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const started = performance.now();
  const res = await fetch(`${server.url}/api${path}`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  const body = await res.json();
  return { status: res.status, body, ms: performance.now() - started };
}
const stored = () => readdirSync(join(server.dataDir, 'uploads'));

/**
 * Sends a multipart upload as a stream of 64 KB chunks (never more than `cap` bytes) and notes how many
 * bytes had gone out when the answer came. `declared` sets a Content-Length instead of chunked encoding.
 */
function streamUpload(
  path: string,
  cap: number,
  declared?: number,
): Promise<{ status: number; sent: number; body: string }> {
  return new Promise((resolve, reject) => {
    const boundary = 'ranh-gioi-tai-len';
    const headers: Record<string, string | number> = {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    };
    if (declared) headers['content-length'] = declared;
    const req = request(`${server.url}/api${path}`, { method: 'POST', headers });
    let sent = 0;
    let answered = false;
    req.on('response', (res) => {
      answered = true;
      const at = sent;
      let body = '';
      res.on('data', (d) => {
        body += d;
      });
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, sent: at, body });
      });
    });
    req.on('error', (err) => (answered ? undefined : reject(err)));
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="to.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const block = Buffer.alloc(64 * 1024, 0x41);
    const pump = async () => {
      req.write(head);
      sent += head.length;
      while (!answered && sent < cap) {
        if (!req.write(block)) await new Promise((r) => setTimeout(r, 5));
        sent += block.length;
        await new Promise((r) => setImmediate(r));
      }
    };
    pump().catch(() => undefined);
  });
}

describe('[SUPER_ADMIN][REST][uploads] size attacks on the real server', () => {
  it('a declared Content-Length over the limit is 413 at once, before the body is sent', async () => {
    for (const path of ['/uploads', '/products/scan-qr']) {
      const res = await streamUpload(path, 256 * 1024, 1024 * 1024 * 1024);
      expect(res.status).toBe(413);
      expect(res.sent).toBeLessThan(MAX);
    }
  });

  it('a chunked body with no length is cut off with 413 soon after the limit, not read to its end', async () => {
    for (const path of ['/uploads', '/products/scan-qr']) {
      const res = await streamUpload(path, 200 * 1024 * 1024);
      expect(res.status).toBe(413);
      // The client had a 200 MB stream to send; the server answered after a few MB.
      expect(res.sent).toBeLessThan(MAX + 16 * 1024 * 1024);
    }
    expect((await api(server.url, 'GET', '/health')).status).toBe(200);
  });

  it('an image under the limit but over 1 MB (the JSON limit) is accepted', async () => {
    const big = png(1500, 1400, { noise: true });
    expect(big.length).toBeGreaterThan(2 * 1024 * 1024);
    expect(big.length).toBeLessThan(MAX);
    const res = await upload('/uploads', big);
    expect(res.status).toBe(201);
  });
});

describe('[SUPER_ADMIN][REST][uploads] declared pixel dimensions on the real server', () => {
  const bombs: [string, Buffer][] = [
    ['PNG 100000 x 100000', png(100_000, 100_000, { declaredOnly: true })],
    ['GIF 65535 x 65535', gif(65_535, 65_535)],
    ['JPEG 60000 x 60000', jpeg(60_000, 60_000)],
  ];
  for (const [name, bytes] of bombs) {
    it(`${name} (${bytes.length} bytes) is refused with 413 before any decoding, on upload and on scan`, async () => {
      for (const path of ['/uploads', '/products/scan-qr']) {
        const res = await upload(path, bytes);
        expect(res.status, path).toBe(413);
        expect(res.body.message).toBe(messages.scan.tooManyPixels);
        expect(res.ms).toBeLessThan(2000);
      }
    });
  }

  it('decoding an image just under the pixel cap stays bounded in time', async () => {
    const large = png(6000, 6000);
    const res = await upload('/products/scan-qr', large);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(messages.scan.noCodeInImage);
    expect(res.ms).toBeLessThan(15_000);
  });
});

describe('[SUPER_ADMIN][REST][uploads] content attacks on the real server', () => {
  it('SVG (with script), HTML, and HTML sent as image/png are 415 and nothing is stored', async () => {
    const before = stored().length;
    const attacks: [Buffer, string, string][] = [
      [
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'a.svg',
        'image/svg+xml',
      ],
      [
        Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
        'a.png',
        'image/png',
      ],
      [
        Buffer.from('<!doctype html><html><script>alert(document.cookie)</script></html>'),
        'a.gif',
        'image/gif',
      ],
      [
        Buffer.from('\x89PNG\r\n\x1a\n<html><script>alert(1)</script></html>', 'latin1'),
        'half.png',
        'image/png',
      ],
    ];
    for (const [bytes, name, type] of attacks) {
      for (const path of ['/uploads', '/products/scan-qr']) {
        const res = await upload(path, bytes, name, type);
        expect(res.status, `${path} ${name}`).toBe(415);
        // A photo scan reads more kinds of picture than an upload stores, and says which.
        expect(res.body.message).toBe(
          path === '/uploads' ? messages.scan.notAnImage : messages.scan.notAPhoto,
        );
      }
    }
    expect(stored().length).toBe(before);
  });

  it('polyglots that are real images (GIF/JS, PNG + HTML) are stored inert: own name, image type, nosniff, sandbox', async () => {
    const polyglots: [Buffer, string, string][] = [
      [gif(10799, 10, '*/=alert(document.domain);//'), 'x.js', 'image/gif'],
      [
        Buffer.concat([png(4, 4), Buffer.from('<html><script>alert(1)</script></html>')]),
        '../../../../tmp/x.html',
        'image/png',
      ],
    ];
    for (const [bytes, name, type] of polyglots) {
      const res = await upload('/uploads', bytes, name, 'text/html');
      expect(res.status, name).toBe(201);
      const url: string = res.body.data.url;
      expect(url).toMatch(/^\/uploads\/[\w-]+\.(png|gif|jpg)$/);
      const served = await fetch(`${server.url}${url}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe(type);
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(served.headers.get('content-security-policy')).toMatch(/default-src 'none'.*sandbox/);
      expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
    }
    // Nothing was written outside the uploads folder under the client's name.
    expect(stored().every((f) => /^[\w-]+\.(png|gif|jpg)$/.test(f))).toBe(true);
  });
});
