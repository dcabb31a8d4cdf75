import { describe, expect, it } from 'vitest';
import { vi } from '#shared/i18n/vi/index.ts';
import { coffeeChain } from './helpers.ts';

describe('[COMPANY_ADMIN][REST][supply-chain] one step back, one step forward', () => {
  it('[COMPANY_ADMIN][REST][supply-chain]: a receipt, two transformations and a shipment trace both ways', async () => {
    const { api, p, lots, partners, post } = await coffeeChain();
    const receipt = await post(`/lots/${lots.GREEN1.id}/receipts`, {
      partnerId: partners.farm.id,
      supplierLotCode: 'HTX-2024/05',
      quantity: '1000,5',
      unit: 'KGM',
      date: '2024-05-02',
      documentType: 'INVOICE',
      documentNumber: 'HD-0001',
    });
    expect(receipt).toMatchObject({
      quantity: '1000.5',
      unit: 'KGM',
      partnerName: 'Hợp tác xã Cà phê Ea Tu',
      supplierLotCode: 'HTX-2024/05',
    });
    const inputs = await api.call('POST', `/lots/${lots.ROAST1.id}/inputs`, {
      token: p.tokens.employeeA,
      body: [{ lotId: lots.GREEN1.id, quantity: 1000, unit: 'KGM' }],
    });
    expect(inputs.status, JSON.stringify(inputs.body)).toBe(201);
    expect(inputs.body.data.inputs[0]).toMatchObject({
      lot: { id: lots.GREEN1.id, code: 'GREEN1' },
      quantity: '1000',
    });
    await post(`/lots/${lots.GROUND1.id}/inputs`, {
      inputs: [{ lotId: lots.ROAST1.id, quantity: '0.8', unit: 'TNE' }],
    });
    const shipped = await post(`/lots/${lots.GROUND1.id}/shipments`, {
      partnerId: partners.market.id,
      quantity: 300,
      unit: 'KGM',
      date: '2024-05-20',
      documentType: 'DELIVERY_NOTE',
      documentNumber: 'PGH-77',
    });
    expect(shipped).toMatchObject({ quantity: '300', warnings: [] });

    const back = await api.call('GET', `/lots/${lots.GROUND1.id}/trace?direction=backward`, {
      token: p.tokens.adminA,
    });
    expect(back.status).toBe(200);
    expect(back.body.data.lots.map((l: { code: string; depth: number }) => [l.code, l.depth])).toEqual([
      ['GROUND1', 0],
      ['ROAST1', 1],
      ['GREEN1', 2],
    ]);
    expect(back.body.data.links).toEqual(
      expect.arrayContaining([
        { lotId: lots.GROUND1.id, inputLotId: lots.ROAST1.id, quantity: '0.8', unit: 'TNE' },
        { lotId: lots.ROAST1.id, inputLotId: lots.GREEN1.id, quantity: '1000', unit: 'KGM' },
      ]),
    );
    expect(back.body.data.partners.map((x: { name: string }) => x.name)).toEqual(['Hợp tác xã Cà phê Ea Tu']);
    expect(back.body.data.movements[0]).toMatchObject({
      lotId: lots.GREEN1.id,
      supplierLotCode: 'HTX-2024/05',
    });

    const forward = await api.call('GET', `/lots/${lots.GREEN1.id}/trace?direction=forward`, {
      token: p.tokens.adminA,
    });
    expect(forward.body.data.lots.map((l: { code: string }) => l.code)).toEqual([
      'GREEN1',
      'ROAST1',
      'GROUND1',
    ]);
    expect(forward.body.data.partners.map((x: { name: string }) => x.name)).toEqual(['Siêu thị Sài Gòn']);
    expect(forward.body.data.truncated).toBe(false);
  });

  it('[COMPANY_ADMIN][REST][supply-chain]: recalling the green beans reaches the ground coffee two transformations away and the supermarket that received it', async () => {
    const { api, p, lots, partners, post } = await coffeeChain();
    await post(`/lots/${lots.ROAST1.id}/inputs`, [{ lotId: lots.GREEN1.id, quantity: 1000, unit: 'KGM' }]);
    await post(`/lots/${lots.GROUND1.id}/inputs`, [{ lotId: lots.ROAST1.id, quantity: 800, unit: 'KGM' }]);
    await post(`/lots/${lots.GROUND1.id}/shipments`, {
      partnerId: partners.market.id,
      quantity: '120.25',
      unit: 'KGM',
      date: '2024-05-20',
    });
    await post(`/lots/${lots.GROUND1.id}/shipments`, {
      partnerId: partners.market.id,
      quantity: '10',
      unit: 'CT',
      date: '2024-05-21',
      documentType: 'INVOICE',
      documentNumber: 'HD 9',
    });
    await post(`/lots/${lots.GROUND1.id}/shipments`, {
      partnerId: partners.market.id,
      quantity: '0.75',
      unit: 'KGM',
      date: '2024-05-22',
    });

    const recall = await api.call('POST', `/lots/${lots.GREEN1.id}/recall`, {
      token: p.tokens.adminA,
      body: { reason: 'Nhiễm nấm mốc' },
    });
    expect(recall.status).toBe(200);

    const scope = await api.call('GET', `/lots/${lots.GREEN1.id}/recall-scope`, {
      token: p.tokens.employeeA,
    });
    expect(scope.status).toBe(200);
    const data = scope.body.data;
    expect(data.lot).toMatchObject({ code: 'GREEN1', recalled: true, recallReason: 'Nhiễm nấm mốc' });
    expect(
      data.lots.map((l: { code: string; depth: number; status: string }) => [l.code, l.depth, l.status]),
    ).toEqual([
      ['GREEN1', 0, 'RECALLED'],
      ['ROAST1', 1, 'HELD'],
      ['GROUND1', 2, 'HELD'],
    ]);
    expect(data.customers).toHaveLength(1);
    expect(data.customers[0].partner).toMatchObject({
      name: 'Siêu thị Sài Gòn',
      phone: '028 3829 0000',
      email: 'mua-hang@sieuthi.vn',
    });
    expect(data.customers[0].shipments.map((s: { lotCode: string }) => s.lotCode)).toEqual([
      'GROUND1',
      'GROUND1',
      'GROUND1',
    ]);
    // Exact decimals: 120.25 + 0.75 is 121, not 120.99999999999999.
    expect(data.customers[0].totals).toEqual([
      { unit: 'KGM', quantity: '121' },
      { unit: 'CT', quantity: '10' },
    ]);

    // The lots made from it are on hold: neither shipped nor used until a person releases them.
    const refused = await api.call('POST', `/lots/${lots.GROUND1.id}/shipments`, {
      token: p.tokens.adminA,
      body: { partnerId: partners.market.id, quantity: 1, unit: 'KGM', date: '2024-06-01' },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(vi.supplyChain.shipments.onHold('GROUND1'));
    const lot = await api.call('GET', `/lots/${lots.GROUND1.id}`, { token: p.tokens.adminA });
    expect(lot.body.data).toMatchObject({
      held: true,
      holdReason: vi.supplyChain.hold.byRecall('GREEN1', 'Nhiễm nấm mốc'),
      // The workspace's lot page names the recalled lot it was made from, and why.
      inputRecallCode: 'GREEN1',
      inputRecallReason: 'Nhiễm nấm mốc',
    });
    const overview = await api.call('GET', `/lots/${lots.GROUND1.id}/supply-chain`, {
      token: p.tokens.adminA,
    });
    expect(
      overview.body.data.recalledInputs.map((l: { code: string; recallReason: string }) => [
        l.code,
        l.recallReason,
      ]),
    ).toEqual([['GREEN1', 'Nhiễm nấm mốc']]);

    const csv = await api.call('GET', `/lots/${lots.GREEN1.id}/recall-scope.csv`, { token: p.tokens.adminA });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="pham-vi-thu-hoi-GREEN1.csv"');
    const bytes = new Uint8Array(
      await (
        await api.app.request(`/api/lots/${lots.GREEN1.id}/recall-scope.csv`, {
          headers: { authorization: `Bearer ${p.tokens.adminA}` },
        })
      ).arrayBuffer(),
    );
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Mã lô,Sản phẩm,Số bước từ lô thu hồi,Trạng thái lô,Khách hàng,Mã số thuế,Điện thoại,Email,Địa chỉ,Số lượng,Đơn vị,Ngày giao,Chứng từ',
    );
    expect(lines).toContain('GREEN1,Cà phê nhân xanh,0,Đã thu hồi,,,,,,,,,');
    expect(lines).toContain(
      'GROUND1,Cà phê bột,2,Đang tạm giữ,Siêu thị Sài Gòn,0312687878,028 3829 0000,mua-hang@sieuthi.vn,"1 Lê Lợi, TP. Hồ Chí Minh","120,25",kg,2024-05-20,',
    );
    expect(lines).toContain(
      'GROUND1,Cà phê bột,2,Đang tạm giữ,Siêu thị Sài Gòn,0312687878,028 3829 0000,mua-hang@sieuthi.vn,"1 Lê Lợi, TP. Hồ Chí Minh",10,thùng,2024-05-21,Hóa đơn HD 9',
    );
  });

  it('[COMPANY_ADMIN][REST][supply-chain]: a cycle is refused, naming the lot that closes it, and nothing is saved', async () => {
    const { api, p, lots, post } = await coffeeChain();
    await post(`/lots/${lots.ROAST1.id}/inputs`, [{ lotId: lots.GREEN1.id, quantity: 1, unit: 'KGM' }]);
    await post(`/lots/${lots.GROUND1.id}/inputs`, [{ lotId: lots.ROAST1.id, quantity: 1, unit: 'KGM' }]);
    const cycle = await api.call('POST', `/lots/${lots.GREEN1.id}/inputs`, {
      token: p.tokens.adminA,
      body: [{ lotId: lots.GROUND1.id, quantity: 1, unit: 'KGM' }],
    });
    expect(cycle.status).toBe(409);
    expect(cycle.body.message).toBe(vi.supplyChain.inputs.cycle('GROUND1'));
    const self = await api.call('POST', `/lots/${lots.GREEN1.id}/inputs`, {
      token: p.tokens.adminA,
      body: [{ lotId: lots.GREEN1.id, quantity: 1, unit: 'KGM' }],
    });
    expect(self.status).toBe(400);
    expect(self.body.message).toBe(vi.supplyChain.inputs.self);
    const inputs = await api.call('GET', `/lots/${lots.GREEN1.id}/inputs`, { token: p.tokens.adminA });
    expect(inputs.body.data).toEqual([]);
  });

  it("[COMPANY_ADMIN][REST][supply-chain]: another company's partner and lot are 404, like missing ones", async () => {
    const { api, p, lots, partners } = await coffeeChain();
    const notFound = async (method: string, path: string, body?: unknown) => {
      const res = await api.call(method, path, { token: p.tokens.adminA, body });
      return [res.status, res.body.message];
    };
    const partner = vi.supplyChain.partners.notFound;
    expect(await notFound('GET', `/partners/${partners.partnerB.id}`)).toEqual([404, partner]);
    expect(await notFound('GET', '/partners/999999')).toEqual([404, partner]);
    expect(await notFound('PUT', `/partners/${partners.partnerB.id}`, { name: 'X' })).toEqual([404, partner]);
    expect(await notFound('DELETE', `/partners/${partners.partnerB.id}`)).toEqual([404, partner]);
    expect(
      await notFound('POST', `/lots/${lots.GREEN1.id}/receipts`, {
        partnerId: partners.partnerB.id,
        quantity: 1,
        unit: 'KGM',
        date: '2024-01-01',
      }),
    ).toEqual([404, partner]);
    const lot = vi.lots.notFound;
    for (const path of [
      'receipts',
      'shipments',
      'inputs',
      'trace',
      'recall-scope',
      'recall-scope.csv',
      'supply-chain',
    ]) {
      expect(await notFound('GET', `/lots/${lots.LOTB.id}/${path}`), path).toEqual([404, lot]);
    }
    expect(
      await notFound('POST', `/lots/${lots.LOTB.id}/shipments`, {
        partnerId: partners.market.id,
        quantity: 1,
        unit: 'KGM',
        date: '2024-01-01',
      }),
    ).toEqual([404, lot]);
    expect(await notFound('POST', `/lots/${lots.LOTB.id}/hold`, { reason: 'x' })).toEqual([404, lot]);
    expect(await notFound('GET', `/lots/${lots.LOTB.id}/epcis`)).toEqual([404, lot]);
    // B's own receipt and shipment: A cannot delete them, and learns nothing of them.
    for (const kind of ['receipts', 'shipments'] as const) {
      const made = await api.call('POST', `/lots/${lots.LOTB.id}/${kind}`, {
        token: p.tokens.adminB,
        body: { partnerId: partners.partnerB.id, quantity: '1', unit: 'KGM', date: '2024-01-01' },
      });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      const message = vi.supplyChain[kind].notFound;
      expect(await notFound('DELETE', `/${kind}/${made.body.data.id}`)).toEqual([404, message]);
      expect(await notFound('DELETE', `/${kind}/999999`)).toEqual([404, message]);
    }
    // B's lot as an input of A's: not found, as a missing lot would be.
    const input = await api.call('POST', `/lots/${lots.ROAST1.id}/inputs`, {
      token: p.tokens.adminA,
      body: [{ lotId: lots.LOTB.id, quantity: 1, unit: 'KGM' }],
    });
    expect(input.status).toBe(404);
    expect(input.body.message).toBe(vi.supplyChain.inputs.inputLotNotFound(lots.LOTB.id));
    const list = await api.call('GET', '/partners', { token: p.tokens.adminA });
    expect(list.body.data.partners.map((x: { name: string }) => x.name)).toEqual([
      'Hợp tác xã Cà phê Ea Tu',
      'Siêu thị Sài Gòn',
    ]);
  });
});
