import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DL_PATH_ROOTS } from '#shared/gs1/digital-link.ts';
import { tables } from '#tests/helpers/deps.ts';
import { createCompany } from '#tests/helpers/factories.ts';
import { createTestApi, type TestApi } from '#tests/helpers/http.ts';
import { readVector } from '#tests/helpers/interop.ts';

const { lots, products } = tables;

/**
 * The Digital Link resolver over every GS1 primary key, as an outside client meets it (decision 190):
 * the app's routes through app.request(), on SQLite and on PostgreSQL alike.
 */
const PUBLIC_URL = 'https://truyxuat.example.vn';
const GTIN = '09506000134352';
const GLN = '9520123456788';
const CONTEXT_LINK =
  '<https://ref.gs1.org/standards/resolver/linkset-context>; rel="http://www.w3.org/ns/json-ld#context"; type="application/ld+json"';
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const linksetSchema = ajv.compile(readVector<object>('linkset-schema.reported.json'));

let api: TestApi;
let productId: number;
let lotId: number;
let companyId: number;

beforeAll(async () => {
  api = await createTestApi({ PUBLIC_URL });
  const company = await createCompany(api.deps, { name: 'Hợp tác xã Gạo', gln: GLN });
  companyId = company.id;
  await createCompany(api.deps, { name: 'Trùng GLN', gln: GLN });
  productId = (
    await api.deps.db
      .insert(products)
      .values({ companyId, name: 'Gạo ST25', status: 'ACTIVE', qrCode: 'gaost25aaaaa', gtin: GTIN })
      .returning()
  )[0]!.id;
  lotId = (await api.deps.db.insert(lots).values({ companyId, productId, code: 'LOT2610' }).returning())[0]!
    .id;
}, 60_000);

const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  api.app.request(path, { method, headers });

async function problemOf(res: Response) {
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  return (await res.json()) as { statusCode: number; message: string; detail: string; ai?: string };
}

