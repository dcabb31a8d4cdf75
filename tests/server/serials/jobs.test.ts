import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertSerialChunk } from '#server/db/serial-inserts.ts';
import { failAbandonedBatches, randomSerials } from '#server/services/serials/batches.ts';
import { serialPin, serialPinsOf } from '#server/services/serials/pin.ts';
import { SERIAL_ALPHABET, SERIALS_PER_COMPANY_DAY } from '#shared/serials.ts';
import { engine, tables } from '#tests/helpers/deps.ts';
import { makeBatch, serialsSetup } from './helpers.ts';

describe(`[serials] generation, its bounds and its end (${engine})`, () => {
  it('[serials]: a serial already issued is skipped by the unique index and answered for a new draw', async () => {
    const { api, p, products } = await serialsSetup();
    const batch = await makeBatch(api, p.tokens.adminA, { productId: products.withGtin.id, count: 3 });
    const [taken] = await api.deps.db
      .select()
      .from(tables.serials)
      .where(eq(tables.serials.batchId, batch.id))
      .limit(1);
    const other = await makeBatch(api, p.tokens.adminA, { productId: products.noGtin.id, count: 1 });
    const fresh = randomSerials(2);
    const skipped = await insertSerialChunk(api.deps.store, {
      batchId: other.id,
      seqs: [2, 3, 4],
      serials: [fresh[0] as string, taken?.serial as string, fresh[1] as string],
    });
    expect(skipped).toEqual([3]);
  });

  it('[serials]: the alphabet is drawn evenly (no modulo bias)', () => {
    const counts = new Map<string, number>();
    for (const serial of randomSerials(20_000))
      for (const c of serial) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect([...counts.keys()].sort().join('')).toBe([...SERIAL_ALPHABET].sort().join(''));
    const expected = (20_000 * 12) / 32;
    for (const n of counts.values()) expect(Math.abs(n - expected) / expected).toBeLessThan(0.06);
  });

  it("[serials]: the CSV's PINs are serialPin's", () => {
    const many = serialPinsOf('một khóa bí mật');
    for (const serial of randomSerials(50)) expect(many(serial)).toBe(serialPin('một khóa bí mật', serial));
    const long = 'k'.repeat(100);
    expect(serialPinsOf(long)('23456789ABCD')).toBe(serialPin(long, '23456789ABCD'));
  });

  it("[COMPANY_ADMIN][REST][serials]: past the day's bound of serials per company, 429", async () => {
    const { api, p, products } = await serialsSetup();
    await api.deps.db.insert(tables.serialBatches).values({
      companyId: p.companyA.id,
      productId: products.withGtin.id,
      count: SERIALS_PER_COMPANY_DAY - 5,
      status: 'READY',
      pinKey: 'k',
    });
    const over = await api.call('POST', '/serials/batches', {
      token: p.tokens.adminA,
      body: { productId: products.withGtin.id, count: 6 },
    });
    expect(over.status).toBe(429);
    expect(over.body.message).toMatch(/giới hạn/);
    const within = await api.call('POST', '/serials/batches', {
      token: p.tokens.adminA,
      body: { productId: products.withGtin.id, count: 5 },
    });
    expect(within.status).toBe(201);
    await api.deps.serialJobs.idle();
  });

  it('[serials]: shutdown stops a running job and marks its batch FAILED, voided', async () => {
    const { api, p, products } = await serialsSetup();
    const res = await api.call('POST', '/serials/batches', {
      token: p.tokens.adminA,
      body: { productId: products.withGtin.id, count: 200_000 },
    });
    expect(res.status).toBe(201);
    await api.deps.serialJobs.stop();
    const [row] = await api.deps.db
      .select()
      .from(tables.serialBatches)
      .where(eq(tables.serialBatches.id, res.body.data.id));
    expect(row).toMatchObject({ status: 'FAILED' });
    expect(row?.failure).toMatch(/khởi động lại/);
    expect(row?.voidedAt).toBeInstanceOf(Date);
    expect(row?.generated).toBeLessThan(200_000);
  });

  it('[serials]: at start-up, batches left GENERATING are failed (SQLite: all; PostgreSQL: the stale ones)', async () => {
    const { api, p, products } = await serialsSetup();
    const insert = (progressAt: Date, companyId: number, productId: number) =>
      api.deps.db
        .insert(tables.serialBatches)
        .values({ companyId, productId, count: 10, pinKey: 'k', progressAt })
        .returning()
        .then((rows) => rows[0]?.id as number);
    const stale = await insert(new Date(Date.now() - 10 * 60_000), p.companyA.id, products.withGtin.id);
    const recent = await insert(new Date(), p.companyB.id, products.productB.id);
    const failed = await failAbandonedBatches(api.deps);
    const status = async (id: number) =>
      (await api.deps.db.select().from(tables.serialBatches).where(eq(tables.serialBatches.id, id)))[0]
        ?.status;
    expect(await status(stale)).toBe('FAILED');
    // Another instance may be writing the recent one on PostgreSQL; on SQLite this process owns the file.
    expect(await status(recent)).toBe(engine === 'pg' ? 'GENERATING' : 'FAILED');
    expect(failed).toBe(engine === 'pg' ? 1 : 2);
  });
});
