import type { TestApi } from '#tests/helpers/http.ts';
import { createTestApi } from '#tests/helpers/http.ts';
import { makeProduct, people } from '#tests/server/products/helpers.ts';
import { makeLot } from '#tests/server/supply-chain/helpers.ts';

/** A GTIN-14 with a valid check digit. */
export const GTIN = '09506000134352';

/**
 * Company A with a product that has a GTIN and a lot, and one that has none; company B with a product of
 * its own, for the tenant checks.
 */
export async function serialsSetup(env: Record<string, string> = {}) {
  const api = await createTestApi(env);
  const p = await people(api.deps);
  const withGtin = await makeProduct(api.deps, p.companyA.id, { name: 'Nước mắm Phú Quốc', gtin: GTIN });
  const noGtin = await makeProduct(api.deps, p.companyA.id, { name: 'Mật ong rừng' });
  const productB = await makeProduct(api.deps, p.companyB.id, { name: 'Sản phẩm B' });
  const lot = await makeLot(api.deps, p.companyA.id, withGtin.id, { code: 'L-2026/11' });
  const lotB = await makeLot(api.deps, p.companyB.id, productB.id, { code: 'B1' });
  return { api, p, products: { withGtin, noGtin, productB }, lots: { lot, lotB } };
}

/** POST /serials/batches as company A's admin (or `token`), then waits for its job. */
export async function makeBatch(
  api: TestApi,
  token: string,
  body: Record<string, unknown>,
): Promise<{ id: number; [key: string]: unknown }> {
  const res = await api.call('POST', '/serials/batches', { token, body });
  if (res.status !== 201) throw new Error(`POST /serials/batches: ${res.status} ${JSON.stringify(res.body)}`);
  await api.deps.serialJobs.idle();
  return res.body.data;
}

/** The CSV's lines, without the byte order mark and the last empty line. */
export function csvLines(text: string): string[] {
  return text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter((line) => line !== '');
}
