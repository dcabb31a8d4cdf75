import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createApp } from '#server/app.ts';
import { eq } from 'drizzle-orm';
import { flushScanEvents } from '#server/services/scans/record.ts';
import { atOnce, createTestDeps, tables } from '#tests/helpers/deps.ts';
import { callerFor, createUser } from '#tests/helpers/factories.ts';

const { companies, products, scanEvents } = tables;

/**
 * The public product page and a printed code's address come server-rendered, with the answer as JSON
 * (decision 074: readable on a slow network before any script). These prove what a visitor's browser receives, that
 * nothing there is a scan, and that the page never shows an inactive, deleted or outdated product.
 */
const TEMPLATE =
  '<!doctype html><html lang="vi"><head><title>Truy xuất nguồn gốc</title><script type="module" src="/assets/index-1.js"></script><link rel="modulepreload" crossorigin href="/assets/vendor-1.js"><link rel="stylesheet" crossorigin href="/assets/index-1.css"></head><body><div id="root"></div></body></html>';

async function world() {
  const deps = await createTestDeps();
  const dir = join(deps.settings.dataDir, 'client');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'index.html'), TEMPLATE);
  const app = createApp(deps, { clientDir: dir });
  const admin = await createUser(deps, { role: 'COMPANY_ADMIN' });
  const caller = callerFor(deps, admin);
  const product = await caller.products.create({
    name: 'Cà phê Arabica Cầu Đất',
    status: 'ACTIVE',
    origin: 'Lâm Đồng',
    trackings: [{ activity: 'Thu hoạch', location: 'Cầu Đất', date: '2026-10-01', description: '' }],
  });
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await app.request(path, { headers });
    const raw = Buffer.from(await res.arrayBuffer());
    const html = res.headers.get('content-encoding') === 'gzip' ? gunzipSync(raw).toString() : raw.toString();
    return { res, html };
  };
  return { deps, caller, product, get };
}

/** The JSON the page carries for the app, as the app reads it. */
function firstView(html: string) {
  const match = /<script type="application\/json" id="first-view">(.*?)<\/script>/s.exec(html);
  return match
    ? (JSON.parse(match[1]!) as { product: { id: number; name: string }; scanCode?: string })
    : null;
}

