import { describe, expect, it } from 'vitest';
import { createTestApi } from '#tests/helpers/http.ts';
import { people } from '#tests/server/products/helpers.ts';
import { counts, csv, postImport } from './helpers.ts';

/** The limit: ten thousand products, each with a three-step timeline (30,000 rows). */
function bigFile() {
  const rows: string[][] = [];
  for (let i = 1; i <= 10_000; i++) {
    const key = `SP${i}`;
    rows.push([
      key,
      `Sản phẩm số ${i}`,
      'Đang hoạt động',
      'Cà phê',
      'Gói',
      'hữu cơ',
      'Đắk Lắk',
      '',
      'Thu hoạch',
      'Buôn Ma Thuột',
      '2024-01-10',
      'Hái chín',
    ]);
    rows.push([key, '', '', '', '', '', '', '', 'Rang', 'Đắk Lắk', '2024-02-01', '']);
    rows.push([key, '', '', '', '', '', '', '', 'Đóng gói', 'TP. Hồ Chí Minh', '2024-02-15', 'Túi 500g']);
  }
  return csv(rows);
}

describe('[REST][productImport] size', () => {
  it('[COMPANY_ADMIN][REST][productImport]: 10,000 products with timelines import in one go, well under 10 s', async () => {
    const api = await createTestApi();
    const p = await people(api.deps);
    const file = bigFile();
    const started = performance.now();
    const res = await postImport(api, file, { token: p.tokens.adminA });
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `import of 10,000 products (${(file.byteLength / 1e6).toFixed(1)} MB CSV): ${seconds.toFixed(2)} s`,
    );
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect(res.body.data).toMatchObject({ imported: 10_000, stepCount: 30_000 });
    expect(res.body.data.products).toHaveLength(200);
    expect(await counts(api.deps, p.companyA.id)).toEqual({ products: 10_000, steps: 30_000, codes: 10_000 });
    // The goal is 10 s; a loaded CI machine gets twice that before the test calls it a failure.
    expect(seconds).toBeLessThan(20);
  });

  it('[COMPANY_ADMIN][REST][productImport]: more than 10,000 products is refused whole', async () => {
    const api = await createTestApi();
    const p = await people(api.deps);
    const rows = Array.from({ length: 10_001 }, (_, i) => [
      '',
      `SP ${i}`,
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
    ]);
    const res = await postImport(api, csv(rows), { token: p.tokens.adminA, dryRun: 'true' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Mỗi tệp chỉ nhập được tối đa 10.000 sản phẩm');
    expect((await counts(api.deps)).products).toBe(0);
  });
});
