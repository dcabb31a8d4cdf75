import { existsSync, readdirSync, readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { variantsDirOf } from '#server/services/uploads/variants.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import { imageVariant } from '#shared/image-variants.ts';
import { createUser, tokenFor } from '#tests/helpers/factories.ts';
import { createTestApi } from '#tests/helpers/http.ts';
import { postFile } from '#tests/server/products/helpers.ts';

/** A camera-sized photo (1600 x 1200, noisy so it does not compress to nothing). */
async function cameraPhoto() {
  const w = 1600;
  const h = 1200;
  const pixels = Buffer.alloc(w * h * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919) % 251;
  return sharp(pixels, { raw: { width: w, height: h, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

async function uploaded(bytes: Buffer, name: string, type: string) {
  const api = await createTestApi();
  const user = await createUser(api.deps, { role: 'USER' });
  const res = await postFile(api, '/uploads', bytes, name, await tokenFor(api.deps, user), type);
  expect(res.status).toBe(201);
  return { api, url: res.body.data.url as string };
}

describe('[GUEST][REST][uploads] phone-sized copies of pictures', () => {
  it('?w=640 answers a WebP at most 640 wide, much smaller than the original, cached for a year and sandboxed', async () => {
    const original = await cameraPhoto();
    const { api, url } = await uploaded(original, 'anh.jpg', 'image/jpeg');
    const res = await api.app.request(imageVariant(url, 640));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
    const bytes = Buffer.from(await res.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(640);
    expect(meta.height).toBe(480);
    expect(bytes.length).toBeLessThan(original.length / 3);

    const thumb = await api.app.request(imageVariant(url, 160));
    expect((await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).width).toBe(160);
    // The original is still there as uploaded.
    const plain = await api.app.request(url);
    expect(Buffer.from(await plain.arrayBuffer()).equals(original)).toBe(true);
  });

  it('a copy is made once: parallel first requests share it, later ones read the kept file', async () => {
    const { api, url } = await uploaded(await cameraPhoto(), 'anh.jpg', 'image/jpeg');
    const answers = await Promise.all([1, 2, 3, 4].map(() => api.app.request(`${url}?w=640`)));
    const bodies = await Promise.all(answers.map(async (r) => Buffer.from(await r.arrayBuffer())));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(bodies.every((b) => b.equals(bodies[0]!))).toBe(true);
    const dir = variantsDirOf(api.deps.settings.uploadsDir);
    expect(readdirSync(dir)).toEqual([`${url.replace('/uploads/', '')}.w640.webp`]);
    const again = await api.app.request(`${url}?w=640`);
    expect(Buffer.from(await again.arrayBuffer()).equals(readFileSync(`${dir}/${readdirSync(dir)[0]}`))).toBe(
      true,
    );
  });

  it('a small picture is not enlarged', async () => {
    const small = await sharp({ create: { width: 100, height: 80, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    const { api, url } = await uploaded(small, 'nho.png', 'image/png');
    const res = await api.app.request(`${url}?w=640`);
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(100);
  });

  it('only the listed widths exist: any other is a 400 in Vietnamese and nothing is made', async () => {
    const { api, url } = await uploaded(await cameraPhoto(), 'anh.jpg', 'image/jpeg');
    for (const w of ['123', '6400', 'abc', '']) {
      const res = await api.app.request(`${url}?w=${w}`);
      expect(res.status, w).toBe(400);
      expect(await res.text()).toBe(vi.scan.variantWidth('160, 640'));
    }
    expect(existsSync(variantsDirOf(api.deps.settings.uploadsDir))).toBe(false);
  });

  it('a missing upload is a 404; a path outside the uploads cannot be reached through ?w=', async () => {
    const api = await createTestApi();
    expect((await api.app.request('/uploads/khong-co-anh-nay.jpg?w=640')).status).toBe(404);
    expect((await api.app.request('/uploads/..%2Fapp.db?w=640')).status).toBe(404);
    expect((await api.app.request('/uploads/..%2Fjwt-secret?w=160')).status).toBe(404);
  });

  it('the address helper leaves anything that is not a resizable upload as it is', () => {
    expect(imageVariant('/uploads/abc_DEF-1.jpeg', 640)).toBe('/uploads/abc_DEF-1.jpeg?w=640');
    expect(imageVariant('/uploads/abc.gif', 160)).toBe('/uploads/abc.gif?w=160');
    expect(imageVariant('/logo.svg', 640)).toBe('/logo.svg');
    expect(imageVariant('https://example.com/a.jpg', 640)).toBe('https://example.com/a.jpg');
    expect(imageVariant('/uploads/../x.jpg', 640)).toBe('/uploads/../x.jpg');
  });
});
