import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AppError } from '#server/errors.ts';
import { LOOKUP_CHUNK } from '#server/db/chunks.ts';
import { assertCodesFree, freeCodes, isCodeFree } from '#server/services/shortLinks/availability.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import { tables } from '#tests/helpers/deps.ts';
import { createTestApi, type TestApi } from '#tests/helpers/http.ts';
import { makeProduct, people } from '#tests/server/products/helpers.ts';
import { counts, csv, postImport } from './helpers.ts';

const { products, shortLinks, trackingEntries } = tables;

/** More products than one lookup (and several inserts) take, so the later chunks are where the rules are tried. */
const SIZE = 1_500;

async function setup() {
  const api = await createTestApi();
  return { api, p: await people(api.deps) };
}

/** `count` new unbound codes of the company whose admin holds `token`. */
async function printedCodes(api: TestApi, token: string, count: number): Promise<string[]> {
  const res = await api.call('POST', '/shortLinks', { token, body: { count } });
  expect(res.status).toBe(201);
  return (res.body.data as { code: string }[]).map((l) => l.code);
}

/** A GTIN-13 with its check digit (GS1: weights 1 and 3 from the left), from a 12-digit body. */
function gtin13(n: number): string {
  const body = String(893_000_000_000 + n);
  const sum = [...body].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/**
 * SIZE products, one row each, named by their number and each with a one-step timeline naming it too;
 * `cells(i)` gives the code and the GTIN of product i (1-based; its row in the file is i + 1).
 */
function bigFile(cells: (i: number) => { qr_code?: string; gtin?: string }) {
  const rows: string[][] = [];
  for (let i = 1; i <= SIZE; i++) {
    const { qr_code = '', gtin = '' } = cells(i);
    rows.push([`Sản phẩm ${i}`, qr_code, gtin, `Bước của ${i}`, '2025-01-10']);
  }
  return csv(rows, ['name', 'qr_code', 'gtin', 'activity', 'date']);
}

describe('[REST][productImport] checks and writes in chunks', () => {
  it('[COMPANY_ADMIN][REST][productImport]: a taken code or GTIN past the first chunk is named by its row, and nothing is imported', async () => {
    const { api, p } = await setup();
    const [codeB] = await printedCodes(api, p.tokens.adminB, 1);
    await makeProduct(api.deps, p.companyA.id, { gtin: `0${gtin13(5)}` }, [], 'da-co-san-pham');
    const file = bigFile((i) => {
      if (i === 1_200) return { qr_code: codeB! };
      if (i === 1_300) return { gtin: gtin13(5) };
      if (i === 1_400) return { qr_code: 'da-co-san-pham' };
      return { qr_code: `ma-nhap-${i}`, gtin: gtin13(100 + i) };
    });

    const dry = await postImport(api, file, { token: p.tokens.adminA, dryRun: 'true' });
    expect(dry.status).toBe(200);
    expect(dry.body.data.errors).toEqual([
      { row: 1_201, field: 'qr_code', message: vi.errors.qrCodeTaken },
      { row: 1_301, field: 'gtin', message: vi.lots.gtinTaken },
      { row: 1_401, field: 'qr_code', message: vi.errors.qrCodeTaken },
    ]);

    const refused = await postImport(api, file, { token: p.tokens.adminA });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({
      '1201.qr_code': vi.errors.qrCodeTaken,
      '1301.gtin': vi.lots.gtinTaken,
      '1401.qr_code': vi.errors.qrCodeTaken,
    });
    expect(await counts(api.deps, p.companyA.id)).toEqual({ products: 1, steps: 0, codes: 1 });
    const [linkB] = await api.deps.db.select().from(shortLinks).where(eq(shortLinks.code, codeB!));
    expect(linkB).toMatchObject({ companyId: p.companyB.id, productId: null });
  });

  it("[COMPANY_ADMIN][REST][productImport]: the company's unbound codes in any chunk are bound to their new products; each product gets its own code and timeline", async () => {
    const { api, p } = await setup();
    const [early, late] = await printedCodes(api, p.tokens.adminA, 2);
    const given = new Map<number, string>([
      [10, early!],
      [1_450, late!],
    ]);
    // Every third product has a code of its own in the file; the others get a new one.
    const file = bigFile((i) => ({ qr_code: given.get(i) ?? (i % 3 === 0 ? `ma-nhap-${i}` : undefined) }));

    const res = await postImport(api, file, { token: p.tokens.adminA });
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect(res.body.data.imported).toBe(SIZE);
    // The two printed codes were bound, not added again.
    expect(await counts(api.deps, p.companyA.id)).toEqual({ products: SIZE, steps: SIZE, codes: SIZE });

    const rows = await api.deps.db.select().from(products).where(eq(products.companyId, p.companyA.id));
    const byName = new Map(rows.map((r) => [r.name, r]));
    for (const [i, code] of given) expect(byName.get(`Sản phẩm ${i}`)?.qrCode).toBe(code);
    expect(byName.get('Sản phẩm 3')?.qrCode).toBe('ma-nhap-3');
    expect(byName.get('Sản phẩm 1497')?.qrCode).toBe('ma-nhap-1497');

    // Each code points at the product that carries it, and each step belongs to the product it names.
    const links = await api.deps.db.select().from(shortLinks).where(eq(shortLinks.companyId, p.companyA.id));
    const idByCode = new Map(rows.map((r) => [r.qrCode, r.id]));
    expect(links.every((l) => l.productId !== null && idByCode.get(l.code) === l.productId)).toBe(true);
    expect(links.find((l) => l.code === late)?.boundAt).not.toBeNull();
    const nameById = new Map(rows.map((r) => [r.id, r.name]));
    const steps = await api.deps.db.select().from(trackingEntries);
    expect(
      steps.every((s) => `Bước của ${nameById.get(s.productId)?.slice('Sản phẩm '.length)}` === s.activity),
    ).toBe(true);
  });
});

describe('[service][shortLinks] codes checked in chunks', () => {
  it('[service][shortLinks]: freeCodes keeps the rule of isCodeFree past the first chunk; assertCodesFree refuses the batch', async () => {
    const { api, p } = await setup();
    const [codeB] = await printedCodes(api, p.tokens.adminB, 1);
    const [ownUnbound] = await printedCodes(api, p.tokens.adminA, 1);
    const held = await makeProduct(api.deps, p.companyA.id, {}, [], 'da-co-san-pham');
    const unknown = Array.from({ length: LOOKUP_CHUNK + 200 }, (_, i) => `chua-dung-${i}`);
    const codes = [...unknown, codeB!, ownUnbound!, 'da-co-san-pham'];

    const free = await freeCodes(api.deps.db, codes, p.companyA.id);
    expect([...free].sort()).toEqual([...unknown, ownUnbound!].sort());
    for (const code of [codeB!, ownUnbound!, 'da-co-san-pham', unknown.at(-1)!]) {
      expect(await isCodeFree(api.deps.db, code, p.companyA.id)).toBe(free.has(code));
    }
    // The product's own code is free for that product (an edit that keeps it).
    expect(await freeCodes(api.deps.db, ['da-co-san-pham'], p.companyA.id, held.id)).toEqual(
      new Set(['da-co-san-pham']),
    );
    // Without a company (a SUPER_ADMIN that chose none), only unknown codes are free.
    expect((await freeCodes(api.deps.db, codes, null)).size).toBe(unknown.length);

    await expect(assertCodesFree(api.deps.db, codes, p.companyA.id)).rejects.toThrow(AppError);
    await expect(assertCodesFree(api.deps.db, codes, p.companyA.id)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: vi.errors.qrCodeTaken,
    });
    await expect(
      assertCodesFree(api.deps.db, [...unknown, ownUnbound!], p.companyA.id),
    ).resolves.toBeUndefined();
  });
});
