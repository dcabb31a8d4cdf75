import { eq } from 'drizzle-orm';
import type { AppDeps } from '#server/deps.ts';
import { serialPin } from '#server/services/serials/pin.ts';
import { createTestApi } from '#tests/helpers/http.ts';
import { makeProduct, people } from '#tests/server/products/helpers.ts';
import { makeLot } from '#tests/server/supply-chain/helpers.ts';

export const GTIN = '08934567890120';
export const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';
export const PIN_KEY = 'k'.repeat(43);

/** A serial of the alphabet's shape, made from a number (no 0/O/1/I): distinct per `n` and `prefix`. */
export function serialOf(prefix: string, n: number): string {
  const alphabet = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
  let s = '';
  let v = n;
  for (let i = 0; i < 6; i++) {
    s = alphabet[v % 32] + s;
    v = Math.floor(v / 32);
  }
  return `${prefix.padEnd(6, 'Z').slice(0, 6)}${s}`;
}

/**
 * A batch written straight into the tables (the batches' own job is SERIALS-CORE's to test): `count` serials
 * `serialOf(prefix, 1..count)`, with PINs or not, for a lot or not.
 */
export async function insertBatch(
  deps: AppDeps,
  o: {
    companyId: number;
    productId: number;
    lotId?: number | null;
    count: number;
    prefix: string;
    withPin?: boolean;
  },
) {
  const { serialBatches, serials } = deps.db.tables;
  const [batch] = await deps.db
    .insert(serialBatches)
    .values({
      companyId: o.companyId,
      productId: o.productId,
      lotId: o.lotId ?? null,
      count: o.count,
      withPin: o.withPin ?? false,
      status: 'READY',
      generated: o.count,
      pinKey: PIN_KEY,
    })
    .returning();
  const codes = Array.from({ length: o.count }, (_, i) => serialOf(o.prefix, i + 1));
  await deps.db
    .insert(serials)
    .values(codes.map((serial, i) => ({ batchId: batch!.id, seq: i + 1, serial })));
  return { batch: batch!, codes, pin: (serial: string) => serialPin(PIN_KEY, serial) };
}

/** Company A with a GTIN product and a lot, company B with its own; batches of each. */
export async function serialWorld(env: Record<string, string> = {}) {
  const api = await createTestApi(env);
  const p = await people(api.deps);
  const product = await makeProduct(api.deps, p.companyA.id, {
    name: 'Cà phê rang xay Ea Tu',
    status: 'ACTIVE',
    gtin: GTIN,
  });
  const plain = await makeProduct(api.deps, p.companyA.id, { name: 'Mật ong rừng', status: 'ACTIVE' });
  const productB = await makeProduct(api.deps, p.companyB.id, { name: 'Sản phẩm B', status: 'ACTIVE' });
  const lot = await makeLot(api.deps, p.companyA.id, product.id, { code: 'L2026' });
  const a = await insertBatch(api.deps, {
    companyId: p.companyA.id,
    productId: product.id,
    lotId: lot.id,
    count: 40,
    prefix: 'AAAAAA',
    withPin: true,
  });
  const short = await insertBatch(api.deps, {
    companyId: p.companyA.id,
    productId: plain.id,
    count: 5,
    prefix: 'CCCCCC',
  });
  const b = await insertBatch(api.deps, {
    companyId: p.companyB.id,
    productId: productB.id,
    count: 5,
    prefix: 'BBBBBB',
  });
  let browsers = 0;
  /** A phone's GET of an item's page; `browser` its cookie (a fresh browser when omitted). */
  const open = async (
    path: string,
    o: { browser?: string; ua?: string; token?: string; headers?: Record<string, string> } = {},
  ) => {
    const browser = o.browser ?? `browser-${++browsers}-xxxxxxxxxxxx`;
    const headers: Record<string, string> = {
      'user-agent': o.ua ?? PHONE_UA,
      cookie: `txng_b=${browser}`,
      ...o.headers,
    };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    const res = await api.app.request(path, { headers });
    const html = await res.text();
    const verdict = /data-verdict="([A-Z_]+)"/.exec(html)?.[1];
    return { status: res.status, html, verdict, headers: res.headers };
  };
  const json = async (serial: string) => (await api.call('GET', `/serials/${serial}`)).body.data;
  const setRecall = async (reason: string) => {
    const { lots } = api.deps.db.tables;
    await api.deps.db
      .update(lots)
      .set({ recalledAt: new Date(), recallReason: reason })
      .where(eq(lots.id, lot.id));
  };
  return { api, p, product, plain, productB, lot, a, short, b, open, json, setRecall };
}