describe('[PUBLIC][GS1] every primary-key path is the resolver’s, never the web app’s page', () => {
  /** A well-formed value of each primary key (GS1's examples), none of which this app holds. */
  const WELL_FORMED: Record<string, string> = {
    '00': '/00/106141411234567897',
    '01': '/01/09520123456788',
    '253': '/253/1231231231232',
    '255': '/255/4012345000115',
    '401': '/401/12345678',
    '402': '/402/12345678901234560',
    '414': '/414/4012345000108',
    '415': '/415/9520123456788/8020/ABC123',
    '417': '/417/4012345000108',
    '8003': '/8003/01234567890128',
    '8004': '/8004/9520614141234567',
    '8006': '/8006/095060001343520102',
    '8010': '/8010/0614141ABC',
    '8013': '/8013/1987654Ad4X4bL5ttr2310c2K',
    '8017': '/8017/123456789012345675',
    '8018': '/8018/123456789012345675/8019/123',
  };
  /** The same with its last digit changed: a wrong check digit on every key that has one. */
  const BAD_CHECK: Record<string, string> = {
    '00': '/00/106141411234567896',
    '01': '/01/09520123456789',
    '253': '/253/1231231231233',
    '255': '/255/4012345000116',
    '402': '/402/12345678901234561',
    '414': '/414/4012345000109',
    '415': '/415/9520123456781/8020/ABC123',
    '417': '/417/4012345000109',
    '8003': '/8003/01234567890129',
    '8006': '/8006/095060001343530102',
    '8013': '/8013/1987654Ad4X4bL5ttr2310cXK',
    '8017': '/8017/123456789012345676',
    '8018': '/8018/123456789012345674/8019/123',
  };

  it('a well-formed key of every kind we hold nothing for is 404 JSON, in Vietnamese and English', async () => {
    for (const [key, path] of Object.entries(WELL_FORMED)) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      const body = await problemOf(res);
      expect(body.message, path).toMatch(key === '01' ? /^Không có sản phẩm nào/ : /^Không có thông tin nào/);
      expect(body.detail, path).toBe('Nothing is known for this GS1 key');
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
    }
  });

  it('a key after a path of its own is a Digital Link on another resolver root: well formed, 404 here', async () => {
    // GS1's engine reads the last primary key of the path as the key and what is before it as the stem.
    const res = await get(`/01/${GTIN}/00/106141411234567897`);
    expect(res.status).toBe(404);
    expect((await problemOf(res)).detail).toBe('Nothing is known for this GS1 key');
  });

  it('a wrong check digit on any key is 400 naming the AI, never a 200', async () => {
    for (const [ai, path] of Object.entries(BAD_CHECK)) {
      const res = await get(path);
      expect(res.status, path).toBe(400);
      const body = await problemOf(res);
      expect(body).toMatchObject({ statusCode: 400, ai });
      expect(body.message, path).toBe(
        `Đường dẫn GS1 Digital Link không hợp lệ: sai số kiểm tra – AI (${ai})`,
      );
      expect(body.detail, path).toBe(`Invalid GS1 Digital Link: wrong check digit – AI (${ai})`);
    }
  });

  it.each([
    ['/gtin/9506000134352', 'SHORT_NAME'],
    ['/sscc/106141411234567897', 'SHORT_NAME'],
    ['/gln/9520123456788', 'SHORT_NAME'],
    ['/00/106141411234567897/10/4512', 'BAD_QUALIFIER'],
    ['/414/9520123456788/10/4512', 'BAD_QUALIFIER'],
    [`/01/${GTIN}/21/1/10/2`, 'QUALIFIER_ORDER'],
    [`/01/${GTIN}/foo`, 'NO_PRIMARY_KEY'],
    ['/01', 'NO_PRIMARY_KEY'],
    ['/8004/ABC', 'BAD_VALUE'],
    ['/401/12A', 'BAD_VALUE'],
    ['/8010/0614141abc', 'BAD_VALUE'],
    ['/415/9520123456788', 'MISSING_AI'],
    // names of Object.prototype in the path are data, not the table's members: 400, not 500
    ['/01/__proto__/x', 'NO_PRIMARY_KEY'],
    [`/01/${GTIN}/__proto__/x`, 'NO_PRIMARY_KEY'],
    ['/414/constructor', 'BAD_VALUE'],
  ])('%s is 400 (%s)', async (path) => {
    const res = await get(path);
    expect(res.status).toBe(400);
    expect((await problemOf(res)).message).toMatch(/^Đường dẫn GS1 Digital Link không hợp lệ: /);
  });

  it('the resolver owns the root of each key and short name, and nothing else', async () => {
    expect(DL_PATH_ROOTS).toEqual(expect.arrayContaining(['00', '01', '414', '417', '8018', 'gtin', 'giai']));
    for (const root of DL_PATH_ROOTS) {
      const res = await get(`/${root}/x`);
      expect(res.status, root).toBe(400);
    }
    // The app's own pages are not taken: /403 is its error page, not AI 403 (a data attribute).
    expect(DL_PATH_ROOTS).not.toContain('403');
  });
});

