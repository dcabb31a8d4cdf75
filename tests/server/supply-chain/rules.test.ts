import { describe, expect, it } from 'vitest';
import { vi } from '#shared/i18n/vi/index.ts';
import { callerFor } from '#tests/helpers/factories.ts';
import { MANAGE_MATRIX, refusedStatus } from '#tests/server/products/helpers.ts';
import { coffeeChain, TAX } from './helpers.ts';

const m = vi.supplyChain;

describe('[COMPANY_ADMIN][REST][partners] partners', () => {
  it('[COMPANY_ADMIN][REST][partners]: checks the tax code with its check digit, the GLN and the country, in Vietnamese, and saves nothing', async () => {
    const { api, p } = await coffeeChain();
    const bad = async (body: Record<string, unknown>) =>
      (
        await api.call('POST', '/partners', {
          token: p.tokens.adminA,
          body: { name: 'Nhà cung cấp', kind: 'SUPPLIER', ...body },
        })
      ).body;
    expect((await bad({ taxCode: '0100233480' })).errors).toEqual({ taxCode: vi.lots.taxCodeCheckDigit });
    expect((await bad({ taxCode: '01002334' })).errors).toEqual({ taxCode: vi.lots.invalidTaxCode });
    expect((await bad({ taxCode: '0314409058-000' })).errors).toEqual({ taxCode: vi.lots.invalidTaxCode });
    expect((await bad({ gln: '8930000000003' })).errors).toEqual({ gln: vi.lots.invalidGln });
    expect((await bad({ country: 'XX' })).errors).toEqual({ country: m.partners.invalidCountry });
    expect((await bad({ kind: 'VENDOR' })).errors).toEqual({ kind: m.partners.kindRequired });
    const list = await api.call('GET', '/partners?q=nha cung cap', { token: p.tokens.adminA });
    expect(list.body.data.count).toBe(0);
  });

  it('[COMPANY_ADMIN][REST][partners]: creates with Vietnam and a private name by default, finds by name without marks or by tax code, edits by version, deletes one no receipt names', async () => {
    const { api, p } = await coffeeChain();
    const created = await api.call('POST', '/partners', {
      token: p.tokens.employeeA,
      body: {
        name: 'Công ty Bao bì Đồng Nai',
        kind: 'BOTH',
        taxCode: ' 0314409058-002 ',
        gln: '8930000000002',
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      country: 'VN',
      publicName: false,
      taxCode: '0314409058-002',
      version: 1,
    });
    const id = created.body.data.id;
    const found = await api.call('GET', '/partners?q=bao bi dong nai', { token: p.tokens.adminA });
    expect(found.body.data.partners.map((x: { id: number }) => x.id)).toEqual([id]);
    const byTax = await api.call('GET', '/partners?q=0314409058-002', { token: p.tokens.adminA });
    expect(byTax.body.data.partners.map((x: { id: number }) => x.id)).toEqual([id]);
    const suppliers = await api.call('GET', '/partners?kind=SUPPLIER', { token: p.tokens.adminA });
    expect(suppliers.body.data.partners.map((x: { name: string }) => x.name)).toEqual([
      'Công ty Bao bì Đồng Nai',
      'Hợp tác xã Cà phê Ea Tu',
    ]);
    const edited = await api.call('PUT', `/partners/${id}`, {
      token: p.tokens.adminA,
      body: { version: 1, country: 'kr', province: 'Seoul', publicName: true },
    });
    expect(edited.body.data).toMatchObject({
      country: 'KR',
      province: 'Seoul',
      publicName: true,
      version: 2,
    });
    const stale = await api.call('PUT', `/partners/${id}`, {
      token: p.tokens.adminA,
      body: { version: 1, name: 'X' },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(vi.errors.versionConflict);
    const removed = await api.call('DELETE', `/partners/${id}`, { token: p.tokens.adminA });
    expect(removed.status).toBe(200);
  });

  it('[COMPANY_ADMIN][REST][partners]: one tax code names one partner of a company, even when two saves race; another company may use it', async () => {
    const { api, p } = await coffeeChain();
    const body = { name: 'Nhà máy', kind: 'SUPPLIER', taxCode: TAX.other };
    const [a, b] = await Promise.all([
      api.call('POST', '/partners', { token: p.tokens.adminA, body }),
      api.call('POST', '/partners', { token: p.tokens.employeeA, body }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect([a, b].find((r) => r.status === 409)?.body.errors).toEqual({ taxCode: m.partners.taxCodeTaken });
    const other = await api.call('POST', '/partners', { token: p.tokens.adminB, body });
    expect(other.status).toBe(201);
  });

  it('[COMPANY_ADMIN][REST][partners]: a partner named on a receipt is not deleted', async () => {
    const { api, p, lots, partners, post } = await coffeeChain();
    await post(`/lots/${lots.GREEN1.id}/receipts`, {
      partnerId: partners.farm.id,
      quantity: 5,
      unit: 'KGM',
      date: '2024-05-01',
    });
    const refused = await api.call('DELETE', `/partners/${partners.farm.id}`, { token: p.tokens.adminA });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(m.partners.inUse(1));
  });

  it('[SUPER_ADMIN][REST][partners]: names the company of a new partner, or is asked for it', async () => {
    const { api, p } = await coffeeChain();
    const without = await api.call('POST', '/partners', {
      token: p.tokens.superAdmin,
      body: { name: 'X', kind: 'CUSTOMER' },
    });
    expect(without.status).toBe(400);
    expect(without.body.errors).toEqual({ companyId: m.partners.companyRequired });
    const made = await api.call('POST', '/partners', {
      token: p.tokens.superAdmin,
      body: { name: 'X', kind: 'CUSTOMER', companyId: p.companyB.id },
    });
    expect(made.body.data.companyId).toBe(p.companyB.id);
    const named = await api.call('POST', '/partners', {
      token: p.tokens.adminA,
      body: { name: 'X', kind: 'CUSTOMER', companyId: p.companyB.id },
    });
    expect(named.status).toBe(403);
  });

  for (const row of MANAGE_MATRIX) {
    it(`[${row.role}][REST][supply-chain]: partners, receipts, shipments, traces and scopes are ${row.allowed ? 'open' : 'refused'}`, async () => {
      const { api, p, lots, partners } = await coffeeChain();
      const token = row.who ? p.tokens[row.who] : undefined;
      const calls: [string, string, unknown?][] = [
        ['GET', '/partners'],
        ['GET', `/partners/${partners.farm.id}`],
        [
          'POST',
          `/lots/${lots.GREEN1.id}/receipts`,
          { partnerId: partners.farm.id, quantity: 1, unit: 'KGM', date: '2024-01-01' },
        ],
        ['POST', `/lots/${lots.ROAST1.id}/inputs`, [{ lotId: lots.GREEN1.id, quantity: 1, unit: 'KGM' }]],
        [
          'POST',
          `/lots/${lots.ROAST1.id}/shipments`,
          { partnerId: partners.market.id, quantity: 1, unit: 'KGM', date: '2024-01-01' },
        ],
        ['GET', `/lots/${lots.ROAST1.id}/trace?direction=forward`],
        ['GET', `/lots/${lots.GREEN1.id}/recall-scope`],
        ['GET', `/lots/${lots.GREEN1.id}/recall-scope.csv`],
        ['POST', `/lots/${lots.GROUND1.id}/hold`, { reason: 'Chờ kiểm nghiệm' }],
      ];
      for (const [method, path, body] of calls) {
        const res = await api.call(method, path, { token, body });
        if (row.allowed) expect(res.status, `${method} ${path}`).toBeLessThan(300);
        else expect(res.status, `${method} ${path}`).toBe(refusedStatus(row.who));
      }
    });
  }
});

describe('[COMPANY_ADMIN][REST][supply-chain] receipts, inputs and shipments', () => {
  it('[COMPANY_ADMIN][REST][supply-chain]: quantities are exact decimals and units Rec 20 codes, refused in Vietnamese otherwise', async () => {
    const { api, p, lots, partners } = await coffeeChain();
    const receipt = (body: Record<string, unknown>) =>
      api.call('POST', `/lots/${lots.GREEN1.id}/receipts`, {
        token: p.tokens.adminA,
        body: { partnerId: partners.farm.id, quantity: 1, unit: 'KGM', date: '2024-05-01', ...body },
      });
    expect((await receipt({ quantity: '0' })).body.errors).toEqual({ quantity: m.quantity.zero });
    expect((await receipt({ quantity: '1,1234567' })).body.errors).toEqual({ quantity: m.quantity.decimals });
    expect((await receipt({ quantity: -5 })).body.errors).toEqual({ quantity: m.quantity.format });
    expect((await receipt({ quantity: '2000000000' })).body.errors).toEqual({
      quantity: m.quantity.tooLarge,
    });
    expect((await receipt({ unit: 'kilo' })).body.errors).toEqual({ unit: m.units.invalid });
    expect((await receipt({ date: '2024-02-30' })).body.errors).toEqual({ date: vi.lots.invalidDay });
    expect((await receipt({ documentNumber: 'HD1' })).body.errors).toEqual({
      documentType: m.documents.numberWithoutType,
    });
    const customer = await receipt({ partnerId: partners.market.id });
    expect(customer.status).toBe(400);
    expect(customer.body.errors).toEqual({ partnerId: m.partners.notSupplier });
    const ok = await receipt({ quantity: '1.200,125', unit: 'tne' });
    expect(ok.body.data).toMatchObject({ quantity: '1200.125', unit: 'TNE' });
    const shipToSupplier = await api.call('POST', `/lots/${lots.GREEN1.id}/shipments`, {
      token: p.tokens.adminA,
      body: { partnerId: partners.farm.id, quantity: 1, unit: 'KGM', date: '2024-05-01' },
    });
    expect(shipToSupplier.body.errors).toEqual({ partnerId: m.partners.notCustomer });
    const list = await api.call('GET', `/lots/${lots.GREEN1.id}/receipts`, { token: p.tokens.adminA });
    expect(list.body.data.map((r: { quantity: string }) => r.quantity)).toEqual(['1200.125']);
  });

  it('[COMPANY_ADMIN][REST][supply-chain]: shipping more than was produced and received is saved, with the mass balance warning', async () => {
    const { api, p, lots, partners, post } = await coffeeChain();
    // GREEN1 was produced as 1000 kg; 0.5 t received makes 1500 kg in.
    await post(`/lots/${lots.GREEN1.id}/receipts`, {
      partnerId: partners.farm.id,
      quantity: '0.5',
      unit: 'TNE',
      date: '2024-05-01',
    });
    const within = await post(`/lots/${lots.GREEN1.id}/shipments`, {
      partnerId: partners.market.id,
      quantity: 1500,
      unit: 'KGM',
      date: '2024-05-02',
    });
    expect(within.warnings).toEqual([]);
    const over = await post(`/lots/${lots.GREEN1.id}/shipments`, {
      partnerId: partners.market.id,
      quantity: '0.1',
      unit: 'KGM',
      date: '2024-05-03',
    });
    expect(over.warnings).toEqual([m.balance.over('1.500,1 kg', '1.500 kg')]);
    const cartons = await post(`/lots/${lots.GREEN1.id}/shipments`, {
      partnerId: partners.market.id,
      quantity: 3,
      unit: 'CT',
      date: '2024-05-03',
    });
    expect(cartons.warnings).toContain(m.balance.notComparable('thùng'));
    const overview = await api.call('GET', `/lots/${lots.GREEN1.id}/supply-chain`, {
      token: p.tokens.adminA,
    });
    expect(overview.body.data.balance).toMatchObject({
      in: [
        { unit: 'KGM', quantity: '1000' },
        { unit: 'TNE', quantity: '0.5' },
      ],
      out: [
        { unit: 'KGM', quantity: '1500.1' },
        { unit: 'CT', quantity: '3' },
      ],
    });
    // A lot with no quantity of its own and no receipt: nothing to compare with.
    const noQuantity = await api.call('PUT', `/lots/${lots.ROAST1.id}`, {
      token: p.tokens.adminA,
      body: { quantity: null },
    });
    expect(noQuantity.status).toBe(200);
    const unknown = await post(`/lots/${lots.ROAST1.id}/shipments`, {
      partnerId: partners.market.id,
      quantity: 1,
      unit: 'KGM',
      date: '2024-05-03',
    });
    expect(unknown.warnings).toEqual([m.balance.unknownIn]);
  });

  it('[COMPANY_ADMIN][REST][lots]: a lot on hold is neither shipped nor used until released; a recalled one never', async () => {
    const { api, p, lots, partners } = await coffeeChain();
    const ship = (lotId: number) =>
      api.call('POST', `/lots/${lotId}/shipments`, {
        token: p.tokens.adminA,
        body: { partnerId: partners.market.id, quantity: 1, unit: 'KGM', date: '2024-05-01' },
      });
    const noReason = await api.call('POST', `/lots/${lots.ROAST1.id}/hold`, {
      token: p.tokens.adminA,
      body: { reason: ' ' },
    });
    expect(noReason.body.errors).toEqual({ reason: m.hold.reasonRequired });
    const held = await api.call('POST', `/lots/${lots.ROAST1.id}/hold`, {
      token: p.tokens.employeeA,
      body: { reason: 'Chờ kết quả kiểm nghiệm', version: 1 },
    });
    expect(held.status).toBe(200);
    expect(held.body.data).toMatchObject({ held: true, holdReason: 'Chờ kết quả kiểm nghiệm', version: 2 });
    const refused = await ship(lots.ROAST1.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(m.shipments.onHold('ROAST1'));
    const asInput = await api.call('POST', `/lots/${lots.GROUND1.id}/inputs`, {
      token: p.tokens.adminA,
      body: [{ lotId: lots.ROAST1.id, quantity: 1, unit: 'KGM' }],
    });
    expect(asInput.status).toBe(409);
    expect(asInput.body.message).toBe(m.inputs.onHold('ROAST1'));
    const released = await api.call('DELETE', `/lots/${lots.ROAST1.id}/hold?version=2`, {
      token: p.tokens.adminA,
    });
    expect(released.body.data).toMatchObject({ held: false, holdReason: null });
    expect((await ship(lots.ROAST1.id)).status).toBe(201);

    await api.call('POST', `/lots/${lots.GROUND1.id}/recall`, {
      token: p.tokens.adminA,
      body: { reason: 'Sai nhãn' },
    });
    const recalled = await ship(lots.GROUND1.id);
    expect(recalled.status).toBe(409);
    expect(recalled.body.message).toBe(m.shipments.recalled('GROUND1'));
  });

  it('[COMPANY_ADMIN][REST][lots]: a lot with receipts, shipments or links is not deleted, so no trace loses it', async () => {
    const { api, p, lots, post } = await coffeeChain();
    await post(`/lots/${lots.ROAST1.id}/inputs`, [{ lotId: lots.GREEN1.id, quantity: 1, unit: 'KGM' }]);
    for (const id of [lots.GREEN1.id, lots.ROAST1.id]) {
      const refused = await api.call('DELETE', `/lots/${id}`, { token: p.tokens.adminA });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(m.lotDeleteRefused);
    }
    const removed = await api.call('DELETE', `/lots/${lots.ROAST1.id}/inputs/${lots.GREEN1.id}`, {
      token: p.tokens.adminA,
    });
    expect(removed.status).toBe(200);
    expect((await api.call('DELETE', `/lots/${lots.GREEN1.id}`, { token: p.tokens.adminA })).status).toBe(
      200,
    );
  });

  it('[COMPANY_ADMIN][tRPC][supply-chain]: two links that would close a cycle, saved at once, are not both kept', async () => {
    const { api, p, lots } = await coffeeChain();
    const caller = callerFor(api.deps, p.adminA);
    const results = await Promise.allSettled([
      caller.supplyChain.addInputs({
        lotId: lots.ROAST1.id,
        inputs: [{ lotId: lots.GREEN1.id, quantity: '1', unit: 'KGM' }],
      }),
      caller.supplyChain.addInputs({
        lotId: lots.GREEN1.id,
        inputs: [{ lotId: lots.ROAST1.id, quantity: '1', unit: 'KGM' }],
      }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(await api.deps.db.select().from(api.deps.db.tables.lotInputs)).toHaveLength(1);
  });

  it("[COMPANY_ADMIN][tRPC][supply-chain]: a cycle written behind the app's back still ends every trace, each lot once at its nearest depth", async () => {
    const { api, p, lots } = await coffeeChain();
    const link = (lotId: number, inputLotId: number) =>
      api.deps.db
        .insert(api.deps.db.tables.lotInputs)
        .values({ companyId: p.companyA.id, lotId, inputLotId, quantity: '1', unit: 'KGM' });
    await link(lots.ROAST1.id, lots.GREEN1.id);
    await link(lots.GROUND1.id, lots.ROAST1.id);
    await link(lots.GREEN1.id, lots.GROUND1.id);
    const caller = callerFor(api.deps, p.adminA);
    for (const direction of ['forward', 'backward'] as const) {
      const trace = await caller.supplyChain.trace({ lotId: lots.GREEN1.id, direction });
      expect(trace.lots.map((l) => l.depth)).toEqual([0, 1, 2]);
      expect(new Set(trace.lots.map((l) => l.id)).size).toBe(3);
      expect(trace.links).toHaveLength(3);
    }
    const scope = await caller.supplyChain.recallScope({ lotId: lots.ROAST1.id });
    expect(scope.lots.map((l) => l.code)).toEqual(['ROAST1', 'GROUND1', 'GREEN1']);
  });
});
