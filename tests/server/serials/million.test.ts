import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MAX_BATCH_COUNT } from '#shared/serials.ts';
import { engine, tables } from '#tests/helpers/deps.ts';
import { GTIN, makeBatch, serialsSetup } from './helpers.ts';

const MB = 1024 * 1024;
/** What the process holds besides what it held before: the JS heap and the buffers outside it. */
const held = () => {
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};

describe(`[COMPANY_ADMIN][REST][serials] a batch of a million (${engine})`, () => {
  it('[COMPANY_ADMIN][REST][serials]: 1,000,000 unique serials, and their CSV streamed with flat memory', {
    timeout: 600_000,
  }, async () => {
    const { api, p, products, lots } = await serialsSetup();
    const batch = await makeBatch(api, p.tokens.adminA, {
      productId: products.withGtin.id,
      lotId: lots.lot.id,
      count: MAX_BATCH_COUNT,
      withPin: true,
    });
    const got = await api.call('GET', `/serials/batches/${batch.id}`, { token: p.tokens.adminA });
    expect(got.body.data).toMatchObject({ status: 'READY', generated: MAX_BATCH_COUNT });
    const [counted] = await api.deps.db
      .select({ n: sql<number>`count(*)`, distinct: sql<number>`count(DISTINCT ${tables.serials.serial})` })
      .from(tables.serials)
      .where(eq(tables.serials.batchId, batch.id));
    expect(Number(counted?.n)).toBe(MAX_BATCH_COUNT);
    expect(Number(counted?.distinct)).toBe(MAX_BATCH_COUNT);

    global.gc?.();
    const before = held();
    let peak = before;
    const res = await api.app.request(`/api/serials/batches/${batch.id}/export.csv`, {
      headers: { authorization: `Bearer ${p.tokens.adminA}` },
    });
    expect(res.status).toBe(200);
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
    let lines = 0;
    let bytes = 0;
    let head = '';
    let tail = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      for (let at = value.indexOf(10); at !== -1; at = value.indexOf(10, at + 1)) lines++;
      if (head.length < 200) head += decoder.decode(value.subarray(0, 200));
      tail = decoder.decode(value.subarray(Math.max(0, value.byteLength - 200)));
      peak = Math.max(peak, held());
    }
    expect(lines).toBe(MAX_BATCH_COUNT + 1);
    expect(head).toMatch(
      /^\uFEFFurl,serial,pin,lot\r\nhttp:\/\/localhost:3000\/01\/\d{14}\/10\/L-2026%2F11\/21\/[2-9A-Z]{12},[2-9A-Z]{12},\d{6},L-2026\/11\r\n/,
    );
    expect(head).toContain(`/01/${GTIN}/`);
    expect(tail).toMatch(/,\d{6},L-2026\/11\r\n$/);
    // The whole file is tens of megabytes; what the process held while it was streamed grew by far less.
    const growth = (peak - before) / MB;
    console.log(
      `[serials] CSV of ${lines} lines, ${(bytes / MB).toFixed(1)} MB: held memory grew by ${growth.toFixed(1)} MB at most`,
    );
    expect(bytes / MB).toBeGreaterThan(60);
    expect(growth).toBeLessThan(48);
  });
});
