import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { vi } from '#shared/i18n/vi/index.ts';
import { tables } from '#tests/helpers/deps.ts';
import { callerFor } from '#tests/helpers/factories.ts';
import { createTestApi } from '#tests/helpers/http.ts';
import { makeProduct, people, postFile, TIMELINE } from '#tests/server/products/helpers.ts';

const { lots, products } = tables;

async function setup() {
  const api = await createTestApi();
  const p = await people(api.deps);
  const product = await makeProduct(api.deps, p.companyA.id, { name: 'Cà phê', status: 'ACTIVE' }, TIMELINE);
  return { api, p, product };
}

describe('[COMPANY_ADMIN][REST][products] GTIN and the Thông tư 02/2024 fields', () => {
  it('[COMPANY_ADMIN][REST][products]: a GTIN-13 is stored as 14 digits; each mistake has its own message', async () => {
    const { api, p } = await setup();
    const created = await api.call('POST', '/products', {
      token: p.tokens.adminA,
      body: {
        name: 'Trà',
        gtin: '8930000000019',
        brand: 'Trà Việt',
        standards: 'TCVN 7975:2008',
        shelf_life: '24 tháng',
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      gtin: '08930000000019',
      brand: 'Trà Việt',
      shelf_life: '24 tháng',
    });
    const bad = async (gtin: string) =>
      (await api.call('POST', '/products', { token: p.tokens.adminA, body: { name: 'X', gtin } })).body.errors
        ?.gtin;
    expect(await bad('8930000000018')).toBe(vi.lots.gtinCheckDigit);
    expect(await bad('12345')).toBe(vi.lots.gtinLength);
    expect(await bad('89300000000A9')).toBe(vi.lots.gtinFormat);
    const cleared = await api.call('PUT', `/products/${created.body.data.id}`, {
      token: p.tokens.adminA,
      body: { name: 'Trà', gtin: '' },
    });
    expect(cleared.body.data.gtin).toBeNull();
  });

  it('[COMPANY_ADMIN][REST][products]: one GTIN names one product in the whole app, even when saves race', async () => {
    const { api, p } = await setup();
    const results = await Promise.all(
      [p.tokens.adminA, p.tokens.adminB, p.tokens.employeeA, p.tokens.adminB].map((token, i) =>
        api.call('POST', '/products', { token, body: { name: `P${i}`, gtin: '08930000000019' } }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 201)) {
      expect(r.status).toBe(409);
      expect(r.body.errors?.gtin).toBe(vi.lots.gtinTaken);
    }
    expect((await api.deps.db.select().from(products)).filter((r) => r.gtin)).toHaveLength(1);
  });

  it('[COMPANY_ADMIN][REST][companies]: the company takes a tax code and a GLN, checked', async () => {
    const { api, p } = await setup();
    const ok = await api.call('PATCH', '/auth/company', {
      token: p.tokens.adminA,
      body: { tax_code: '0100233488-001', gln: '8930000000002' },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const company = await api.call('GET', `/companies/${p.companyA.id}`);
    expect(company.body.data).toMatchObject({ tax_code: '0100233488-001', gln: '8930000000002' });
    const bad = await api.call('PATCH', '/auth/company', {
      token: p.tokens.adminA,
      body: { tax_code: '12345', gln: '8930000000003' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({ tax_code: vi.lots.invalidTaxCode, gln: vi.lots.invalidGln });
  });

  it('[COMPANY_ADMIN][tRPC][lots]: the dataset status names the missing items of each listed product, own company only', async () => {
    const { api, p, product } = await setup();
    const other = await makeProduct(api.deps, p.companyB.id, { name: 'B' });
    const admin = callerFor(api.deps, p.adminA);
    const before = await admin.lots.datasetStatus({ productIds: [product.id, other.id] });
    expect(before).toEqual([
      { productId: product.id, missing: ['images', 'productionTime', 'brand', 'shelfLife', 'standards'] },
    ]);
    await admin.products.update({
      id: product.id,
      name: 'Cà phê',
      brand: 'Robusta',
      standards: 'TCVN 4193:2014',
      image: '/uploads/a.jpg',
    });
    await admin.lots.create({
      productId: product.id,
      code: 'L1',
      productionDate: '2024-05-01',
      expiryDate: '2025-05-01',
    });
    expect(await admin.lots.datasetStatus({ productIds: [product.id] })).toEqual([
      { productId: product.id, missing: [] },
    ]);
  });
});

const csv = (text: string) => new TextEncoder().encode(text);

describe('[COMPANY_ADMIN][REST][lots] import of lots (CSV, XLSX)', () => {
  it('[COMPANY_ADMIN][REST][lots]: a CSV with Vietnamese headers is previewed, then imported whole', async () => {
    const { api, p, product } = await setup();
    const file = csv(
      'Mã lô,Ngày sản xuất,Hạn dùng,Loại hạn dùng,Số lượng,Đơn vị\nL01,2024-05-01,2025-05-01,BEST_BEFORE,"1,5",tấn\nL02,2024-06-01,,,200,kg\n',
    );
    const preview = await postFile(
      api,
      `/products/${product.id}/lots/import?dryRun=true`,
      file,
      'lo.csv',
      p.tokens.employeeA,
    );
    expect(preview.status).toBe(200);
    expect(preview.body.data).toMatchObject({ dryRun: true, lotCount: 2, errorCount: 0, imported: 0 });
    expect(await api.deps.db.select().from(lots)).toEqual([]);
    const done = await postFile(
      api,
      `/products/${product.id}/lots/import`,
      file,
      'lo.csv',
      p.tokens.employeeA,
    );
    expect(done.body.data.imported).toBe(2);
    const rows = await api.deps.db.select().from(lots);
    expect(rows.map((r) => [r.code, r.quantity, r.unit, r.expiryKind])).toEqual([
      ['L01', 1.5, 'tấn', 'BEST_BEFORE'],
      ['L02', 200, 'kg', 'EXPIRY'],
    ]);
  });

  it('[COMPANY_ADMIN][REST][lots]: a file with one bad row imports nothing and says which row and why', async () => {
    const { api, p, product } = await setup();
    await callerFor(api.deps, p.adminA).lots.create({ productId: product.id, code: 'OLD' });
    const file = csv(
      'code,production_date,expiry_date,quantity\nA1,2024-05-01,2025-05-01,10\nLô 2,2024-13-01,,-1\nA1,,,\nOLD,,,\n',
    );
    const res = await postFile(api, `/products/${product.id}/lots/import`, file, 'lo.csv', p.tokens.adminA);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(vi.lots.import.refused(5));
    expect(res.body.errors).toMatchObject({
      '3.code': vi.lots.import.row(3, vi.lots.invalidLotCode),
      '3.production_date': vi.lots.import.row(3, vi.lots.invalidDay),
      '3.quantity': vi.lots.import.row(3, vi.lots.import.badQuantity),
      '4.code': vi.lots.import.row(4, vi.lots.import.duplicateInFile('A1')),
      '5.code': vi.lots.import.row(5, vi.lots.codeTaken),
    });
    expect((await api.deps.db.select().from(lots)).map((r) => r.code)).toEqual(['OLD']);
    const unknown = await postFile(
      api,
      `/products/${product.id}/lots/import`,
      csv('code,màu\nA,đỏ\n'),
      'x.csv',
      p.tokens.adminA,
    );
    expect(unknown.body.message).toBe(vi.lots.import.unknownColumn('màu'));
  });

  it('[COMPANY_ADMIN][REST][lots]: an XLSX file imports too; another company cannot import into the product', async () => {
    const { api, p, product } = await setup();
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Lô');
    sheet.addRow(['code', 'production_date', 'expiry_date']);
    sheet.addRow(['X1', new Date(Date.UTC(2024, 4, 1)), '2025-05-01']);
    const bytes = new Uint8Array(await book.xlsx.writeBuffer());
    const foreign = await postFile(
      api,
      `/products/${product.id}/lots/import`,
      bytes,
      'lo.xlsx',
      p.tokens.adminB,
    );
    expect(foreign.status).toBe(404);
    const res = await postFile(api, `/products/${product.id}/lots/import`, bytes, 'lo.xlsx', p.tokens.adminA);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await api.deps.db.select().from(lots)).toMatchObject([
      { code: 'X1', productionDate: '2024-05-01' },
    ]);
  });
});

describe('[COMPANY_ADMIN][REST][productImport] GTIN and Thông tư 02/2024 columns', () => {
  it('[COMPANY_ADMIN][REST][productImport]: a product file carries GTIN, brand, standards and shelf life; a bad or repeated GTIN names its row', async () => {
    const { api, p } = await setup();
    const bad = csv(
      'Tên sản phẩm,Mã GTIN,Nhãn hiệu\nTrà A,8930000000018,Shan\nTrà B,08930000000019,\nTrà C,8930000000019,\n',
    );
    const refused = await postFile(api, '/products/import', bad, 'sp.csv', p.tokens.adminA);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({
      '2.gtin': vi.lots.gtinCheckDigit,
      '4.gtin': vi.workspaceImport.duplicateGtin(3),
    });
    const good = csv(
      'name,gtin,brand,standards,shelf_life\nTrà B,8930000000019,Shan Việt,TCVN 7975:2008,24 tháng\n',
    );
    const done = await postFile(api, '/products/import', good, 'sp.csv', p.tokens.adminA);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect((await api.deps.db.select().from(products)).find((r) => r.name === 'Trà B')).toMatchObject({
      gtin: '08930000000019',
      brand: 'Shan Việt',
      standards: 'TCVN 7975:2008',
      shelfLife: '24 tháng',
    });
    const again = await postFile(api, '/products/import', good, 'sp.csv', p.tokens.adminB);
    expect(again.body.errors).toEqual({ '2.gtin': vi.lots.gtinTaken });
  });
});
