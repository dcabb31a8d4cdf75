import { eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedDemo } from '#server/seed/seed.ts';
import { tables } from '#tests/helpers/deps.ts';
import { createTestApi } from '#tests/helpers/http.ts';

const { lotEvents, lots, products, shortLinks } = tables;

describe('[GUEST][REST][lots] demo data', () => {
  it('[GUEST][REST][lots]: DEMO=1 seeds the GTIN product with three lots, one recalled, each with its own code', async () => {
    const api = await createTestApi();
    await seedDemo(api.deps);
    const db = api.deps.db;
    const [product] = await db.select().from(products).where(eq(products.gtin, '08930000000019'));
    expect(product).toMatchObject({ status: 'ACTIVE' });
    const rows = await db
      .select()
      .from(lots)
      .where(eq(lots.productId, product?.id ?? 0));
    expect(rows.map((r) => r.code).sort()).toEqual(['L2404R', 'L2405A', 'L2406B']);
    const a = rows.find((r) => r.code === 'L2405A');
    expect(
      await db
        .select()
        .from(lotEvents)
        .where(eq(lotEvents.lotId, a?.id ?? 0)),
    ).toHaveLength(3);
    const recalled = await db.select().from(lots).where(isNotNull(lots.recalledAt));
    expect(recalled.map((r) => [r.code, !!r.recallReason])).toEqual([['L2404R', true]]);

    const code = (
      await db
        .select()
        .from(shortLinks)
        .where(eq(shortLinks.lotId, recalled[0]?.id ?? 0))
    )[0]?.code;
    const scan = await api.call('GET', `/products/qr-codes/${code}`);
    expect(scan.body.data.lot).toMatchObject({ code: 'L2404R', recalled: true });
    expect(scan.body.data.recalledLots.map((l: { code: string }) => l.code)).toEqual(['L2404R']);
  });
});
