import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { getRequestListener } from '@hono/node-server';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '#server/app.ts';
import { withPublicDispatcher } from '#server/http/public-dispatcher.ts';
import { withNormalisedTargets } from '#server/http/request-target.ts';
import { atOnce, createTestDeps } from '#tests/helpers/deps.ts';
import { callerFor, createUser } from '#tests/helpers/factories.ts';

/**
 * A public page in the request's language (issue 33, decision 212): chosen by `?lang=` (kept in a cookie),
 * the cookie, Accept-Language, else Vietnamese; said in `<html lang>`, hreflang alternates, og:locale;
 * `Vary` when the headers decided; server-rendered pages kept per language, never one for another. On
 * the app's routes and on the dispatcher in front of it, on SQLite and PostgreSQL (TEST_ENGINE=pg).
 */
const TEMPLATE =
  '<!doctype html><html lang="vi"><head><title>Truy xuất nguồn gốc</title><script type="module" src="/assets/light-1.js"></script></head><body><div id="root"></div></body></html>';
const PUBLIC_URL = 'https://truyxuat.example.vn';

let server: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

async function world(options: { languages?: Array<'en' | 'zh-Hans'> } = {}) {
  const deps = await createTestDeps({ PUBLIC_URL });
  const dir = join(deps.settings.dataDir, 'client');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'index.html'), TEMPLATE.replace('light-1', 'index-1'));
  writeFileSync(join(dir, 'light.html'), TEMPLATE);
  const app = createApp(deps, { clientDir: dir });
  const admin = await createUser(deps, { role: 'COMPANY_ADMIN' });
  const caller = callerFor(deps, admin);
  const product = await caller.products.create({
    name: 'Cà phê Arabica Cầu Đất',
    status: 'ACTIVE',
    origin: 'Lâm Đồng',
    trackings: [{ activity: 'Thu hoạch', location: 'Cầu Đất', date: '2026-10-01', description: '' }],
  });
  const languages = options.languages ?? ['en', 'zh-Hans'];
  await caller.companies.setLanguages({ id: admin.companyId!, languages });
  await caller.products.putTranslation({
    id: product.id,
    lang: 'en',
    translation: { name: 'Cau Dat Arabica coffee', origin: 'Lam Dong highlands' },
  });
  const read = async (res: Response) => {
    const raw = Buffer.from(await res.arrayBuffer());
    return res.headers.get('content-encoding') === 'gzip' ? gunzipSync(raw).toString() : raw.toString();
  };
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await app.request(path, { headers });
    return { res, html: await read(res) };
  };
  /** The running server's listener: the dispatcher in front of the app (server/server.ts). */
  const served = async () => {
    server = createServer(
      withNormalisedTargets(withPublicDispatcher(deps, { clientDir: dir }, getRequestListener(app.fetch))),
    );
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return async (path: string, headers: Record<string, string> = {}) => {
      const res = await fetch(`${base}${path}`, { headers: { 'accept-encoding': 'gzip', ...headers } });
      return { res, html: await res.text() };
    };
  };
  return { deps, caller, admin, product, get, served };
}

const htmlLang = (html: string) => /<html lang="([^"]*)"/.exec(html)?.[1];
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const metaOf = (html: string, key: string) =>
  [...html.matchAll(new RegExp(`<meta property="${key}" content="([^"]*)" />`, 'g'))].map((m) => m[1]);