describe('[PUBLIC][GS1] a company’s GLN resolves to its page', () => {
  it.each(['414', '417'])(
    '/%s/{gln} is a 307 to the company page of the first company with that GLN',
    async (key) => {
      const res = await get(`/${key}/${GLN}?utm_source=qr`);
      expect(res.status).toBe(307);
      expect(res.headers.get('location')).toBe(`${PUBLIC_URL}/company/details/${companyId}?utm_source=qr`);
      expect(res.headers.get('link')).toBe(
        `<${PUBLIC_URL}/${key}/${GLN}?linkType=linkset>; rel="linkset"; type="application/linkset+json"`,
      );
      expect(res.headers.get('vary')).toBe('Accept');
    },
  );

  it('its qualifiers walk up to the company; gs1:homepage names the same page; others are 404', async () => {
    expect((await get(`/414/${GLN}/254/32a%2Fb`)).headers.get('location')).toBe(
      `${PUBLIC_URL}/company/details/${companyId}`,
    );
    expect((await get(`/417/${GLN}/7040/1ABC?linkType=gs1:homepage`)).headers.get('location')).toBe(
      `${PUBLIC_URL}/company/details/${companyId}`,
    );
    expect((await get(`/414/${GLN}?linkType=gs1:pip`)).status).toBe(404);
  });

  it('its linkset validates, with a default link of href and title only', async () => {
    const res = await get(`/414/${GLN}`, { Accept: 'application/linkset+json' });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(linksetSchema(body), JSON.stringify(linksetSchema.errors)).toBe(true);
    expect(body.linkset[0]).toEqual({
      anchor: `${PUBLIC_URL}/414/${GLN}`,
      itemDescription: 'Hợp tác xã Gạo',
      'https://ref.gs1.org/voc/defaultLink': [
        { href: `${PUBLIC_URL}/company/details/${companyId}`, title: 'Thông tin doanh nghiệp' },
      ],
      'https://ref.gs1.org/voc/homepage': [
        {
          href: `${PUBLIC_URL}/company/details/${companyId}?lang=vi`,
          title: 'Thông tin doanh nghiệp',
          type: 'text/html',
          hreflang: ['vi'],
        },
      ],
    });
  });

  it('HEAD and OPTIONS answer on every key with CORS', async () => {
    const head = await get(`/417/${GLN}`, {}, 'HEAD');
    expect(head.status).toBe(307);
    expect(await head.text()).toBe('');
    const options = await get(
      '/8004/9520614141234567',
      { 'Access-Control-Request-Method': 'GET' },
      'OPTIONS',
    );
    expect(options.status).toBe(204);
    expect(options.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS');
  });
});

describe('[PUBLIC][GS1] query attributes are validated; other parameters pass through', () => {
  it.each([
    ['?999=faux', 'UNKNOWN_AI', '999'],
    ['?89=x', 'UNKNOWN_AI', '89'],
    ['?10=', 'QUALIFIER_AS_ATTRIBUTE', '10'],
    ['?10=LOT2610', 'QUALIFIER_AS_ATTRIBUTE', '10'],
    ['?17=261231&17=270101', 'DUPLICATE_AI', '17'],
    [`?99=${'x'.repeat(91)}`, 'BAD_VALUE', '99'],
    ['?4321=2', 'BAD_FLAG', '4321'],
    ['?4321=1', 'MISSING_AI', '4321'],
    ['?17=261331', 'BAD_DATE', '17'],
    ['?3103=00019A', 'BAD_VALUE', '3103'],
    ['?8200=x', 'NOT_AN_ATTRIBUTE', '8200'],
  ])(`/01/${GTIN}%s is 400 for AI (%s)`, async (query, _error, ai) => {
    const res = await get(`/01/${GTIN}${query}`);
    expect(res.status).toBe(400);
    const body = await problemOf(res);
    expect(body.ai).toBe(ai);
    expect(body.message).toContain(`AI (${ai})`);
    expect(body.detail).toMatch(/^Invalid GS1 Digital Link: /);
  });

  it('a flag attribute of an SSCC reaches the syntax check, not the store: 0 or 1 is well formed (404 here)', async () => {
    expect((await get('/00/106141411234567897?4321=1')).status).toBe(404);
    expect((await get('/00/106141411234567897?4321=2')).status).toBe(400);
    expect((await get(`/00/106141411234567897?99=${'x'.repeat(90)}`)).status).toBe(404);
  });

  it('valid attributes and non-AI parameters are passed on to the target byte for byte, less linkType', async () => {
    const query = '?17=261231&3103=000195&linkType=gs1:pip&utm_source=qr&lang=vi&context=vn&flag';
    const res = await get(`/01/${GTIN}${query}`);
    expect(res.status).toBe(307);
    expect(res.headers.get('location')).toBe(
      `${PUBLIC_URL}/products/details/${productId}?17=261231&3103=000195&utm_source=qr&lang=vi&context=vn&flag`,
    );
  });
});

describe('[PUBLIC][GS1] link types, default link, negotiation headers', () => {
  it.each([
    'gs1:pip',
    'https://ref.gs1.org/voc/pip',
    'https://www.gs1.org/voc/pip',
    'https://gs1.org/voc/pip',
    'http://ref.gs1.org/voc/pip',
  ])('linkType=%s names the product page', async (linkType) => {
    const res = await get(`/01/${GTIN}/10/LOT2610?linkType=${encodeURIComponent(linkType)}`);
    expect(res.status).toBe(307);
    expect(res.headers.get('location')).toBe(`${PUBLIC_URL}/products/details/${productId}`);
  });

  it('an unknown link type is 404 with its reason; a prototype name is no link type', async () => {
    for (const linkType of [
      'gs1:nosuchlt',
      'https://ref.gs1.org/voc/nosuchlt',
      '__proto__',
      'gs1:constructor',
    ]) {
      const res = await get(`/01/${GTIN}?linkType=${encodeURIComponent(linkType)}`);
      expect(res.status, linkType).toBe(404);
      expect((await problemOf(res)).detail).toBe('No link of this type for this GS1 key');
    }
  });

  it('the linkset carries the JSON-LD context Link header, Vary: Accept, and a default link of href and title', async () => {
    for (const res of [
      await get(`/01/${GTIN}/10/LOT2610?linkType=linkset`),
      await get(`/01/${GTIN}/10/LOT2610`, { Accept: 'application/linkset+json' }),
    ]) {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/linkset+json');
      expect(res.headers.get('vary')).toBe('Accept');
      const links = (res.headers.get('link') ?? '').split(', ');
      expect(links).toEqual([
        `<${PUBLIC_URL}/01/${GTIN}/10/LOT2610?linkType=linkset>; rel="linkset"; type="application/linkset+json"`,
        CONTEXT_LINK,
      ]);
      const body = await res.json();
      expect(linksetSchema(body), JSON.stringify(linksetSchema.errors)).toBe(true);
      const [set] = body.linkset;
      expect(set['https://ref.gs1.org/voc/defaultLink']).toEqual([
        { href: `${PUBLIC_URL}/lots/${lotId}`, title: 'Thông tin truy xuất nguồn gốc' },
      ]);
      // The default link's target is also listed under its descriptive link type, with its type and language.
      expect(set['https://ref.gs1.org/voc/traceability']).toEqual([
        {
          href: `${PUBLIC_URL}/lots/${lotId}?lang=vi`,
          title: 'Truy xuất nguồn gốc',
          type: 'text/html',
          hreflang: ['vi'],
        },
      ]);
      expect(Object.keys(set).filter((k) => k.startsWith('https://gs1.org/'))).toEqual([]);
    }
  });

  it('the redirect that Accept could have turned into a linkset says Vary: Accept; the expose list lets scripts read it', async () => {
    const res = await get(`/01/${GTIN}`);
    expect(res.status).toBe(307);
    expect(res.headers.get('vary')).toBe('Accept');
    expect(res.headers.get('access-control-expose-headers')).toBe('Link, Location, Vary');
  });
});

describe('[PUBLIC][GS1] /.well-known/gs1resolver', () => {
  it('describes the resolver in the members of GS1 resolver description file', async () => {
    const res = await get('/.well-known/gs1resolver');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({
      name: 'Trình phân giải GS1 Digital Link của Truy xuất nguồn gốc',
      resolverRoot: PUBLIC_URL,
      supportedPrimaryKeys: ['01', '414', '417'],
      supportedLinkType: [{ namespace: 'https://ref.gs1.org/voc/', prefix: 'gs1:' }],
      linkTypeDefaultCanBeLinkset: false,
      supportedContextValuesEnumerated: [],
      jsonLdContextLocation: 'https://ref.gs1.org/standards/resolver/linkset-context',
    });
    // The schema's pattern for a prefix, and its required members.
    expect(body.supportedLinkType[0].prefix).toMatch(/^[a-zA-Z_][A-Za-z0-9_-]*?:$/);
    expect(body.supportedLinkTypes).toBeUndefined();
  });
});

describe('[PUBLIC][GS1] the linkset lists each page once per language the company publishes (issue 33)', () => {
  it('Vietnamese alone by default; with English and Chinese published, a link per language with its hreflang and ?lang=', async () => {
    const { companies } = tables;
    const pipOf = async () => {
      const res = await get(`/01/${GTIN}/10/LOT2610?linkType=linkset`);
      const body = await res.json();
      expect(linksetSchema(body), JSON.stringify(linksetSchema.errors)).toBe(true);
      return body.linkset[0] as Record<string, Array<{ href: string; title: string; hreflang?: string[] }>>;
    };
    expect((await pipOf())['https://ref.gs1.org/voc/pip']).toEqual([
      {
        href: `${PUBLIC_URL}/products/details/${productId}?lang=vi`,
        title: 'Thông tin sản phẩm',
        type: 'text/html',
        hreflang: ['vi'],
      },
    ]);
    await api.deps.db
      .update(companies)
      .set({ languages: ['zh-Hans', 'en'] })
      .where(eq(companies.id, companyId));
    try {
      const set = await pipOf();
      expect(set['https://ref.gs1.org/voc/pip']).toEqual(
        (['vi', 'en', 'zh-Hans'] as const).map((lang) => ({
          href: `${PUBLIC_URL}/products/details/${productId}?lang=${lang}`,
          title: { vi: 'Thông tin sản phẩm', en: 'Product information', 'zh-Hans': '产品信息' }[lang],
          type: 'text/html',
          // GS1's linkset schema takes no script subtag: Simplified Chinese is `zh` there.
          hreflang: [lang === 'zh-Hans' ? 'zh' : lang],
        })),
      );
      expect(set['https://ref.gs1.org/voc/traceability']?.map((l) => [l.href, l.hreflang])).toEqual(
        (['vi', 'en', 'zh-Hans'] as const).map((lang) => [
          `${PUBLIC_URL}/lots/${lotId}?lang=${lang}`,
          [lang === 'zh-Hans' ? 'zh' : lang],
        ]),
      );
      // The default link and EPCIS stay one link each, without a language (the page chooses its own).
      expect(set['https://ref.gs1.org/voc/defaultLink']).toEqual([
        { href: `${PUBLIC_URL}/lots/${lotId}`, title: 'Thông tin truy xuất nguồn gốc' },
      ]);
      expect(set['https://ref.gs1.org/voc/epcis']).toHaveLength(1);
      expect(set['https://ref.gs1.org/voc/epcis']?.[0]?.hreflang).toBeUndefined();
      // A redirect to a page's link type goes to the page itself, which chooses its language from the request.
      const pip = await get(`/01/${GTIN}?linkType=gs1:pip`, { 'Accept-Language': 'en-US,en;q=0.9' });
      expect(pip.headers.get('location')).toBe(`${PUBLIC_URL}/products/details/${productId}`);
      const asked = await get(`/01/${GTIN}?linkType=gs1:pip&lang=zh-Hans`);
      expect(asked.headers.get('location')).toBe(`${PUBLIC_URL}/products/details/${productId}?lang=zh-Hans`);
      // A GLN's company page, the same.
      const gln = await (await get(`/414/${GLN}?linkType=linkset`)).json();
      expect(
        gln.linkset[0]['https://ref.gs1.org/voc/homepage'].map((l: { hreflang: string[] }) => l.hreflang[0]),
      ).toEqual(['vi', 'en', 'zh']);
    } finally {
      await api.deps.db.update(companies).set({ languages: [] }).where(eq(companies.id, companyId));
    }
  });
});