describe('[GUEST][REST][perf] server-rendered public pages', () => {
  it('the product page arrives with the product, its facts and timeline in the HTML, and its answer as JSON', async () => {
    const { product, get } = await world();
    const { res, html } = await get(`/products/details/${product.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(html).toMatch(/<h1 class="[^"]*">Cà phê Arabica Cầu Đất<\/h1>/);
    // A product without a picture leads with its name: no empty picture box, and no workspace status.
    expect(html).not.toContain('Chưa có ảnh');
    expect(html).not.toContain('Đang hoạt động');
    expect(html).toContain('Lâm Đồng');
    expect(html).toContain('Thu hoạch');
    expect(html).toContain('Hành trình sản phẩm');
    expect(html).toContain('01/10/2026');
    expect(html).toContain('<script type="module" src="/assets/index-1.js">');
    // The stylesheet stays; the preloads go (on slow 3G they would compete with the picture).
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-1.css">');
    expect(html).not.toContain('modulepreload');
    expect(firstView(html)).toMatchObject({ product: { id: product.id, name: 'Cà phê Arabica Cầu Đất' } });
    expect(firstView(html)?.scanCode).toBeUndefined();
  });

  it('is sent gzipped to a browser that accepts it, the same page', async () => {
    const { product, get } = await world();
    const plain = await get(`/products/details/${product.id}`);
    const zipped = await get(`/products/details/${product.id}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(zipped.res.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.res.headers.get('vary')).toContain('Accept-Encoding');
    expect(zipped.html).toBe(plain.html);
  });

  it("a printed code's address shows its product and names the code for the app, but records no scan", async () => {
    const { deps, product, get } = await world();
    const { res, html } = await get(`/redirect/${product.qr_code}`);
    expect(res.status).toBe(200);
    expect(html).toContain('Cà phê Arabica Cầu Đất');
    expect(firstView(html)).toMatchObject({ product: { id: product.id }, scanCode: product.qr_code });
    await flushScanEvents(deps);
    expect(await deps.db.select().from(scanEvents)).toHaveLength(0);
  });

  it("a lot's page arrives with the recall first, the lot's journey after the product's, and its answer as JSON; a recall shows at once", async () => {
    const { caller, product, get } = await world();
    const lot = await caller.lots.create({
      productId: product.id,
      code: 'L2405A',
      productionDate: '2026-10-02',
      events: [{ activity: 'Rang mẻ L2405A', location: 'Đà Lạt', date: '2026-10-03' }],
    });
    const path = `/lots/${lot.id}`;
    const first = await get(path);
    expect(first.res.status).toBe(200);
    expect(first.html).toContain('L2405A');
    expect(first.html).toContain('Cà phê Arabica Cầu Đất');
    expect(first.html.indexOf('Thu hoạch')).toBeLessThan(first.html.indexOf('Rang mẻ L2405A'));
    expect(firstView(first.html)).toMatchObject({
      product: { id: product.id },
      lot: { id: lot.id, code: 'L2405A', recalled: false },
    });
    expect(first.html).not.toContain('Phát hiện nấm mốc');

    await caller.lots.recall({ id: lot.id, reason: 'Phát hiện nấm mốc' });
    // At once on SQLite; on PostgreSQL the change arrives as a notification, within a second (decision 158).
    await atOnce(async () => {
      const recalled = await get(path);
      expect(recalled.html).toContain('Phát hiện nấm mốc');
      // The banner comes before the lot's title.
      expect(recalled.html.indexOf('Phát hiện nấm mốc')).toBeLessThan(
        recalled.html.indexOf('id="lot-title"'),
      );
    });

    await caller.products.update({ id: product.id, name: product.name, status: 'INACTIVE' });
    await atOnce(async () => expect((await get(path)).html).toBe(TEMPLATE));
    for (const other of ['/lots/999', '/lots/abc']) expect((await get(other)).html, other).toBe(TEMPLATE);
  });

  it('a product page naming a lot it does not have says so above the product, made for that request; a lot it has is sent to its page', async () => {
    const { deps, caller, product, get } = await world();
    const lot = await caller.lots.create({ productId: product.id, code: 'L2405A' });
    const notice = 'Không tìm thấy lô NOPE/1 — đây là thông tin chung của sản phẩm';
    const asked = await get(`/products/details/${product.id}?lot=${encodeURIComponent('NOPE/1')}&17=270101`);
    expect(asked.res.status).toBe(200);
    expect(asked.res.headers.get('content-type')).toContain('text/html');
    expect(asked.html).toContain(notice);
    // Above the product, in the page the app then draws from the same answer.
    expect(asked.html.indexOf(notice)).toBeLessThan(asked.html.indexOf('Cà phê Arabica Cầu Đất</h1>'));
    expect(firstView(asked.html)).toMatchObject({ product: { id: product.id } });
    // The visitor's text is text, never markup ('<' and '>' are GS1 lot characters); not a lot code: no notice.
    const markup = await get(`/products/details/${product.id}?lot=${encodeURIComponent('<b>')}`);
    expect(markup.html).not.toContain('<b>');
    expect(markup.html).toContain('Không tìm thấy lô &lt;b&gt;');
    const spaced = await get(`/products/details/${product.id}?lot=${encodeURIComponent('Lô 1')}`);
    expect(spaced.html).not.toContain('Không tìm thấy lô');

    // Not kept: the product page itself has no notice, and the next lot asked gets its own.
    const plain = await get(`/products/details/${product.id}`, { 'accept-encoding': 'gzip' });
    expect(plain.html).toContain('Cà phê Arabica Cầu Đất');
    expect(plain.html).not.toContain('Không tìm thấy lô');
    expect((await get(`/products/details/${product.id}?lot=OTHER`)).html).toContain(
      'Không tìm thấy lô OTHER',
    );

    // A lot the product has: its own page. Case counts in GS1 lot codes.
    const known = await get(`/products/details/${product.id}?lot=L2405A`);
    expect(known.res.status).toBe(302);
    expect(known.res.headers.get('location')).toBe(`/lots/${lot.id}`);
    expect((await get(`/products/details/${product.id}?lot=l2405a`)).html).toContain(
      'Không tìm thấy lô l2405a',
    );
    // Nothing here is a scan.
    await flushScanEvents(deps);
    expect(await deps.db.select().from(scanEvents)).toHaveLength(0);
    // An INACTIVE product: the plain app, as without the lot.
    await caller.products.update({ id: product.id, name: product.name, status: 'INACTIVE' });
    await atOnce(async () =>
      expect((await get(`/products/details/${product.id}?lot=NOPE`)).html).toBe(TEMPLATE),
    );
  });

  it('an unknown code, a bad id or a missing product get the plain app, whose page says what is wrong', async () => {
    const { get } = await world();
    for (const path of [
      '/redirect/khong-co-ma-nay',
      '/redirect/%3Cb%3E',
      '/products/details/999',
      '/products/details/abc',
    ]) {
      const { res, html } = await get(path);
      expect(res.status, path).toBe(200);
      expect(html, path).toBe(TEMPLATE);
    }
  });

  it('never shows an inactive, deleted or outdated product', async () => {
    const { caller, product, get } = await world();
    const path = `/products/details/${product.id}`;
    const redirect = `/redirect/${product.qr_code}`;
    expect((await get(path)).html).toContain('Cà phê Arabica Cầu Đất');
    expect((await get(redirect)).html).toContain('Cà phê Arabica Cầu Đất');

    await caller.products.update({ id: product.id, name: 'Cà phê Cầu Đất mới' });
    await atOnce(async () => {
      for (const p of [path, redirect]) {
        const { html } = await get(p);
        expect(html).toContain('Cà phê Cầu Đất mới');
        expect(html).not.toContain('Arabica');
      }
    });

    await caller.products.update({ id: product.id, name: 'Cà phê Cầu Đất mới', status: 'INACTIVE' });
    await atOnce(async () => {
      expect((await get(path)).html).toBe(TEMPLATE);
      expect((await get(redirect)).html).toBe(TEMPLATE);
    });

    await caller.products.update({ id: product.id, name: 'Cà phê Cầu Đất mới', status: 'ACTIVE' });
    await atOnce(async () => expect((await get(path)).html).toContain('Cà phê Cầu Đất mới'));
    await caller.products.delete({ id: product.id });
    await atOnce(async () => {
      expect((await get(path)).html).toBe(TEMPLATE);
      expect((await get(redirect)).html).toBe(TEMPLATE);
    });
  });

  it("a company's new name shows on its products' pages at once", async () => {
    const { caller, product, get } = await world();
    await get(`/products/details/${product.id}`);
    await caller.auth.updateCompany({ name: 'Hợp tác xã Cầu Đất' });
    await atOnce(async () =>
      expect((await get(`/products/details/${product.id}`)).html).toContain('Hợp tác xã Cầu Đất'),
    );
  });

  it('markup and JSON from a product cannot become script: names are escaped, "<" never closes the JSON', async () => {
    const { caller, get } = await world();
    const evil = await caller.products.create({
      name: '</script><script>alert(1)</script><img src=x onerror=alert(2)>',
      status: 'ACTIVE',
    });
    const { html } = await get(`/products/details/${evil.id}`);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)');
    expect(firstView(html)?.product.name).toBe(
      '</script><script>alert(1)</script><img src=x onerror=alert(2)>',
    );
    // Only the app's own module script and the JSON element: nothing else that could run.
    expect(html.match(/<script\b[^>]*>/g)).toEqual([
      '<script type="module" src="/assets/index-1.js">',
      '<script type="application/json" id="first-view">',
    ]);
  });
});

