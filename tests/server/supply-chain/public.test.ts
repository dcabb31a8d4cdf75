import { describe, expect, it } from 'vitest';
import { PUBLIC_INPUTS_MAX, PUBLIC_ORIGINS_MAX } from '#server/db/public-answers/answers.ts';
import { atOnce } from '#tests/helpers/deps.ts';
import { coffeeChain, makeLot } from './helpers.ts';

/**
 * What the public lot page says of the supply chain (decision 200): where its goods and its inputs' goods
 * came from (province, country, the supplier's name only when public), and "made from a recalled batch"
 * while an input's recall lasts; never a quantity, a document, a price or a customer. Served from the kept
 * answers, so each write below must reach the page through the change feed, on either engine (atOnce: on
 * PostgreSQL the instance hears its own write a moment after the commit, decision 158).
 */
describe('[GUEST][REST][supply-chain] the public lot page', () => {
  it('[GUEST][REST][supply-chain]: shows origins and a recalled input, and hides quantities and customers', async () => {
    const { api, p, lots, partners, post } = await coffeeChain();
    const page = async (id: number) => {
      const res = await api.call('GET', `/public/lots/${id}`);
      expect(res.status).toBe(200);
      return { lot: res.body.data.lot, text: res.text as string };
    };
    // Kept before any supply-chain write: each write below must drop it.
    expect((await page(lots.GROUND1.id)).lot).toMatchObject({
      origins: [],
      inputs: [],
      inputRecallCode: null,
    });

    await post(`/lots/${lots.GREEN1.id}/receipts`, {
      partnerId: partners.farm.id,
      supplierLotCode: 'HTX-BI-MAT',
      quantity: '1000',
      unit: 'KGM',
      date: '2024-05-02',
      documentType: 'INVOICE',
      documentNumber: 'HD-0001',
    });
    await post(`/lots/${lots.ROAST1.id}/inputs`, [{ lotId: lots.GREEN1.id, quantity: '1000', unit: 'KGM' }]);
    await post(`/lots/${lots.GROUND1.id}/inputs`, [{ lotId: lots.ROAST1.id, quantity: '800', unit: 'KGM' }]);
    await post(`/lots/${lots.GROUND1.id}/shipments`, {
      partnerId: partners.market.id,
      quantity: '300',
      unit: 'KGM',
      date: '2024-05-20',
    });

    await atOnce(async () => {
      const roast = await page(lots.ROAST1.id);
      expect(roast.lot.origins).toEqual([]);
      expect(roast.lot.inputs).toEqual([
        {
          code: 'GREEN1',
          productName: 'Cà phê nhân xanh',
          origins: [{ province: 'Đắk Lắk', country: 'VN', name: 'Hợp tác xã Cà phê Ea Tu' }],
          plots: [],
        },
      ]);
      // One step back only: GROUND1 names ROAST1, which had no receipt of its own.
      expect((await page(lots.GROUND1.id)).lot.inputs).toEqual([
        { code: 'ROAST1', productName: 'Cà phê rang', origins: [], plots: [] },
      ]);
    });
    for (const secret of ['HTX-BI-MAT', 'HD-0001', '1000', 'Siêu thị', '028 3829', 'mua-hang@'])
      expect((await page(lots.ROAST1.id)).text).not.toContain(secret);
    expect((await page(lots.GROUND1.id)).text).not.toContain('Siêu thị');

    // The supplier no longer wants its name shown: the page says the province alone.
    const farm = await api.call('PUT', `/partners/${partners.farm.id}`, {
      token: p.tokens.adminA,
      body: { publicName: false },
    });
    expect(farm.status, JSON.stringify(farm.body)).toBe(200);
    await atOnce(async () =>
      expect((await page(lots.ROAST1.id)).lot.inputs[0].origins).toEqual([
        { province: 'Đắk Lắk', country: 'VN', name: null },
      ]),
    );

    // Recalling the green beans marks both lots made from them, two transformations away included.
    await post(`/lots/${lots.GREEN1.id}/recall`, { reason: 'Nhiễm nấm mốc' });
    for (const id of [lots.ROAST1.id, lots.GROUND1.id])
      await atOnce(async () =>
        expect((await page(id)).lot).toMatchObject({
          recalled: false,
          inputRecallCode: 'GREEN1',
          inputRecallReason: 'Nhiễm nấm mốc',
        }),
      );
    const lifted = await api.call('DELETE', `/lots/${lots.GREEN1.id}/recall`, {
      token: p.tokens.adminA,
    });
    expect(lifted.status).toBe(200);
    expect((await page(lots.GROUND1.id)).lot).toMatchObject({
      inputRecallCode: null,
      inputRecallReason: null,
    });
  });

  it('[GUEST][REST][supply-chain]: says each supplier once and at most 20 suppliers and 20 inputs, however many are recorded', async () => {
    const { api, p, products, lots, post } = await coffeeChain();
    const suppliers = [];
    for (let i = 0; i < 25; i++)
      suppliers.push(
        await post('/partners', { name: `Nông hộ ${i}`, kind: 'SUPPLIER', province: `Tỉnh ${i}` }),
      );
    // The first supplier three times, then every other once: 27 receipts, 25 suppliers.
    for (const partner of [suppliers[0], suppliers[0], ...suppliers])
      await post(`/lots/${lots.ROAST1.id}/receipts`, {
        partnerId: partner.id,
        quantity: '1',
        unit: 'KGM',
        date: '2024-05-02',
      });
    const inputs = [];
    for (let i = 0; i < 25; i++)
      inputs.push(
        await makeLot(api.deps, p.companyA.id, products.green.id, {
          code: `XANH${String(i).padStart(2, '0')}`,
        }),
      );
    await post(
      `/lots/${lots.ROAST1.id}/inputs`,
      inputs.map((l) => ({ lotId: l.id, quantity: '1', unit: 'KGM' })),
    );
    await atOnce(async () => {
      const lot = (await api.call('GET', `/public/lots/${lots.ROAST1.id}`)).body.data.lot;
      expect(lot.origins).toHaveLength(PUBLIC_ORIGINS_MAX);
      expect(lot.origins.map((o: { province: string }) => o.province)).toEqual(
        Array.from({ length: PUBLIC_ORIGINS_MAX }, (_, i) => `Tỉnh ${i}`),
      );
      expect(lot.inputs).toHaveLength(PUBLIC_INPUTS_MAX);
      expect(lot.inputs[0].code).toBe('XANH00');
    });
  });
});
