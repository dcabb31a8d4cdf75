import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createApp } from '#server/app.ts';
import { createTestDeps } from '#tests/helpers/deps.ts';
import { callerFor, createUser } from '#tests/helpers/factories.ts';

/**
 * The light page (decision 140): the public pages a phone opens by address (shared/public-pages.ts) get
 * client/light.html, server-rendered or not; every other path the app's index.html. A build without
 * the light page serves the app everywhere, as before.
 */
const page = (entry: string) =>
  `<!doctype html><html lang="vi"><head><title>Truy xuất nguồn gốc</title><script type="module" src="/assets/${entry}.js"></script></head><body><div id="root"></div></body></html>`;

async function world(withLight = true) {
  const deps = await createTestDeps();
  const dir = join(deps.settings.dataDir, 'client');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'index.html'), page('index-1'));
  if (withLight) writeFileSync(join(dir, 'light.html'), page('light-1'));
  const app = createApp(deps, { clientDir: dir });
  const admin = await createUser(deps, { role: 'COMPANY_ADMIN' });
  const product = await callerFor(deps, admin).products.create({ name: 'Chè Thái Nguyên', status: 'ACTIVE' });
  const html = async (path: string) => {
    const res = await app.request(path, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    const raw = Buffer.from(await res.arrayBuffer());
    return res.headers.get('content-encoding') === 'gzip' ? gunzipSync(raw).toString() : raw.toString();
  };
  return { product, html };
}

describe('[GUEST][REST] the light page', () => {
  it('answers the public pages with light.html and every other path with the app', async () => {
    const { product, html } = await world();
    const rendered = await html(`/products/details/${product.id}`);
    expect(rendered).toContain('/assets/light-1.js');
    expect(rendered).toContain('Chè Thái Nguyên');
    for (const path of [
      '/products/details/999999',
      '/company/details/1',
      '/products',
      '/redirect/zzzzzzzz',
      '/lots/1',
    ]) {
      expect(await html(path), path).toContain('/assets/light-1.js');
    }
    for (const path of [
      '/scan-qr',
      '/auth/sign-in',
      '/',
      '/products/manage',
      '/company',
      '/qrs',
      '/settings',
    ]) {
      expect(await html(path), path).toContain('/assets/index-1.js');
    }
  });

  it('without a light page in the build, the app answers every path', async () => {
    const { product, html } = await world(false);
    expect(await html(`/products/details/${product.id}`)).toContain('/assets/index-1.js');
    expect(await html('/company/details/1')).toContain('/assets/index-1.js');
  });
});
