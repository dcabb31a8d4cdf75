import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { findSerial } from '#server/services/serials/lookup.ts';
import { pinMatches, serialPin } from '#server/services/serials/pin.ts';
import {
  isSerialShaped,
  MAX_BATCH_COUNT,
  SERIAL_ALPHABET,
  SERIAL_LENGTH,
  serialItemPath,
} from '#shared/serials.ts';
import { engine, tables } from '#tests/helpers/deps.ts';
import { csvLines, GTIN, makeBatch, serialsSetup } from './helpers.ts';

describe(`[COMPANY_ADMIN][REST][serials] serial batches (${engine})`, () => {
  it('[COMPANY_ADMIN][REST][serials]: a batch is generated after the answer, READY with every serial', async () => {
    const { api, p, products, lots } = await serialsSetup();
    const res = await api.call('POST', '/serials/batches', {
      token: p.tokens.adminA,
      body: { productId: products.withGtin.id, lotId: lots.lot.id, count: 2500, withPin: true },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      status: 'GENERATING',
      count: 2500,
      withPin: true,
      lotCode: 'L-2026/11',
    });
    expect(res.body.data).not.toHaveProperty('pinKey');
    await api.deps.serialJobs.idle();
    const got = await api.call('GET', `/serials/batches/${res.body.data.id}`, { token: p.tokens.employeeA });
    expect(got.status).toBe(200);
    expect(got.body.data).toMatchObject({ status: 'READY', generated: 2500, gtin: GTIN, failure: null });
    const rows = await api.deps.db
      .select()
      .from(tables.serials)
      .where(eq(tables.serials.batchId, res.body.data.id))
      .orderBy(asc(tables.serials.seq));
    expect(rows.map((r) => r.seq)).toEqual(Array.from({ length: 2500 }, (_, k) => k + 1));
    for (const row of rows) {
      expect(row.serial).toHaveLength(SERIAL_LENGTH);
      expect(isSerialShaped(row.serial)).toBe(true);
    }
    expect(new Set(rows.map((r) => r.serial)).size).toBe(2500);
    const list = await api.call('GET', '/serials/batches', { token: p.tokens.adminA });
    expect(list.body.data.items.map((b: { id: number }) => b.id)).toEqual([res.body.data.id]);
  });

  it('[COMPANY_ADMIN][REST][serials]: sizes and bounds: 0 and 1,000,001 are 400, 1 is made', async () => {
    const { api, p, products } = await serialsSetup();
    for (const count of [0, -1, MAX_BATCH_COUNT + 1, 1.5, 'abc']) {
      const res = await api.call('POST', '/serials/batches', {
        token: p.tokens.adminA,
        body: { productId: products.withGtin.id, count },
      });
      expect(res.status, `count ${count}`).toBe(400);
      expect(res.body.errors?.count, `count ${count}`).toBeTruthy();
    }
    const one = await makeBatch(api, p.tokens.adminA, { productId: products.noGtin.id, count: 1 });
    const got = await api.call('GET', `/serials/batches/${one.id}`, { token: p.tokens.adminA });
    expect(got.body.data).toMatchObject({ status: 'READY', generated: 1, count: 1 });
  });

  it("[COMPANY_ADMIN][REST][serials]: another company's product, lot or batch answers 404; roles without the right 401/403", async () => {
    const { api, p, products, lots } = await serialsSetup();
    const other = await api.call('POST', '/serials/batches', {
      token: p.tokens.adminA,
      body: { productId: products.productB.id, count: 10 },
    });
    expect(other.status).toBe(404);
    const otherLot = await api.call('POST', '/serials/batches', {
      token: p.tokens.adminA,
      body: { productId: products.withGtin.id, lotId: lots.lotB.id, count: 10 },
    });
    expect(otherLot.status).toBe(404);
    // A lot of the company but of another product is not this product's.
    const wrongProduct = await api.call('POST', '/serials/batches', {
      token: p.tokens.adminA,
      body: { productId: products.noGtin.id, lotId: lots.lot.id, count: 10 },
    });
    expect(wrongProduct.status).toBe(404);
    const missing = await api.call('POST', '/serials/batches', {
      token: p.tokens.adminA,
      body: { productId: 999999, count: 10 },
    });
    expect(missing.status).toBe(404);

    const batchB = await makeBatch(api, p.tokens.adminB, { productId: products.productB.id, count: 5 });
    for (const [method, path, body] of [
      ['GET', `/serials/batches/${batchB.id}`, undefined],
      ['POST', `/serials/batches/${batchB.id}/void`, {}],
      ['POST', `/serials/batches/${batchB.id}/void`, { fromSeq: 1, toSeq: 2 }],
      ['GET', `/serials/batches/${batchB.id}/export.csv`, undefined],
    ] as const) {
      const res = await api.call(method, path, { token: p.tokens.adminA, body });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const listA = await api.call('GET', '/serials/batches', { token: p.tokens.adminA });
    expect(listA.body.data.items).toEqual([]);
    // The super admin sees every company's; a moderator, a user and a visitor none.
    const all = await api.call('GET', `/serials/batches/${batchB.id}`, { token: p.tokens.superAdmin });
    expect(all.status).toBe(200);
    for (const [token, status] of [
      [p.tokens.moderator, 403],
      [p.tokens.user, 403],
      [undefined, 401],
    ] as const) {
      const res = await api.call('POST', '/serials/batches', {
        token,
        body: { productId: products.withGtin.id, count: 1 },
      });
      expect(res.status).toBe(status);
      expect((await api.call('GET', `/serials/batches/${batchB.id}/export.csv`, { token })).status).toBe(
        status,
      );
    }
  });

  it('[COMPANY_ADMIN][REST][serials]: two batches asked at once for one company: one is made, the other 409', async () => {
    const { api, p, products } = await serialsSetup();
    const ask = () =>
      api.call('POST', '/serials/batches', {
        token: p.tokens.adminA,
        body: { productId: products.withGtin.id, count: 20_000 },
      });
    const answers = await Promise.all([ask(), ask()]);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([201, 409]);
    const refused = answers.find((a) => a.status === 409);
    expect(refused?.body.message).toMatch(/đang tạo một lô mã serial khác/);
    // Another company is not held up by A's job.
    const b = await api.call('POST', '/serials/batches', {
      token: p.tokens.adminB,
      body: { productId: products.productB.id, count: 10 },
    });
    expect(b.status).toBe(201);
    await api.deps.serialJobs.idle();
    // Once A's job is done, A may make another.
    const next = await ask();
    expect(next.status).toBe(201);
    await api.deps.serialJobs.idle();
  });

  it('[COMPANY_ADMIN][REST][serials]: a batch left GENERATING by a stopped server is FAILED and voided, and does not block', async () => {
    const { api, p, products } = await serialsSetup();
    const [row] = await api.deps.db
      .insert(tables.serialBatches)
      .values({
        companyId: p.companyA.id,
        productId: products.withGtin.id,
        count: 100,
        pinKey: 'k',
        progressAt: new Date(Date.now() - 10 * 60_000),
      })
      .returning();
    const res = await api.call('POST', '/serials/batches', {
      token: p.tokens.adminA,
      body: { productId: products.withGtin.id, count: 10 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await api.deps.serialJobs.idle();
    const left = await api.call('GET', `/serials/batches/${row?.id}`, { token: p.tokens.adminA });
    expect(left.body.data.status).toBe('FAILED');
    expect(left.body.data.failure).toMatch(/khởi động lại/);
    expect(left.body.data.voidedAt).not.toBeNull();
  });

  it('[COMPANY_ADMIN][REST][serials]: void a range, then the whole batch; lookup answers voided', async () => {
    const { api, p, products } = await serialsSetup();
    const batch = await makeBatch(api, p.tokens.adminA, { productId: products.withGtin.id, count: 50 });
    const rows = await api.deps.db
      .select()
      .from(tables.serials)
      .where(eq(tables.serials.batchId, batch.id))
      .orderBy(asc(tables.serials.seq));
    const serialAt = (seq: number) => rows[seq - 1]?.serial as string;

    for (const body of [
      { fromSeq: 10 },
      { fromSeq: 20, toSeq: 10 },
      { fromSeq: 1, toSeq: 51 },
      { fromSeq: 0, toSeq: 3 },
    ]) {
      const bad = await api.call('POST', `/serials/batches/${batch.id}/void`, {
        token: p.tokens.adminA,
        body,
      });
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
    const ranged = await api.call('POST', `/serials/batches/${batch.id}/void`, {
      token: p.tokens.adminA,
      body: { fromSeq: 10, toSeq: 20 },
    });
    expect(ranged.status, JSON.stringify(ranged.body)).toBe(200);
    expect(ranged.body.data.voids).toMatchObject([{ fromSeq: 10, toSeq: 20 }]);
    expect(ranged.body.data.voidedAt).toBeNull();
    for (const [seq, voided] of [
      [9, false],
      [10, true],
      [15, true],
      [20, true],
      [21, false],
    ] as const) {
      const found = await findSerial(api.deps.db, serialAt(seq));
      expect(found, `seq ${seq}`).toMatchObject({
        seq,
        voided,
        batch: { id: batch.id, companyId: p.companyA.id },
      });
    }
    expect(await findSerial(api.deps.db, 'ZZZZZZZZZZZZ')).toBeNull();

    const whole = await api.call('POST', `/serials/batches/${batch.id}/void`, {
      token: p.tokens.adminA,
      body: {},
    });
    expect(whole.status).toBe(200);
    expect(whole.body.data.voidedAt).not.toBeNull();
    expect((await findSerial(api.deps.db, serialAt(1)))?.voided).toBe(true);
    expect((await findSerial(api.deps.db, serialAt(50)))?.batch.voidedAt).toBeInstanceOf(Date);
  });

  it('[COMPANY_ADMIN][REST][serials]: the CSV: header, one row per item in order, URL forms, PIN only with PINs', async () => {
    const { api, p, products, lots } = await serialsSetup();
    const origin = api.deps.settings.publicUrl;
    const cases = [
      {
        body: { productId: products.withGtin.id, lotId: lots.lot.id, count: 7, withPin: true },
        url: (s: string) => `${origin}/01/${GTIN}/10/L-2026%2F11/21/${s}`,
        lot: 'L-2026/11',
      },
      {
        body: { productId: products.withGtin.id, count: 7 },
        url: (s: string) => `${origin}/01/${GTIN}/21/${s}`,
        lot: '',
      },
      { body: { productId: products.noGtin.id, count: 7 }, url: (s: string) => `${origin}/s/${s}`, lot: '' },
    ];
    for (const c of cases) {
      const batch = await makeBatch(api, p.tokens.adminA, c.body);
      const res = await api.call('GET', `/serials/batches/${batch.id}/export.csv`, {
        token: p.tokens.employeeA,
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/csv/);
      expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="serials-lo-\d+\.csv"/);
      const lines = csvLines(res.text);
      expect(lines[0]).toBe('url,serial,pin,lot');
      expect(lines).toHaveLength(8);
      const rows = await api.deps.db
        .select()
        .from(tables.serials)
        .where(eq(tables.serials.batchId, batch.id))
        .orderBy(asc(tables.serials.seq));
      const [keyRow] = await api.deps.db
        .select()
        .from(tables.serialBatches)
        .where(eq(tables.serialBatches.id, batch.id));
      lines.slice(1).forEach((line, k) => {
        const serial = rows[k]?.serial as string;
        const pin = c.body.withPin ? serialPin(keyRow?.pinKey as string, serial) : '';
        expect(line).toBe([c.url(serial), serial, pin, c.lot].join(','));
        if (pin) expect(pin).toMatch(/^\d{6}$/);
      });
    }
  });

  it('[COMPANY_ADMIN][REST][serials]: a range of the CSV starts at its first item and ends at its last; a bad range is 400', async () => {
    const { api, p, products } = await serialsSetup();
    const batch = await makeBatch(api, p.tokens.adminA, { productId: products.noGtin.id, count: 12 });
    const path = `/serials/batches/${batch.id}/export.csv`;
    const whole = csvLines((await api.call('GET', path, { token: p.tokens.adminA })).text);
    const range = await api.call('GET', `${path}?fromSeq=5&toSeq=7`, { token: p.tokens.adminA });
    expect(range.status).toBe(200);
    expect(csvLines(range.text)).toEqual([whole[0], ...whole.slice(5, 8)]);
    // Past the batch's end: only what there is.
    expect(
      csvLines((await api.call('GET', `${path}?fromSeq=11&toSeq=400`, { token: p.tokens.adminA })).text),
    ).toEqual([whole[0], ...whole.slice(11)]);
    for (const query of [
      'fromSeq=5',
      'fromSeq=8&toSeq=7',
      'fromSeq=0&toSeq=3',
      'fromSeq=a&toSeq=3',
      'other=1',
    ]) {
      const bad = await api.call('GET', `${path}?${query}`, { token: p.tokens.adminA });
      expect(bad.status, query).toBe(400);
    }
  });

  it('[COMPANY_ADMIN][REST][serials]: a lot code that looks like a formula is written inert', async () => {
    const { api, p, products } = await serialsSetup();
    const { makeLot } = await import('#tests/server/supply-chain/helpers.ts');
    const lot = await makeLot(api.deps, p.companyA.id, products.noGtin.id, { code: '=1+1' });
    const batch = await makeBatch(api, p.tokens.adminA, {
      productId: products.noGtin.id,
      lotId: lot.id,
      count: 2,
    });
    const res = await api.call('GET', `/serials/batches/${batch.id}/export.csv`, { token: p.tokens.adminA });
    const lines = csvLines(res.text);
    expect(lines[1]).toMatch(/,"'=1\+1"$/);
  });

  it('[COMPANY_ADMIN][REST][serials]: a batch still generating has no CSV yet (409)', async () => {
    const { api, p, products } = await serialsSetup();
    const res = await api.call('POST', '/serials/batches', {
      token: p.tokens.adminA,
      body: { productId: products.withGtin.id, count: 30_000 },
    });
    const early = await api.call('GET', `/serials/batches/${res.body.data.id}/export.csv`, {
      token: p.tokens.adminA,
    });
    expect(early.status).toBe(409);
    await api.deps.serialJobs.idle();
  });
});

describe('[serials] the alphabet, the paths and the PIN', () => {
  it('[serials]: 32 symbols, no look-alikes, all GS1 character set 82', () => {
    expect(SERIAL_ALPHABET).toHaveLength(32);
    expect(new Set(SERIAL_ALPHABET).size).toBe(32);
    for (const c of '01OIoil') expect(SERIAL_ALPHABET).not.toContain(c);
    expect(SERIAL_ALPHABET).toMatch(/^[A-Z2-9]+$/);
    expect(isSerialShaped('23456789ABCD')).toBe(true);
    expect(isSerialShaped('23456789abcd')).toBe(false);
    expect(isSerialShaped('0234567890AB')).toBe(false);
    expect(isSerialShaped('23456789ABC')).toBe(false);
  });

  it('[serials]: the item paths with and without GTIN and lot', () => {
    expect(serialItemPath({ gtin: GTIN, lotCode: 'A/B', serial: 'X' })).toBe(`/01/${GTIN}/10/A%2FB/21/X`);
    expect(serialItemPath({ gtin: GTIN, lotCode: null, serial: 'X' })).toBe(`/01/${GTIN}/21/X`);
    expect(serialItemPath({ gtin: null, lotCode: 'A', serial: 'X' })).toBe('/s/X');
  });

  it('[serials]: the PIN is 6 digits, stable, keyed, checked in constant time', () => {
    const pin = serialPin('key-1', '23456789ABCD');
    expect(pin).toMatch(/^\d{6}$/);
    expect(serialPin('key-1', '23456789ABCD')).toBe(pin);
    expect(serialPin('key-2', '23456789ABCD')).not.toBe(pin);
    expect(pinMatches('key-1', '23456789ABCD', pin)).toBe(true);
    expect(pinMatches('key-1', '23456789ABCD', ` ${pin} `)).toBe(true);
    expect(pinMatches('key-1', '23456789ABCD', '12345')).toBe(false);
    const wrong = pin === '000000' ? '000001' : '000000';
    expect(pinMatches('key-1', '23456789ABCD', wrong)).toBe(false);
    // Digits spread evenly enough: every first digit shows among a thousand serials.
    const firsts = new Set(Array.from({ length: 1000 }, (_, k) => serialPin('k', `S${k}`)[0]));
    expect(firsts.size).toBe(10);
  });
});
