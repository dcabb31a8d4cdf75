import { join } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteTables } from '#server/db/schema/index.ts';
import { engine } from '#tests/helpers/deps.ts';
import { readInterop, readVector } from '#tests/helpers/interop.ts';
import { type RealServer, startRealServer } from '#tests/server/security/real-server.ts';

const { companies, lotEvents, lots, products, trackingEntries } = sqliteTables;

/** Every resolver behaviour of decision 130 on the REAL server (decision 044). */
const PUBLIC_URL = 'https://truyxuat.example.vn';
const GTIN = '08930000000019';
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const linksetSchema = ajv.compile(readVector<object>('linkset-schema.reported.json'));
/** The official EPCIS schema, compiled by the EPCIS tests below only: the resolver's read the repository alone. */
let officialEpcis: ValidateFunction;

let server: RealServer;
let productId: number;
let lotId: number;
let recalledLotId: number;

/** Rows written straight into the running server's database (the lots screens are another module's). */
async function seed(dataDir: string) {
  const sqlite = new Database(join(dataDir, 'app.db'));
  sqlite.pragma('busy_timeout = 5000');
  const db = drizzle(sqlite);
  const company = (
    await db
      .insert(companies)
      .values({
        name: 'Hợp tác xã Gạo',
        representative: 'A',
        address: 'Sóc Trăng',
        email: 'htx@example.vn',
        businessLicense: 'GP-1',
      })
      .returning()
  )[0]!;
  const product = async (gtin: string, status: 'ACTIVE' | 'INACTIVE', qrCode: string) =>
    (
      await db
        .insert(products)
        .values({ companyId: company.id, name: 'Gạo ST25', status, qrCode, gtin })
        .returning()
    )[0]!.id;
  productId = await product(GTIN, 'ACTIVE', 'gaost25aaaaa');
  await product('09506000134352', 'INACTIVE', 'gaost25bbbbb');
  const lot = async (code: string, recalled: boolean) =>
    (
      await db
        .insert(lots)
        .values({
          companyId: company.id,
          productId,
          code,
          productionDate: '2026-10-03',
          expiryDate: '2027-10-03',
          quantity: 1200,
          unit: 'kg',
          recalledAt: recalled ? new Date('2026-11-20T10:00:00Z') : null,
          recallReason: recalled ? 'Nhiễm khuẩn' : null,
        })
        .returning()
    )[0]!.id;
  lotId = await lot('LOT2610', false);
  recalledLotId = await lot('LOT2611', true);
  await db.insert(trackingEntries).values({
    productId,
    companyId: company.id,
    position: 0,
    activity: 'Thu hoạch',
    location: 'Sóc Trăng',
    date: '2026-10-01',
    gln: '8930000000019',
  });
  await db.insert(lotEvents).values({
    lotId,
    companyId: company.id,
    position: 0,
    activity: 'Đóng gói',
    location: 'Xưởng',
    date: '2026-10-03T14:00',
  });
  sqlite.close();
}

beforeAll(async () => {
  if (engine !== 'sqlite') return; // the describe below is SQLite's only
  server = await startRealServer({ PUBLIC_URL });
  await seed(server.dataDir);
}, 30_000);
afterAll(() => server?.stop());

const get = (path: string, init: RequestInit = {}) =>
  fetch(`${server.url}${path}`, { redirect: 'manual', ...init });