/** The content of `<meta property|name="key">` in the page, attributes unescaped as a browser reads them. */
function metaOf(html: string, key: string): string | null {
  const match = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" />`).exec(html);
  return match ? match[1]!.replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n))) : null;
}

describe('[GUEST][REST][first-view] a shared product link shows the product', () => {
  it('the product page and the printed code carry the title, description and Open Graph tags', async () => {
    const { caller, get } = await world();
    const product = await caller.products.create({
      name: 'Cà phê Robusta "Đặc biệt" & <Mới>',
      status: 'ACTIVE',
      origin: 'Đắk Lắk',
      image: '/uploads/anh-bia_1.jpg',
      trackings: [
        { activity: 'Thu hoạch', location: 'Buôn Ma Thuột', date: '2026-10-01', description: '' },
        { activity: 'Rang', location: 'Buôn Ma Thuột', date: '2026-10-05', description: '' },
      ],
    });
    for (const path of [`/products/details/${product.id}`, `/redirect/${product.qr_code}`]) {
      const { html } = await get(path);
      expect(html, path).toContain(
        '<title>Cà phê Robusta &#34;Đặc biệt&#34; &#38; &#60;Mới&#62; | Truy xuất nguồn gốc</title>',
      );
      expect(html).not.toContain('<title>Truy xuất nguồn gốc</title>');
      expect(metaOf(html, 'og:title')).toBe('Cà phê Robusta "Đặc biệt" & <Mới>');
      const description = metaOf(html, 'description');
      expect(description).toContain('Xuất xứ: Đắk Lắk.');
      expect(description).toContain('Hành trình 2 bước.');
      expect(metaOf(html, 'og:description')).toBe(description);
      expect(metaOf(html, 'og:image')).toBe('http://localhost:3000/uploads/anh-bia_1.jpg?w=640');
      expect(metaOf(html, 'og:url')).toBe(`http://localhost:3000/products/details/${product.id}`);
      expect(metaOf(html, 'og:type')).toBe('product');
      // Nothing of the name is markup: no raw quote ends an attribute, no raw "<" opens a tag.
      expect(html).not.toContain('"Đặc biệt"');
      expect(html).not.toContain('<Mới>');
    }
  });

  it("a lot's page is named for its lot and product, a recalled lot says so first, and its preview points at the lot", async () => {
    const { caller, product, get } = await world();
    const lot = await caller.lots.create({ productId: product.id, code: 'L2405A' });
    const before = await get(`/lots/${lot.id}`);
    expect(before.html).toContain('<title>Lô L2405A · Cà phê Arabica Cầu Đất | Truy xuất nguồn gốc</title>');
    expect(metaOf(before.html, 'og:title')).toBe('Lô L2405A · Cà phê Arabica Cầu Đất');
    expect(metaOf(before.html, 'og:url')).toBe(`http://localhost:3000/lots/${lot.id}`);
    await caller.lots.recall({ id: lot.id, reason: 'Phát hiện nấm mốc' });
    await atOnce(async () => {
      const { html } = await get(`/lots/${lot.id}`);
      expect(html).toContain(
        '<title>Đã thu hồi: Lô L2405A · Cà phê Arabica Cầu Đất | Truy xuất nguồn gốc</title>',
      );
      expect(metaOf(html, 'description')).toMatch(/^Lô hàng này đã bị thu hồi/);
    });
  });

  it('a lot made from a recalled batch says so first on its server-rendered page and in its preview (decision 200)', async () => {
    const { caller, product, get } = await world();
    const input = await caller.lots.create({ productId: product.id, code: 'NHAN01' });
    const made = await caller.lots.create({ productId: product.id, code: 'RANG01' });
    await caller.supplyChain.addInputs({
      lotId: made.id,
      inputs: [{ lotId: input.id, quantity: '10', unit: 'KGM' }],
    });
    await caller.lots.recall({ id: input.id, reason: 'Phát hiện nấm mốc' });
    await atOnce(async () => {
      const { html } = await get(`/lots/${made.id}`);
      expect(metaOf(html, 'description')).toMatch(
        /^Lô hàng này được làm từ một lô nguyên liệu đã bị thu hồi/,
      );
      expect(html).toContain('data-testid="input-recall-banner"');
      expect(html).toContain('Lô nguyên liệu NHAN01');
      expect(html).toContain('Phát hiện nấm mốc');
    });
  });

  it("a company's page is named for the company in its title and preview; an unknown one is the plain page", async () => {
    const { deps, product, get } = await world();
    const [row] = await deps.db.select().from(products).where(eq(products.id, product.id));
    const [company] = await deps.db.select().from(companies).where(eq(companies.id, row!.companyId));
    const companyId = company!.id;
    const { res, html } = await get(`/company/details/${companyId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(html).toContain(`<title>${company!.name} | Truy xuất nguồn gốc</title>`);
    expect(metaOf(html, 'og:title')).toBe(company!.name);
    expect(metaOf(html, 'og:url')).toBe(`http://localhost:3000/company/details/${companyId}`);
    expect(metaOf(html, 'description')).toContain('Địa chỉ: Hà Nội.');
    // The rest is the client's page as it is: no first view, its script and root.
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('<script type="module" src="/assets/index-1.js">');
    for (const other of ['/company/details/999', '/company/details/abc'])
      expect((await get(other)).html, other).toBe(TEMPLATE);
  });

  it('a product without a picture has no og:image, and the description still says what the page is', async () => {
    const { product, get } = await world();
    const { html } = await get(`/products/details/${product.id}`);
    expect(html).toContain('<title>Cà phê Arabica Cầu Đất | Truy xuất nguồn gốc</title>');
    expect(metaOf(html, 'og:image')).toBeNull();
    expect(metaOf(html, 'description')).toContain('Xem nguồn gốc và hành trình của sản phẩm.');
    expect(metaOf(html, 'description')).toContain('Xuất xứ: Lâm Đồng.');
  });
});
