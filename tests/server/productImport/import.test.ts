import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { vi } from '#shared/i18n/vi/index.ts';
import { engine, tables } from '#tests/helpers/deps.ts';
import { createTestApi } from '#tests/helpers/http.ts';
import { people } from '#tests/server/products/helpers.ts';
import { counts, csv, GOOD_ROWS, postImport, xlsx } from './helpers.ts';

const { companyTerms, products, shortLinks, trackingEntries } = tables;

const m = vi.workspaceImport;

async function setup() {
  const api = await createTestApi();
  return { api, p: await people(api.deps) };
}

describe('[REST][productImport] CSV and XLSX', () => {
  it('[COMPANY_ADMIN][REST][productImport]: a dry run previews products with their grouped timelines and stores nothing', async () => {
    const { api, p } = await setup();
    const res = await postImport(api, csv(GOOD_ROWS), { token: p.tokens.adminA, dryRun: 'true' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(m.done);
    const d = res.body.data;
    expect(d).toMatchObject({
      dryRun: true,
      productCount: 2,
      stepCount: 4,
      errorCount: 0,
      errors: [],
      imported: 0,
    });
    expect(d.products[0]).toMatchObject({
      row: 2,
      name: 'Cà phê Arabica',
      status: 'ACTIVE',
      category: 'Cà phê',
      tags: ['hữu cơ', 'rang xay'],
      qr_code: null,
    });
    expect(d.products[0].trackings.map((t: { date: string }) => t.date)).toEqual([
      '2024-11-05',
      '2024-11-20',
      '2024-11-22',
    ]);
    expect(d.products[1]).toMatchObject({
      row: 5,
      name: 'Gạo ST25',
      status: 'INACTIVE',
      trackings: [{ activity: 'Thu hoạch' }],
    });
    expect(await counts(api.deps)).toEqual({ products: 0, steps: 0, codes: 0 });
  });

  it('[COMPANY_ADMIN][REST][productImport]: a CSV imports every product with its code, timeline in order, and new list values', async () => {
    const { api, p } = await setup();
    const res = await postImport(api, csv(GOOD_ROWS), { token: p.tokens.adminA, dryRun: 'false' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ dryRun: false, imported: 2, errorCount: 0 });
    expect(await counts(api.deps, p.companyA.id)).toEqual({ products: 2, steps: 4, codes: 2 });
    const coffee = (await api.deps.db.select().from(products).where(eq(products.name, 'Cà phê Arabica')))[0]!;
    expect(coffee).toMatchObject({
      companyId: p.companyA.id,
      status: 'ACTIVE',
      unit: 'Gói',
      origin: 'Lâm Đồng',
    });
    const steps = await api.deps.db
      .select({ activity: trackingEntries.activity })
      .from(trackingEntries)
      .where(eq(trackingEntries.productId, coffee.id))
      .orderBy(asc(trackingEntries.position));
    expect(steps.map((s) => s.activity)).toEqual(['Thu hoạch', 'Rang', 'Đóng gói']);
    const [link] = await api.deps.db.select().from(shortLinks).where(eq(shortLinks.code, coffee.qrCode));
    expect(link).toMatchObject({ productId: coffee.id, companyId: p.companyA.id });
    const terms = await api.deps.db
      .select({ kind: companyTerms.kind, value: companyTerms.value })
      .from(companyTerms);
    expect(terms).toEqual(
      expect.arrayContaining([
        { kind: 'category', value: 'Cà phê' },
        { kind: 'category', value: 'Gạo' },
        { kind: 'unit', value: 'Túi 5kg' },
        { kind: 'tag', value: 'rang xay' },
      ]),
    );
    // The imported products are searchable like any other.
    const found = await api.call('GET', '/products?search=arabica', { token: p.tokens.adminA });
    expect(found.body.data.products.map((x: { name: string }) => x.name)).toEqual(['Cà phê Arabica']);
  });

  it('[EMPLOYEE][REST][productImport]: an XLSX file imports the same, Excel dates included', async () => {
    const { api, p } = await setup();
    const rows = GOOD_ROWS.map((r) => [...r] as (string | Date)[]);
    rows[0]![10] = new Date(Date.UTC(2024, 10, 5));
    const res = await postImport(api, await xlsx(rows), {
      token: p.tokens.employeeA,
      filename: 'san-pham.xlsx',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.imported).toBe(2);
    expect(res.body.data.products[0].trackings[0].date).toBe('2024-11-05');
    expect(await counts(api.deps, p.companyA.id)).toMatchObject({ products: 2, steps: 4 });
  });

  it('[COMPANY_ADMIN][REST][productImport]: the CSV and XLSX templates download and import as they are', async () => {
    const { api, p } = await setup();
    for (const format of ['csv', 'xlsx'] as const) {
      const res = await api.app.request(`/api/products/import/template.${format}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toBe(
        `attachment; filename="mau-nhap-san-pham.${format}"`,
      );
      expect(res.headers.get('content-type')).toContain(format === 'csv' ? 'text/csv' : 'spreadsheetml');
      const bytes = new Uint8Array(await res.arrayBuffer());
      const imported = await postImport(api, bytes, { token: p.tokens.adminA, filename: `mau.${format}` });
      expect(imported.status, imported.text).toBe(200);
      expect(imported.body.data).toMatchObject({ imported: 2, stepCount: 4 });
    }
    expect((await counts(api.deps, p.companyA.id)).products).toBe(4);
    const unknown = await api.app.request('/api/products/import/template.pdf');
    expect(unknown.status).toBe(404);
  });
});

describe('[REST][productImport] row errors and all-or-nothing', () => {
  const BROKEN = [
    ['SP01', 'Cà phê', 'Đang hoạt động', '', '', '', '', '', 'Thu hoạch', '', '2024-13-40', ''],
    ['SP01', 'Cà phê khác', '', '', '', '', '', '', '', '', '', ''],
    ['', '', '', '', '', '', '', '', 'Rang', '', '2024-01-01', ''],
    ['', 'Trà', 'Tạm dừng', '', '', '', '', '', '', 'Thái Nguyên', '2024-01-02', ''],
    ['', 'Gạo', '', '', '', '', '', 'ma-in-san-01', '', '', '', ''],
    ['', 'Gạo nếp', '', '', '', '', '', 'ma-in-san-01', '', '', '', ''],
  ];

  it('[COMPANY_ADMIN][REST][productImport]: every broken row is named with its column and a Vietnamese message', async () => {
    const { api, p } = await setup();
    const res = await postImport(api, csv(BROKEN), { token: p.tokens.adminA, dryRun: 'true' });
    expect(res.status).toBe(200);
    expect(res.body.data.errors).toEqual([
      { row: 2, field: 'date', message: vi.products.invalidDate },
      { row: 3, field: 'name', message: m.differsFromRow(2) },
      { row: 4, field: 'name', message: vi.validation.required },
      { row: 5, field: 'status', message: m.invalidStatus },
      { row: 5, field: 'activity', message: vi.validation.required },
      { row: 7, field: 'qr_code', message: m.duplicateQrCode(6) },
    ]);
    expect(res.body.data.errorCount).toBe(6);
  });

  it('[COMPANY_ADMIN][REST][productImport]: a file with one bad row among good ones imports nothing (400 naming the rows)', async () => {
    const { api, p } = await setup();
    const rows = [...GOOD_ROWS, ['', 'Hỏng', '', '', '', '', '', '', 'Thu hoạch', '', 'hôm qua', '']];
    const res = await postImport(api, csv(rows), { token: p.tokens.adminA });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      statusCode: 400,
      message: m.refused(1),
      errors: { '6.date': vi.products.invalidDate },
    });
    expect(await counts(api.deps)).toEqual({ products: 0, steps: 0, codes: 0 });
  });

  it.skipIf(engine !== 'sqlite')(
    '[COMPANY_ADMIN][REST][productImport]: a failure in the middle of the writes rolls every product back (SQLite only: the failure is a SQLite trigger; PostgreSQL rollback: foundation/postgres.test.ts)',
    async () => {
      const { api, p } = await setup();
      // The database refuses the last product, after the first ones were written in the same transaction.
      api.deps.sqlite.exec(
        "CREATE TRIGGER refuse_last BEFORE INSERT ON products WHEN NEW.name = 'Cuối cùng' BEGIN SELECT RAISE(ABORT, 'refused'); END",
      );
      const rows = [
        ...GOOD_ROWS,
        ['', 'Cuối cùng', '', '', '', '', '', '', 'Thu hoạch', '', '2024-01-01', ''],
      ];
      const res = await postImport(api, csv(rows), { token: p.tokens.adminA });
      expect(res.status).toBe(500);
      expect(res.body.message).toBe(vi.errors.internal);
      expect(await counts(api.deps)).toEqual({ products: 0, steps: 0, codes: 0 });
      expect(await api.deps.db.select().from(companyTerms)).toEqual([]);
    },
  );

  it('[COMPANY_ADMIN][REST][productImport]: unreadable files are refused with a clear message', async () => {
    const { api, p } = await setup();
    const token = p.tokens.adminA;
    const cases: [Uint8Array, number, string][] = [
      [csv([['', 'Cà phê']], ['Tên sản phẩm', 'Giá bán']), 400, m.unknownColumns('Giá bán')],
      [csv([['Cà phê']], ['Xuất xứ']), 400, m.missingColumns('Tên sản phẩm')],
      [csv([]), 400, m.emptyFile],
      [new Uint8Array([0x54, 0xea, 0x6e, 0x0a, 0xff, 0xfe]), 400, m.notUtf8],
      [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d]), 415, m.notSpreadsheet],
      [new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), 400, m.unreadable],
    ];
    for (const [bytes, status, message] of cases) {
      const res = await postImport(api, bytes, { token, dryRun: 'true' });
      expect(res.status, message).toBe(status);
      expect(res.body.message).toBe(message);
    }
    const bad = await postImport(api, csv(GOOD_ROWS), { token, dryRun: 'maybe' });
    expect(bad.status).toBe(400);
    const none = await api.call('POST', '/products/import', { raw: new FormData(), token });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(vi.scan.missingFile);
  });

  it('[COMPANY_ADMIN][REST][productImport]: a file over the upload limit is a 413', async () => {
    const api = await createTestApi({ UPLOAD_MAX_BYTES: '2048' });
    const p = await people(api.deps);
    const rows = Array.from({ length: 100 }, (_, i) => [
      '',
      `Sản phẩm số ${i}`,
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
    const res = await postImport(api, csv(rows), { token: p.tokens.adminA });
    expect(res.status).toBe(413);
    expect((await counts(api.deps)).products).toBe(0);
  });
});