describe.skipIf(engine !== 'sqlite')(
  'GS1 Digital Link resolver (on the real server over a SQLite file it seeds; the same routes on PostgreSQL: multi-instance tests)',
  () => {
    it('a syntax error is a 400 with a Vietnamese reason, never a 200', async () => {
      for (const path of [
        '/01/08930000000018', // check digit
        '/01/8930000000019', // 13 digits
        `/01/${GTIN}/21/1/10/LOT2610`, // qualifier order
        `/01/${GTIN}/10/L%C3%B4`, // diacritic in a lot
        `/01/${GTIN}?17=261331`, // month 13
        '/01/abc',
      ]) {
        const res = await get(path);
        expect(res.status, path).toBe(400);
        expect((await res.json()).message).toMatch(/^Đường dẫn GS1 Digital Link không hợp lệ: /);
      }
    });

    it('a known GTIN redirects (307) to the product page, the query kept, with the linkset Link header', async () => {
      const res = await get(`/01/${GTIN}?17=261231&utm=qr`);
      expect(res.status).toBe(307);
      expect(res.headers.get('location')).toBe(
        `${PUBLIC_URL}/products/details/${productId}?17=261231&utm=qr`,
      );
      expect(res.headers.get('link')).toBe(
        `<${PUBLIC_URL}/01/${GTIN}?linkType=linkset>; rel="linkset"; type="application/linkset+json"`,
      );
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
    });

    it('a known lot redirects to its lot page; /22/ before /10/ and /21/ after it are read', async () => {
      for (const path of [
        `/01/${GTIN}/10/LOT2610`,
        `/01/${GTIN}/22/V1/10/LOT2610/21/S9`,
        `/01/${GTIN}/10/LOT2610/`,
      ]) {
        const res = await get(path);
        expect(res.status, path).toBe(307);
        expect(res.headers.get('location')).toBe(`${PUBLIC_URL}/lots/${lotId}`);
      }
      const linkHeader = (await get(`/01/${GTIN}/10/LOT2610/21/S9`)).headers.get('link');
      expect(linkHeader).toContain(`<${PUBLIC_URL}/01/${GTIN}/10/LOT2610/21/S9?linkType=linkset>`);
    });

    it('an unknown lot walks up to the product page, which names it; an unknown GTIN is 404, a product not ACTIVE too', async () => {
      const lot = await get(`/01/${GTIN}/10/NOPE?17=270101`);
      expect(lot.status).toBe(307);
      // The page says the lot was not found (decision 184), the query kept after it.
      expect(lot.headers.get('location')).toBe(
        `${PUBLIC_URL}/products/details/${productId}?lot=NOPE&17=270101`,
      );
      const encoded = await get(`/01/${GTIN}/10/A%2F1`);
      expect(encoded.headers.get('location')).toBe(`${PUBLIC_URL}/products/details/${productId}?lot=A%2F1`);
      const pip = await get(`/01/${GTIN}/10/NOPE?linkType=gs1:pip`);
      expect(pip.headers.get('location')).toBe(`${PUBLIC_URL}/products/details/${productId}`);
      expect((await get('/01/00000001234565')).status).toBe(404);
      expect((await get('/01/09506000134352')).status).toBe(404);
    });

    it('linkType picks the link; an unknown one is 404', async () => {
      const location = async (query: string) => {
        const res = await get(`/01/${GTIN}/10/LOT2610?${query}`);
        expect(res.status, query).toBe(307);
        return res.headers.get('location');
      };
      expect(await location('linkType=gs1:pip')).toBe(`${PUBLIC_URL}/products/details/${productId}`);
      expect(await location('linkType=gs1:traceability&17=271003')).toBe(
        `${PUBLIC_URL}/lots/${lotId}?17=271003`,
      );
      expect(await location('linkType=gs1:epcis')).toBe(`${PUBLIC_URL}/api/epcis/lots/${lotId}`);
      expect(await location(`linkType=${encodeURIComponent('https://gs1.org/voc/pip')}`)).toBe(
        `${PUBLIC_URL}/products/details/${productId}`,
      );
      expect(await location('linkType=gs1:defaultLink')).toBe(`${PUBLIC_URL}/lots/${lotId}`);
      expect((await get(`/01/${GTIN}/10/LOT2610?linkType=gs1:recallStatus`)).status).toBe(404);
      expect((await get(`/01/${GTIN}/10/LOT2611?linkType=gs1:recallStatus`)).status).toBe(307);
      expect((await get(`/01/${GTIN}?linkType=gs1:certificationInfo`)).status).toBe(404);
      expect((await get(`/01/${GTIN}?linkType=gs1:epcis`)).headers.get('location')).toBe(
        `${PUBLIC_URL}/api/epcis/products/${productId}`,
      );
    });

    it('?linkType=linkset and Accept: application/linkset+json answer the RFC 9264 linkset', async () => {
      for (const res of [
        await get(`/01/${GTIN}/10/LOT2610?linkType=linkset`),
        await get(`/01/${GTIN}/10/LOT2610`, { headers: { Accept: 'application/linkset+json' } }),
      ]) {
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe('application/linkset+json');
        const body = await res.json();
        expect(linksetSchema(body), JSON.stringify(linksetSchema.errors)).toBe(true);
        const [set] = body.linkset;
        expect(set.anchor).toBe(`${PUBLIC_URL}/01/${GTIN}/10/LOT2610`);
        // The default link has only href and title (GS1-Conformant resolver standard); decision 191.
        expect(set['https://ref.gs1.org/voc/defaultLink']).toEqual([
          { href: `${PUBLIC_URL}/lots/${lotId}`, title: 'Thông tin truy xuất nguồn gốc' },
        ]);
        expect(set['https://ref.gs1.org/voc/pip'][0].href).toBe(
          `${PUBLIC_URL}/products/details/${productId}?lang=vi`,
        );
        expect(set['https://ref.gs1.org/voc/epcis'][0]).toMatchObject({
          href: `${PUBLIC_URL}/api/epcis/lots/${lotId}`,
          type: 'application/ld+json',
        });
        for (const [key, links] of Object.entries(set)) {
          if (key.startsWith('https://'))
            for (const l of links as Array<{ href: string; title: string }>)
              expect(l.title && l.href).toBeTruthy();
        }
      }
      const recalled = await (await get(`/01/${GTIN}/10/LOT2611?linkType=linkset`)).json();
      expect(recalled.linkset[0]['https://ref.gs1.org/voc/recallStatus'][0].title).toBe(
        'Lô này đã bị thu hồi',
      );
    });

    it('HEAD and OPTIONS answer with CORS', async () => {
      const head = await get(`/01/${GTIN}/10/LOT2610`, { method: 'HEAD' });
      expect(head.status).toBe(307);
      expect(head.headers.get('location')).toBe(`${PUBLIC_URL}/lots/${lotId}`);
      expect(await head.text()).toBe('');
      const options = await get(`/01/${GTIN}`, {
        method: 'OPTIONS',
        headers: { Origin: 'https://other.example', 'Access-Control-Request-Method': 'GET' },
      });
      expect(options.status).toBe(204);
      expect(options.headers.get('access-control-allow-origin')).toBe('*');
      expect(options.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS');
      expect(options.headers.get('access-control-expose-headers')).toContain('Link');
    });

    it('/.well-known/gs1resolver describes the resolver', async () => {
      const res = await get('/.well-known/gs1resolver');
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({
        resolverRoot: PUBLIC_URL,
        supportedPrimaryKeys: ['01', '414', '417'],
        jsonLdContextLocation: 'https://ref.gs1.org/standards/resolver/linkset-context',
      });
    });
  },
);

describe.skipIf(engine !== 'sqlite')(
  'EPCIS export over HTTP (on the real server over the SQLite file seeded above)',
  () => {
    beforeAll(() => {
      officialEpcis = ajv.compile(readInterop<object>('epcis', 'EPCIS-JSON-Schema.json'));
    });

    it('the gs1:epcis link of a lot serves a JSON-LD document the official schema accepts', async () => {
      const res = await get(`/api/epcis/lots/${lotId}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/ld+json; charset=UTF-8');
      const doc = await res.json();
      expect(officialEpcis(doc), JSON.stringify(officialEpcis.errors)).toBe(true);
      const events = doc.epcisBody.eventList;
      expect(events.map((e: { bizStep: string }) => e.bizStep)).toEqual(['commissioning', 'packing']);
      expect(events[0].quantityList[0]).toEqual({
        epcClass: `${PUBLIC_URL}/01/${GTIN}/10/LOT2610`,
        quantity: 1200,
        uom: 'KGM',
      });
    });

    it('a recalled lot ends with disposition recalled; the product export validates too', async () => {
      const lot = await (await get(`/api/epcis/lots/${recalledLotId}`)).json();
      expect(officialEpcis(lot)).toBe(true);
      expect(lot.epcisBody.eventList.at(-1)).toMatchObject({
        disposition: 'recalled',
        eventTime: '2026-11-20T17:00:00+07:00',
      });
      const product = await (await get(`/api/epcis/products/${productId}`)).json();
      expect(officialEpcis(product), JSON.stringify(officialEpcis.errors)).toBe(true);
      expect(
        product.epcisBody.eventList.filter((e: { disposition?: string }) => e.disposition === 'recalled'),
      ).toHaveLength(1);
    });

    it('a product not ACTIVE, a missing lot and a bad id are 404', async () => {
      expect((await get(`/api/epcis/products/${productId + 1}`)).status).toBe(404);
      expect((await get('/api/epcis/lots/999999')).status).toBe(404);
      expect((await get('/api/epcis/lots/abc')).status).toBe(404);
    });
  },
);
