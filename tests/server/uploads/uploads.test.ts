import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { vi } from '#shared/i18n/vi/index.ts';
import { callerFor, createUser, tokenFor } from '#tests/helpers/factories.ts';
import { createTestApi } from '#tests/helpers/http.ts';
import { postFile, qrPng, whitePng } from '#tests/server/products/helpers.ts';

const PHOTO = readFileSync(new URL('../../fixtures/photo-qr.jpg', import.meta.url));
const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
const UPLOAD_URL = /^\/uploads\/[A-Za-z0-9_-]{22}\.(png|jpg|gif)$/;

async function setup(env: Record<string, string> = {}) {
  const api = await createTestApi(env);
  const user = await createUser(api.deps, { role: 'USER' });
  return { api, user, token: await tokenFor(api.deps, user) };
}

describe('[USER][REST][uploads]', () => {
  it('[USER][REST][uploads]: a PNG is stored under a server-made name and served back as image/png', async () => {
    const { api, token } = await setup();
    const png = await qrPng('ảnh đại diện');
    const res = await postFile(api, '/uploads', png, 'avatar.png', token, 'image/png');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ statusCode: 201, message: vi.scan.uploaded });
    expect(res.body.data.url).toMatch(UPLOAD_URL);
    expect(res.body.data.url.endsWith('.png')).toBe(true);
    const name = res.body.data.url.replace('/uploads/', '');
    expect(readFileSync(join(api.deps.settings.uploadsDir, name)).equals(png)).toBe(true);
    const served = await api.app.request(res.body.data.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('[USER][REST][uploads]: the type comes from the bytes: a PNG named .gif is stored as .png, JPEG and GIF keep theirs', async () => {
    const { api, token } = await setup();
    const renamed = await postFile(api, '/uploads', whitePng(8, 8), 'not-really.gif', token, 'image/gif');
    expect(renamed.status).toBe(201);
    expect(renamed.body.data.url).toMatch(/\.png$/);
    expect((await postFile(api, '/uploads', PHOTO, 'x.jpeg', token)).body.data.url).toMatch(/\.jpg$/);
    expect((await postFile(api, '/uploads', GIF, 'x.gif', token)).body.data.url).toMatch(/\.gif$/);
  });

  it('[USER][REST][uploads]: SVG, an HTML polyglot and a text file renamed .jpg are 415, and nothing is stored', async () => {
    const { api, token } = await setup();
    const bad: [string | Buffer, string, string][] = [
      [
        '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
        'logo.svg',
        'image/svg+xml',
      ],
      ['<svg xmlns="http://www.w3.org/2000/svg"/>', 'logo.png', 'image/png'],
      [
        '<!DOCTYPE html><html><body><img src=x onerror=alert(1)>ÿØÿà</body></html>',
        'photo.jpg',
        'image/jpeg',
      ],
      ['chỉ là văn bản, không phải ảnh', 'notes.jpg', 'image/jpeg'],
      [
        Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.from('<html><script>alert(1)</script>')]),
        'half.jpg',
        'image/jpeg',
      ],
      [Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj'), 'doc.png', 'image/png'],
    ];
    for (const [content, name, type] of bad) {
      const res = await postFile(
        api,
        '/uploads',
        typeof content === 'string' ? Buffer.from(content) : content,
        name,
        token,
        type,
      );
      expect(res.status, name).toBe(415);
      expect(res.body).toEqual({ statusCode: 415, message: vi.scan.notAnImage });
    }
    expect(readdirSync(api.deps.settings.uploadsDir)).toEqual([]);
  });

  it('[USER][REST][uploads]: a file over the limit is 413, declared or not', async () => {
    const { api, token } = await setup({ UPLOAD_MAX_BYTES: String(100 * 1024) });
    const big = Buffer.concat([PHOTO.subarray(0, 2), Buffer.alloc(150 * 1024)]);
    const res = await postFile(api, '/uploads', big, 'big.jpg', token);
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(vi.scan.fileTooLarge('0.1'));
    // A Content-Length above the limit is refused before the body is read.
    const declared = await api.call('POST', '/uploads', {
      token,
      raw: 'x',
      headers: { 'content-type': 'multipart/form-data; boundary=abc', 'content-length': String(200 * 1024) },
    });
    expect(declared.status).toBe(413);
    expect(readdirSync(api.deps.settings.uploadsDir)).toEqual([]);
  });

  it('[USER][REST][uploads]: a body without a file field is 400', async () => {
    const { api, token } = await setup();
    const form = new FormData();
    form.append('avatar', 'text');
    const res = await api.call('POST', '/uploads', { token, raw: form });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(vi.scan.missingFile);
    expect((await api.call('POST', '/uploads', { token, body: { url: 'x' } })).status).toBe(400);
  });

  it('[GUEST][REST][uploads]: no token is 401', async () => {
    const { api } = await setup();
    const res = await postFile(api, '/uploads', whitePng(4, 4), 'a.png');
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(vi.errors.unauthorized);
  });

  for (const role of ['SUPER_ADMIN', 'MODERATOR', 'COMPANY_ADMIN', 'EMPLOYEE', 'USER'] as const) {
    it(`[${role}][tRPC][uploads]: any signed-in user may upload`, async () => {
      const { api } = await setup();
      const user = await createUser(api.deps, { role });
      const out = await callerFor(api.deps, user).uploads.create({
        bytes: whitePng(4, 4),
        filename: 'a.png',
      });
      expect(out.url).toMatch(UPLOAD_URL);
    });
  }

  it('[GUEST][tRPC][uploads]: a visitor is UNAUTHORIZED; a non-byte input is a validation error', async () => {
    const { api, user } = await setup();
    const err = await callerFor(api.deps, null)
      .uploads.create({ bytes: whitePng(4, 4), filename: 'a.png' })
      .catch((e: unknown) => e);
    expect((err as TRPCError).code).toBe('UNAUTHORIZED');
    await expect(
      callerFor(api.deps, user).uploads.create({
        bytes: 'iVBORw0KGgo=' as unknown as Uint8Array,
        filename: 'a.png',
      }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});
