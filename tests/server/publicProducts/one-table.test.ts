import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';

/**
 * A new kind of public answer is one entry in the table of public pages (shared/public-pages.ts), its field
 * list (server/db/public-answers/answers.ts) and its page (decision 198). Here a kind the product does not
 * have, a company's card, is added to the table and to the field lists only (both modules replaced with
 * themselves plus that entry), and every part that serves the public path must pick it up without a line
 * of its own: the app's routes, the dispatcher in front of the app, the change feed's invalidation, the
 * paths the server answers with the light page and the client's routes the light build is made from.
 */
vi.mock('#shared/public-pages.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('#shared/public-pages.ts')>();
  const PUBLIC_PAGES = [
    ...real.PUBLIC_PAGES,
    {
      kind: 'rest',
      path: '/api/public/company-cards/:id',
      answer: 'companyCard',
      by: 'id',
      scans: false,
      notFound: 'Không tìm thấy doanh nghiệp',
    },
    { kind: 'page', path: '/company/card/:id', page: 'companyDetails' },
  ] as unknown as typeof real.PUBLIC_PAGES;
  return {
    ...real,
    PUBLIC_PAGES,
    PUBLIC_PAGE_ENTRIES: PUBLIC_PAGES.filter((e) => e.kind === 'page'),
  };
});
vi.mock('#server/db/public-answers/answers.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('#server/db/public-answers/answers.ts')>();
  const { col, column, object, text } = await import('#server/db/public-answers/fields.ts');
  const companyCard = {
    sources: [{ table: 'companies', alias: 'c', on: { column: 'id', to: { param: 'key' } } }],
    productId: null,
    companyId: col('c', 'id'),
    lotId: null,
    data: object({
      id: column<number>('c', 'id'),
      name: column('c', 'name'),
      page: text({ param: 'publicUrl' }, '/company/card/', col('c', 'id')),
    }),
  };
  return { ...real, ANSWERS: { ...real.ANSWERS, companyCard } };
});

// The app's modules loaded afresh, so that every one reads the table and the field lists with the new
// entry (the test set-up loaded the helpers, and the app's modules with them, before these were replaced).
vi.resetModules();
const { createApp } = await import('#server/app.ts');
const { withPublicDispatcher } = await import('#server/http/public-dispatcher.ts');
const { answerRoutes } = await import('#server/http/public-routes.ts');
const helpers = await import('#tests/helpers/deps.ts');
const { atOnce, createTestDeps, execRaw } = helpers;
const { createCompany } = await import('#tests/helpers/factories.ts');
// The fresh helpers' deps and folders are this file's to close (the set-up's closes its own).
afterAll(async () => {
  for (const cleanup of helpers.testCleanups.splice(0).reverse()) await cleanup();
  for (const dir of helpers.testDataDirs) rmSync(dir, { recursive: true, force: true });
});

const LIGHT_HTML =
  '<!doctype html><html lang="vi"><head><title>Truy xuất nguồn gốc</title><script type="module" src="/assets/light-1.js"></script></head><body><div id="root"></div></body></html>';
const INDEX_HTML = LIGHT_HTML.replace('light-1', 'index-1');

let server: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

async function world() {
  const deps = await createTestDeps();
  const clientDir = join(deps.settings.dataDir, 'client');
  mkdirSync(clientDir, { recursive: true });
  writeFileSync(join(clientDir, 'index.html'), INDEX_HTML);
  writeFileSync(join(clientDir, 'light.html'), LIGHT_HTML);
  const app = createApp(deps, { clientDir });
  // The running server's listener: the dispatcher in front of the app (server/server.ts).
  server = createServer(withPublicDispatcher(deps, { clientDir }, getRequestListener(app.fetch)));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const company = await createCompany(deps, { name: 'Chè Tân Cương' });
  return { deps, app, companyId: company.id, base };
}

describe('[GUEST][REST] a public answer kind added to the table of public pages', () => {
  it('is served by the app and by the dispatcher, the same bytes, and dropped when its company changes', async () => {
    const { deps, app, companyId, base } = await world();
    expect(answerRoutes.map((r) => r.path)).toContain('/api/public/company-cards/:id');

    // The app's own route (every request the dispatcher leaves to it: a signed-in one, a CORS one).
    const viaApp = await app.request(`/api/public/company-cards/${companyId}`);
    expect(viaApp.status).toBe(200);
    const body = await viaApp.text();
    expect(JSON.parse(body).data).toEqual({
      id: companyId,
      name: 'Chè Tân Cương',
      page: `${deps.settings.publicUrl}/company/card/${companyId}`,
    });
    // A visitor's plain GET on the running server: the dispatcher answers it before the app (no request id,
    // which the app gives every answer), with the same bytes and the headers of its kind.
    const viaDispatcher = await fetch(`${base}/api/public/company-cards/${companyId}`);
    expect(viaDispatcher.status).toBe(200);
    expect(viaDispatcher.headers.get('x-request-id')).toBeNull();
    expect(await viaDispatcher.text()).toBe(body);
    expect(viaDispatcher.headers.get('content-type')).toBe(viaApp.headers.get('content-type'));

    // The change feed drops it when the company's row changes, whoever writes it (its field list reads the
    // companies table, so the feed watches it).
    await execRaw(deps, `UPDATE companies SET name = 'Hợp tác xã Chè Tân Cương' WHERE id = ${companyId}`);
    await atOnce(async () => {
      const changed = await fetch(`${base}/api/public/company-cards/${companyId}`);
      expect((await changed.json()).data.name).toBe('Hợp tác xã Chè Tân Cương');
    });

    // None for an unknown one: the kind's own 404 in the envelope.
    const missing = await fetch(`${base}/api/public/company-cards/999999`);
    expect(missing.status).toBe(404);
    expect((await missing.json()).message).toBe('Không tìm thấy doanh nghiệp');
  });

  it("its page gets the light page, named for the company, and is one of the light build's routes", async () => {
    const { companyId, base } = await world();
    const page = await fetch(`${base}/company/card/${companyId}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('/assets/light-1.js');
    expect(html).toContain('<title>Chè Tân Cương');
    // The client's public routes (app-routes.ts and the light page's light-main.tsx), read from the table.
    const { PUBLIC_ROUTES } = await import('#client/public-pages.ts');
    expect(PUBLIC_ROUTES.map((r) => r.path)).toContain('/company/card/:id');
  });
});