const alternatesOf = (html: string) =>
  [...html.matchAll(/<link rel="alternate" hreflang="([^"]*)" href="([^"]*)" \/>/g)].map((m) => [
    m[1],
    m[2]!.replace(/&#38;/g, '&'),
  ]);

describe('[GUEST][i18n] a public page in the request’s language', () => {
  it('by ?lang=: that language, the cookie kept (Secure on https), no Vary on the language', async () => {
    const { product, get } = await world();
    const { res, html } = await get(`/products/details/${product.id}?lang=en`, {
      'accept-language': 'zh-CN',
      cookie: 'lang=vi',
    });
    expect(res.status).toBe(200);
    expect(htmlLang(html)).toBe('en');
    expect(titleOf(html)).toBe('Cau Dat Arabica coffee | Product Traceability');
    expect(res.headers.get('set-cookie')).toBe('lang=en; Path=/; Max-Age=31536000; SameSite=Lax; Secure');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    // `zh` too, as a person would type it.
    const zh = await get(`/products/details/${product.id}?lang=zh`);
    expect(htmlLang(zh.html)).toBe('zh-Hans');
    expect(zh.res.headers.get('set-cookie')).toMatch(/^lang=zh-Hans;/);
    // Not one of ours: the address says nothing, no cookie.
    const fr = await get(`/products/details/${product.id}?lang=fr`);
    expect(htmlLang(fr.html)).toBe('vi');
    expect(fr.res.headers.get('set-cookie')).toBeNull();
  });

  it('by the cookie, then by Accept-Language with its q-values, else Vietnamese; Vary says so', async () => {
    const { product, get } = await world();
    const path = `/products/details/${product.id}`;
    const byCookie = await get(path, { cookie: 'sid=1; lang=zh-Hans', 'accept-language': 'en' });
    expect(htmlLang(byCookie.html)).toBe('zh-Hans');
    expect(byCookie.res.headers.get('vary')).toBe('Accept-Encoding, Accept-Language, Cookie');
    expect(byCookie.res.headers.get('set-cookie')).toBeNull();

    const byHeader = await get(path, { 'accept-language': 'fr-FR,fr;q=0.9,vi;q=0.5,en;q=0.7' });
    expect(htmlLang(byHeader.html)).toBe('en');
    expect(byHeader.res.headers.get('vary')).toBe('Accept-Encoding, Accept-Language, Cookie');
    expect(byHeader.res.headers.get('set-cookie')).toBeNull();

    const plain = await get(path);
    expect(htmlLang(plain.html)).toBe('vi');
    expect(titleOf(plain.html)).toBe('Cà phê Arabica Cầu Đất | Truy xuất nguồn gốc');
    expect(plain.res.headers.get('vary')).toBe('Accept-Encoding, Accept-Language, Cookie');
    const french = await get(path, { 'accept-language': 'fr-FR,de;q=0.5' });
    expect(htmlLang(french.html)).toBe('vi');
  });

  it('hreflang for each language the company publishes and x-default; og:locale and its alternates', async () => {
    const { product, get } = await world();
    const url = `${PUBLIC_URL}/products/details/${product.id}`;
    for (const [lang, locale, others] of [
      ['vi', 'vi_VN', ['en_US', 'zh_CN']],
      ['en', 'en_US', ['vi_VN', 'zh_CN']],
      ['zh-Hans', 'zh_CN', ['vi_VN', 'en_US']],
    ] as const) {
      for (const path of [
        `/products/details/${product.id}?lang=${lang}`,
        `/redirect/${product.qr_code}?lang=${lang}`,
      ]) {
        const { html } = await get(path);
        expect(alternatesOf(html), path).toEqual([
          ['vi', `${url}?lang=vi`],
          ['en', `${url}?lang=en`],
          ['zh-Hans', `${url}?lang=zh-Hans`],
          ['x-default', url],
        ]);
        expect(metaOf(html, 'og:locale'), path).toEqual([locale]);
        expect(metaOf(html, 'og:locale:alternate'), path).toEqual(others);
        // Each language's page is its own canonical; og:url stays the address that chooses for each reader.
        expect(html).toContain(`<link rel="canonical" href="${url}?lang=${lang}" />`);
        expect(metaOf(html, 'og:url')).toEqual([url]);
      }
    }
    // The share texts in the page's language; an untranslated field is the Vietnamese text.
    const en = await get(`/products/details/${product.id}?lang=en`);
    expect(metaOf(en.html, 'og:title')).toEqual(['Cau Dat Arabica coffee']);
    expect(metaOf(en.html, 'og:description')[0]).toContain('Origin: Lam Dong highlands.');
    expect(metaOf(en.html, 'og:site_name')).toEqual(['Product Traceability']);
    const zh = await get(`/products/details/${product.id}?lang=zh-Hans`);
    expect(metaOf(zh.html, 'og:title')).toEqual(['Cà phê Arabica Cầu Đất']);
    expect(metaOf(zh.html, 'og:description')[0]).toContain('产地：Lâm Đồng。');
  });

  it('only the languages the company publishes: none but Vietnamese, then an English page offers vi and x-default', async () => {
    const { product, get } = await world({ languages: [] });
    const url = `${PUBLIC_URL}/products/details/${product.id}`;
    const { html } = await get(`/products/details/${product.id}`, { 'accept-language': 'en' });
    // The interface is English; the product's text is its Vietnamese (the translation is not published).
    expect(htmlLang(html)).toBe('en');
    expect(titleOf(html)).toBe('Cà phê Arabica Cầu Đất | Product Traceability');
    expect(alternatesOf(html)).toEqual([
      ['vi', `${url}?lang=vi`],
      ['x-default', url],
    ]);
    expect(metaOf(html, 'og:locale')).toEqual(['en_US']);
    expect(metaOf(html, 'og:locale:alternate')).toEqual(['vi_VN']);
    expect(html).toContain(`<link rel="canonical" href="${url}" />`);
  });

  it('kept pages never mix languages: English after Vietnamese is English, and each stays itself', async () => {
    const { caller, product, get } = await world();
    const path = `/products/details/${product.id}`;
    const gz = { 'accept-encoding': 'gzip' };
    const asked = async (headers: Record<string, string>) => (await get(path, { ...gz, ...headers })).html;
    expect(htmlLang(await asked({}))).toBe('vi');
    expect(titleOf(await asked({ 'accept-language': 'en' }))).toBe(
      'Cau Dat Arabica coffee | Product Traceability',
    );
    expect(htmlLang(await asked({ cookie: 'lang=zh-Hans' }))).toBe('zh-Hans');
    expect(titleOf(await asked({}))).toBe('Cà phê Arabica Cầu Đất | Truy xuất nguồn gốc');
    expect(htmlLang(await asked({ 'accept-language': 'en' }))).toBe('en');
    // A change drops every language's page with the answer.
    await caller.products.putTranslation({
      id: product.id,
      lang: 'en',
      translation: { name: 'Cau Dat coffee, new crop' },
    });
    await atOnce(async () => {
      expect(titleOf(await asked({ 'accept-language': 'en' }))).toBe(
        'Cau Dat coffee, new crop | Product Traceability',
      );
      expect(titleOf(await asked({}))).toBe('Cà phê Arabica Cầu Đất | Truy xuất nguồn gốc');
    });
  });

  it("a lot's page, a company's page, a serial's page and the plain light page say their language too", async () => {
    const { caller, admin, product, get } = await world();
    const lot = await caller.lots.create({ productId: product.id, code: 'L2405A' });
    const lotPage = await get(`/lots/${lot.id}`, { 'accept-language': 'en-US,en;q=0.9' });
    expect(htmlLang(lotPage.html)).toBe('en');
    expect(titleOf(lotPage.html)).toContain('Cau Dat Arabica coffee');
    expect(alternatesOf(lotPage.html).map(([l]) => l)).toEqual(['vi', 'en', 'zh-Hans', 'x-default']);

    const company = await get(`/company/details/${admin.companyId}?lang=zh-Hans`);
    expect(htmlLang(company.html)).toBe('zh-Hans');
    expect(company.res.headers.get('set-cookie')).toMatch(/^lang=zh-Hans;/);
    expect(metaOf(company.html, 'og:locale')).toEqual(['zh_CN']);

    // A page without an answer (an unknown code, a visitor's history): the light page in the language.
    for (const path of ['/redirect/khongcoma1234', '/products']) {
      const plain = await get(path, { 'accept-language': 'zh-CN,zh;q=0.9' });
      expect(plain.html, path).toBe(TEMPLATE.replace('<html lang="vi">', '<html lang="zh-Hans">'));
      expect(plain.res.headers.get('vary'), path).toContain('Accept-Language');
      expect((await get(path)).html, path).toBe(TEMPLATE);
    }
    // The serial verdict page: an unknown serial is "not issued", in English.
    const serial = await get('/s/NOSUCHSERIAL1', { 'accept-language': 'en' });
    expect(htmlLang(serial.html)).toBe('en');
    expect(serial.html).not.toContain('Mã không hợp lệ');
    // The workspace's page stays Vietnamese.
    expect(htmlLang((await get('/products/manage', { 'accept-language': 'en' })).html)).toBe('vi');
  });

  it('the dispatcher sends the kept page of the request’s language with the same headers as the app', async () => {
    const { product, served } = await world();
    const get = await served();
    const path = `/products/details/${product.id}`;
    // The first asks make the pages (the app); the next are the dispatcher's, with no request id.
    const firsts: Array<Record<string, string>> = [
      {},
      { 'accept-language': 'en' },
      { cookie: 'lang=zh-Hans' },
    ];
    for (const headers of firsts) await get(path, headers);
    const vi = await get(path);
    expect(vi.res.headers.get('x-request-id')).toBeNull();
    expect(htmlLang(vi.html)).toBe('vi');
    expect(vi.res.headers.get('vary')).toBe('Accept-Encoding, Accept-Language, Cookie');
    const en = await get(path, { 'accept-language': 'en-GB,en;q=0.9,vi;q=0.5' });
    expect(en.res.headers.get('x-request-id')).toBeNull();
    expect(titleOf(en.html)).toBe('Cau Dat Arabica coffee | Product Traceability');
    const zh = await get(path, { cookie: 'sid=x; lang=zh-Hans' });
    expect(zh.res.headers.get('x-request-id')).toBeNull();
    expect(htmlLang(zh.html)).toBe('zh-Hans');
    const param = await get(`${path}?lang=en`, { cookie: 'lang=zh-Hans' });
    expect(param.res.headers.get('x-request-id')).toBeNull();
    expect(htmlLang(param.html)).toBe('en');
    expect(param.res.headers.get('set-cookie')).toBe(
      'lang=en; Path=/; Max-Age=31536000; SameSite=Lax; Secure',
    );
    expect(param.res.headers.get('vary')).toBe('Accept-Encoding');
    // English after Vietnamese and back: each its own page.
    expect(htmlLang((await get(path)).html)).toBe('vi');
  });

  it('hostile language choices (prototype names, oversized and many-entry headers, repeated and huge ?lang=, a trailing slash) are Vietnamese or the language named, never an error, and cost no time', async () => {
    const { product, get: viaApp, served } = await world();
    const viaDispatcher = await served();
    const path = `/products/details/${product.id}`;
    // As large as a request's headers may be (node refuses past 16 kB with a 431), far past what is read.
    const huge = 'x'.repeat(6_000);
    const many = Array.from({ length: 800 }, (_, i) => `x${i};q=0.${i % 10}`).join(',');
    const variants: Array<[string, Record<string, string>, string]> = [
      [`${path}?lang=__proto__`, {}, 'vi'],
      [`${path}?lang=constructor`, {}, 'vi'],
      [`${path}?lang=toString&lang=en`, {}, 'vi'],
      [`${path}?lang=${huge}`, {}, 'vi'],
      [path, { cookie: 'lang=__proto__; __proto__=en' }, 'vi'],
      [path, { cookie: `lang=${huge}` }, 'vi'],
      [path, { 'accept-language': '__proto__, constructor;q=1, hasOwnProperty' }, 'vi'],
      [path, { 'accept-language': `${huge},en` }, 'vi'],
      [path, { 'accept-language': many }, 'vi'],
      [path, { 'accept-language': 'en;q=1e999, zh;q=-1, vi;q=NaN' }, 'vi'],
      [path, { 'accept-language': 'fr, zh-TW;q=0.5' }, 'zh-Hans'],
    ];
    // A trailing slash is the server's to take away before anything reads the path (request-target.ts).
    const servedVariants: typeof variants = [...variants, [`${path}/?lang=en`, {}, 'en'], [`${path}//`, {}, 'vi']];
    for (const [get, tried] of [
      [viaApp, variants],
      [viaDispatcher, servedVariants],
    ] as const) {
      for (const [target, headers, lang] of tried) {
        const started = performance.now();
        const { res, html } = await get(target, headers);
        const took = performance.now() - started;
        expect(res.status, `${target.slice(0, 80)} ${JSON.stringify(headers).slice(0, 80)}`).toBe(200);
        expect(htmlLang(html), `${target.slice(0, 80)} ${JSON.stringify(headers).slice(0, 80)}`).toBe(lang);
        expect(took).toBeLessThan(1000);
      }
    }
  });
});
