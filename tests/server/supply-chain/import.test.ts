import { describe, expect, it } from 'vitest';
import { vi } from '#shared/i18n/vi/index.ts';
import { csv, xlsx } from '#tests/server/productImport/helpers.ts';
import { postFile } from '#tests/server/products/helpers.ts';
import { coffeeChain, makeLot, TAX } from './helpers.ts';

const m = vi.supplyChain;

describe('[COMPANY_ADMIN][REST][supply-chain] receipts and shipments from a spreadsheet', () => {
  it('[COMPANY_ADMIN][REST][supply-chain]: a receipts file with Vietnamese headers imports every row, by lot code and partner tax code or name', async () => {
    const { api, p, lots } = await coffeeChain();
    const header = [
      'Mã lô',
      'Nhà cung cấp',
      'Mã lô nhà cung cấp',
      'Số lượng',
      'Đơn vị',
      'Ngày nhận',
      'Loại chứng từ',
      'Số chứng từ',
    ];
    const file = csv(
      [
        ['GREEN1', TAX.farm, 'HTX-01', '1.200,5', 'kg', '02/05/2024', 'Hóa đơn', 'HD-1'],
        ['GREEN1', 'hop tac xa ca phe ea tu', '', '0,5', 'Tấn', '2024-05-03', 'DELIVERY_NOTE', 'PGH-2'],
      ],
      header,
    );
    const preview = await postFile(
      api,
      '/receipts/import?dryRun=true',
      file,
      'nhan-hang.csv',
      p.tokens.employeeA,
    );
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.data).toMatchObject({ dryRun: true, rowCount: 2, errorCount: 0, imported: 0 });
    expect(await api.deps.db.select().from(api.deps.db.tables.lotReceipts)).toEqual([]);
    const done = await postFile(api, '/receipts/import', file, 'nhan-hang.csv', p.tokens.employeeA);
    expect(done.body.data.imported).toBe(2);
    const saved = await api.call('GET', `/lots/${lots.GREEN1.id}/receipts`, { token: p.tokens.adminA });
    expect(
      saved.body.data.map((r: Record<string, unknown>) => [
        r.quantity,
        r.unit,
        r.date,
        r.documentType,
        r.supplierLotCode,
      ]),
    ).toEqual([
      ['1200.5', 'KGM', '2024-05-02', 'INVOICE', 'HTX-01'],
      ['0.5', 'TNE', '2024-05-03', 'DELIVERY_NOTE', null],
    ]);
  });

  it('[COMPANY_ADMIN][REST][supply-chain]: a shipments file with any bad row imports nothing and names each row and column in Vietnamese', async () => {
    const { api, p, products, lots } = await coffeeChain();
    // A second product with a lot of the same code: the product column tells them apart.
    await makeLot(api.deps, p.companyA.id, products.roasted.id, { code: 'GROUND1' });
    await api.call('POST', `/lots/${lots.ROAST1.id}/hold`, {
      token: p.tokens.adminA,
      body: { reason: 'Kiểm nghiệm' },
    });
    const rows = [
      ['GROUND1', 'Cà phê bột', 'Siêu thị Sài Gòn', '10', 'KGM', '2024-06-01'],
      ['GROUND1', '', 'Siêu thị Sài Gòn', '10', 'KGM', '2024-06-01'],
      ['NOPE', '', 'Siêu thị Sài Gòn', '10', 'KGM', '2024-06-01'],
      ['ROAST1', '', 'Siêu thị Sài Gòn', '10', 'KGM', '2024-06-01'],
      ['GREEN1', '', 'Hợp tác xã Cà phê Ea Tu', '10', 'KGM', '2024-06-01'],
      ['GREEN1', '', 'Ai đó', '0', 'cân Anh', '31/02/2024'],
    ];
    const file = await xlsx(rows, ['lot', 'product', 'partner', 'quantity', 'unit', 'date']);
    const refused = await postFile(api, '/shipments/import', file, 'xuat-hang.xlsx', p.tokens.adminA);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(m.import.refused(8));
    const errors = refused.body.errors as Record<string, string>;
    expect(errors['3.lot']).toBe(vi.lots.import.row(3, m.import.lotAmbiguous('GROUND1')));
    expect(errors['4.lot']).toBe(vi.lots.import.row(4, m.import.lotNotFound('NOPE')));
    expect(errors['5.lot']).toBe(vi.lots.import.row(5, m.shipments.onHold('ROAST1')));
    expect(errors['6.partner']).toBe(vi.lots.import.row(6, m.partners.notCustomer));
    expect(errors['7.partner']).toBe(vi.lots.import.row(7, m.import.partnerNotFound('Ai đó')));
    expect(errors['7.quantity']).toBe(vi.lots.import.row(7, m.quantity.zero));
    expect(errors['7.unit']).toBe(vi.lots.import.row(7, m.units.invalid));
    expect(errors['7.date']).toBe(vi.lots.import.row(7, vi.lots.invalidDay));
    expect(await api.deps.db.select().from(api.deps.db.tables.lotShipments)).toEqual([]);
  });

  it('[COMPANY_ADMIN][REST][supply-chain]: an unknown column, or a supplier lot in a shipments file, is refused by name', async () => {
    const { api, p } = await coffeeChain();
    const unknown = await postFile(
      api,
      '/receipts/import',
      csv([['GREEN1']], ['lot', 'giá']),
      'a.csv',
      p.tokens.adminA,
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(vi.lots.import.unknownColumn('giá'));
    const supplierLot = await postFile(
      api,
      '/shipments/import',
      csv(
        [['GREEN1', 'X', 'Y', '1', 'KGM', '2024-01-01']],
        ['lot', 'partner', 'supplier_lot', 'quantity', 'unit', 'date'],
      ),
      'a.csv',
      p.tokens.adminA,
    );
    expect(supplierLot.body.message).toBe(vi.lots.import.unknownColumn('supplier_lot'));
    const missing = await postFile(
      api,
      '/shipments/import',
      csv([['GREEN1']], ['lot']),
      'a.csv',
      p.tokens.adminA,
    );
    expect(missing.body.message).toBe(vi.lots.import.missingColumn('partner'));
  });

  it("[COMPANY_ADMIN][REST][supply-chain]: another company's lots and partners are not found by an import", async () => {
    const { api, p } = await coffeeChain();
    const file = csv(
      [['B1', 'Đối tác của B', '1', 'KGM', '2024-01-01']],
      ['lot', 'partner', 'quantity', 'unit', 'date'],
    );
    const res = await postFile(api, '/shipments/import', file, 'a.csv', p.tokens.adminA);
    expect(res.body.errors).toMatchObject({
      '2.lot': vi.lots.import.row(2, m.import.lotNotFound('B1')),
      '2.partner': vi.lots.import.row(2, m.import.partnerNotFound('Đối tác của B')),
    });
    const user = await postFile(api, '/shipments/import', file, 'a.csv', p.tokens.user);
    expect(user.status).toBe(403);
  });
});
