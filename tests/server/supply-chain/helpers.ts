import { transaction } from '#server/db/transaction.ts';
import type { AppDeps } from '#server/deps.ts';
import { insertLotRecord, type LotFields } from '#server/services/lots/save.ts';
import { createTestApi } from '#tests/helpers/http.ts';
import { makeProduct, people } from '#tests/server/products/helpers.ts';

/** A lot row made the one way lots are born (save.ts), for tests that need the graph in place. */
export function makeLot(deps: AppDeps, companyId: number, productId: number, fields: LotFields) {
  return transaction(deps.db, (tx) => insertLotRecord(tx, companyId, productId, fields));
}

/** Valid tax codes (check digit per decision 200) for partners. */
export const TAX = { farm: '0100233488', roaster: '0314409058', market: '0312687878', other: '0101234565' };

/**
 * A coffee company A: green beans bought from a farm cooperative (lot GREEN1), roasted into ROAST1, ground
 * into GROUND1 (two transformations from GREEN1), sold to a supermarket; and company B with a lot and a
 * partner of its own, for the tenant checks.
 */
export async function coffeeChain() {
  const api = await createTestApi();
  const p = await people(api.deps);
  const green = await makeProduct(api.deps, p.companyA.id, { name: 'Cà phê nhân xanh', status: 'INACTIVE' });
  const roasted = await makeProduct(api.deps, p.companyA.id, { name: 'Cà phê rang', status: 'ACTIVE' });
  const ground = await makeProduct(api.deps, p.companyA.id, { name: 'Cà phê bột', status: 'ACTIVE' });
  const productB = await makeProduct(api.deps, p.companyB.id, { name: 'Sản phẩm B', status: 'ACTIVE' });
  const GREEN1 = await makeLot(api.deps, p.companyA.id, green.id, {
    code: 'GREEN1',
    quantity: 1000,
    unit: 'kg',
  });
  const ROAST1 = await makeLot(api.deps, p.companyA.id, roasted.id, {
    code: 'ROAST1',
    quantity: 800,
    unit: 'kg',
  });
  const GROUND1 = await makeLot(api.deps, p.companyA.id, ground.id, {
    code: 'GROUND1',
    quantity: 780,
    unit: 'kg',
  });
  const LOTB = await makeLot(api.deps, p.companyB.id, productB.id, { code: 'B1' });
  const post = async (path: string, body: unknown, token = p.tokens.adminA) => {
    const res = await api.call('POST', path, { token, body });
    if (res.status >= 300) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data;
  };
  const farm = await post('/partners', {
    name: 'Hợp tác xã Cà phê Ea Tu',
    kind: 'SUPPLIER',
    taxCode: TAX.farm,
    province: 'Đắk Lắk',
    publicName: true,
  });
  const market = await post('/partners', {
    name: 'Siêu thị Sài Gòn',
    kind: 'CUSTOMER',
    taxCode: TAX.market,
    phone: '028 3829 0000',
    email: 'mua-hang@sieuthi.vn',
    address: '1 Lê Lợi',
    province: 'TP. Hồ Chí Minh',
  });
  const partnerB = await post('/partners', { name: 'Đối tác của B', kind: 'BOTH' }, p.tokens.adminB);
  return {
    api,
    p,
    products: { green, roasted, ground, productB },
    lots: { GREEN1, ROAST1, GROUND1, LOTB },
    partners: { farm, market, partnerB },
    post,
  };
}
