import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi as vitest } from 'vitest';
import { withPublicDispatcher } from '#server/http/public-dispatcher.ts';
import { withNormalisedTargets } from '#server/http/request-target.ts';
import { SerialItems } from '#server/services/serials/kept-items.ts';
import { drizzleOpenWriter, type OpenWriter } from '#server/db/serial-opens.ts';
import { PHONE_UA, serialWorld } from './helpers.ts';

/**
 * Kept item states and buffered opens (decision 230), what only this way has: an open counted at once and
 * written a moment later, every open once; the dispatcher in front of the app answering as the app does;
 * what a write changes reaching the kept item at once; a database that refuses a write losing no open. On
 * SQLite and PostgreSQL (TEST_ENGINE=pg). The rules themselves run both ways in verdict.test.ts.
 */
const KEPT = { SERIAL_FLUSH_MS: '1000' };

let server: Server | undefined;
afterEach(async () => {
  vitest.useRealTimers();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

async function keptWorld() {
  const w = await serialWorld(KEPT);
  const { deps, app } = w.api;
  server = createServer(
    withNormalisedTargets(
      withPublicDispatcher(deps, { clientDir: deps.settings.dataDir }, getRequestListener(app.fetch)),
    ),
  );
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  /** A GET of the running server (the dispatcher, then the app). */
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, { headers: { 'user-agent': PHONE_UA, ...headers } });
  const verdictOf = async (serial: string) => (await (await get(`/api/serials/${serial}`)).json()).data;
  const rows = async () => {
    const { serialOpens } = deps.db.tables;
    return (await deps.db.select().from(serialOpens)).length;
  };
  return { ...w, get, verdictOf, rows };
}

describe('[PUBLIC][serials] kept items, opens buffered (decision 230)', () => {
  it('[PUBLIC][serials]: parallel opens count at once, each browser once, and are written by the next flush', async () => {
    const w = await keptWorld();
    const [many, one] = [w.a.codes[0]!, w.a.codes[1]!];
    // Kept first, so that the storm is answered by the dispatcher.
    expect((await w.verdictOf(many)).count).toBe(0);
    expect((await w.verdictOf(one)).count).toBe(0);
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, () => w.get(`/s/${many}`)),
      ...Array.from({ length: 20 }, () => w.get(`/s/${one}`, { cookie: 'txng_b=one-browser-xxxxxxxxxx' })),
    ]);
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 200));
    // A new browser is given its id; a known one is not.
    expect(answers[0]!.headers.get('set-cookie')).toMatch(
      /^txng_b=[A-Za-z0-9_-]{16,}; Max-Age=31536000; Path=\//,
    );
    expect(answers[39]!.headers.get('set-cookie')).toBeNull();
    expect((await w.verdictOf(many)).count).toBe(20);
    expect((await w.verdictOf(one)).count).toBe(1);

    await w.api.deps.serialItems.flush();
    expect(await w.rows()).toBe(21);
    const { serialStates } = w.api.deps.db.tables;
    const counts = (await w.api.deps.db.select({ count: serialStates.count }).from(serialStates))
      .map((r) => r.count)
      .sort((a, b) => a - b);
    expect(counts).toEqual([1, 20]);
    // Read again from the database (nothing kept), the same verdicts.
    w.api.deps.serialItems.forget('everything');
    expect(await w.verdictOf(many)).toMatchObject({ verdict: 'SUSPECT', count: 20, suspectReason: 'COUNT' });
    // The JSON of an item opened once says SEEN (its reader is not the one who opened it).
    expect(await w.verdictOf(one)).toMatchObject({ verdict: 'SEEN', count: 1 });
  });

  it('[PUBLIC][serials]: the dispatcher answers a kept item as the app does, and leaves it what it must', async () => {
    const w = await keptWorld();
    const s = w.a.codes[2]!;
    const browser = { cookie: 'txng_b=same-browser-xxxxxxxxxx' };
    // The first open reads the item (the app answers it), the next ones are the dispatcher's.
    expect((await w.get(`/01/08934567890120/10/L2026/21/${s}`, browser)).status).toBe(200);
    const served = await w.get(`/01/08934567890120/10/L2026/21/${s}`, browser);
    const app = await w.api.app.request(`/01/08934567890120/10/L2026/21/${s}`, {
      headers: { 'user-agent': PHONE_UA, ...browser },
    });
    const html = await served.text();
    expect(html).toBe(await app.text());
    expect(html).toContain('data-verdict="FIRST"');
    expect(html).toContain('Cà phê rang xay Ea Tu');
    for (const name of ['content-type', 'cache-control', 'x-robots-tag', 'vary', 'content-security-policy'])
      expect(served.headers.get(name), name).toBe(app.headers.get(name));
    const json = await w.get(`/api/serials/${s}`);
    expect(await json.json()).toEqual(await (await w.api.app.request(`/api/serials/${s}`)).json());
    expect(json.headers.get('cache-control')).toBe('no-store');
    // In English when asked, the cookie that keeps the choice with it.
    const english = await w.get(`/s/${w.short.codes[0]}?lang=en`);
    const english2 = await w.get(`/s/${w.short.codes[0]}?lang=en`);
    expect(english.status).toBe(200);
    expect(await english2.text()).toContain('<html lang="en"');
    expect(english2.headers.get('set-cookie')).toContain('lang=en');
    // An issued serial under another product's GTIN or another lot is no item: never the product.
    const wrongLot = await w.get(`/01/08934567890120/10/OTHER/21/${s}`);
    expect(wrongLot.status).toBe(404);
    expect(await wrongLot.text()).not.toContain('Cà phê rang xay Ea Tu');
    // The resolver keeps its linksets.
    const linkset = await w.get(`/01/08934567890120/10/L2026/21/${s}`, {
      accept: 'application/linkset+json',
    });
    expect(linkset.headers.get('content-type')).toContain('application/linkset+json');
    // A bot and the company's signed-in member are not counted by either.
    await w.get(`/s/${s}`, { 'user-agent': 'curl/8.5.0' });
    await w.get(`/s/${s}`, { authorization: `Bearer ${w.p.tokens.adminA}` });
    expect((await w.verdictOf(s)).count).toBe(1);
  });

  it('[COMPANY_ADMIN][serials]: a PIN, a threshold, a voided range and a recall reach the kept item at once', async () => {
    const w = await keptWorld();
    const s = w.a.codes[3]!;
    await w.get(`/s/${s}`);
    expect(await w.verdictOf(s)).toMatchObject({ verdict: 'SEEN', count: 1, activatedAt: null });

    const pin = await w.api.call('POST', `/serials/${s}/verify`, { body: { pin: w.a.pin(s) } });
    expect(pin.status, pin.text).toBe(200);
    expect((await w.verdictOf(s)).activatedAt).toBe(pin.body.data.activatedAt);

    const set = await w.api.call('PUT', '/serials/settings', {
      token: w.p.tokens.adminA,
      body: { threshold: 1 },
    });
    expect(set.status, set.text).toBe(200);
    await w.get(`/s/${s}`);
    expect(await w.verdictOf(s)).toMatchObject({ verdict: 'SUSPECT', count: 2, suspectReason: 'COUNT' });
    // The dashboard's read writes the buffered opens first: it lists the item.
    const suspects = await w.api.call('GET', '/serials/suspects', { token: w.p.tokens.adminA });
    expect(suspects.body.data.items.map((i: { serial: string }) => i.serial)).toEqual([s]);

    const voided = await w.api.call('POST', `/serials/batches/${w.a.batch.id}/void`, {
      token: w.p.tokens.adminA,
      body: { fromSeq: 4, toSeq: 4 },
    });
    expect(voided.status, voided.text).toBe(200);
    expect((await w.verdictOf(s)).verdict).toBe('VOID');

    // A lot recalled by any writer reaches every instance's kept items by the change feed.
    const other = w.a.codes[5]!;
    await w.get(`/s/${other}`);
    expect((await w.verdictOf(other)).verdict).toBe('SEEN');
    await w.setRecall('Nhiễm nấm mốc');
    await expect.poll(async () => (await w.verdictOf(other)).verdict).toBe('RECALLED');
  });

  it('[PUBLIC][serials]: opens the database refuses wait for the next write; none is lost or counted twice', async () => {
    const w = await serialWorld(KEPT);
    const { deps } = w.api;
    const warnings: string[] = [];
    let refuse = true;
    const written = drizzleOpenWriter(deps.db);
    const write: OpenWriter = (items) => {
      if (!refuse) return written(items);
      throw Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' });
    };
    const items = new SerialItems({
      db: deps.db,
      write,
      engine: deps.store.engine,
      flushMs: 1000,
      logger: { warn: (o: object) => warnings.push((o as { event: string }).event) },
    });
    const s = w.a.codes[6]!;
    const open = (browserId: string) =>
      items.open({
        serial: s,
        browserId,
        userAgent: PHONE_UA,
        viewerCompanyId: null,
        province: null,
        approximate: true,
      });
    expect((await open('first-browser-xxxxxxxxx')).verdict).toBe('FIRST');
    expect((await open('second-browser-xxxxxxxx')).count).toBe(2);
    await items.flush();
    expect(warnings).toEqual(['serial.opens_delayed']);
    const { serialOpens } = deps.db.tables;
    expect(await deps.db.select().from(serialOpens)).toHaveLength(0);
    expect((await open('third-browser-xxxxxxxxx')).count).toBe(3);
    // Forgotten meanwhile, the item is read again with its buffered opens: still 3.
    items.forget({ serial: s });
    expect((await items.read(s)).count).toBe(3);
    refuse = false;
    await items.close();
    expect(await deps.db.select().from(serialOpens).where(eq(serialOpens.seq, 7))).toHaveLength(3);
    const { serialStates } = deps.db.tables;
    const [state] = await deps.db.select({ count: serialStates.count }).from(serialStates);
    expect(state?.count).toBe(3);
  });

  // Several instances share PostgreSQL (decision 156); on SQLite one process is the only writer.
  it.runIf(process.env.TEST_ENGINE === 'pg')(
    "[PUBLIC][serials]: another instance's opens show once the kept item is old enough, answered meanwhile",
    async () => {
      const w = await serialWorld(KEPT);
      const { deps } = w.api;
      const other = new SerialItems({
        db: deps.db,
        write: drizzleOpenWriter(deps.db),
        engine: 'pg',
        flushMs: 1000,
        logger: { warn: () => undefined },
      });
      const s = w.a.codes[7]!;
      expect((await deps.serialItems.read(s)).count).toBe(0);
      for (const browserId of ['other-browser-1-xxxxxxx', 'other-browser-2-xxxxxxx'])
        await other.open({
          serial: s,
          browserId,
          userAgent: PHONE_UA,
          viewerCompanyId: null,
          province: null,
          approximate: true,
        });
      await other.close();
      // Within its trusted age the kept item stands; past it, it is answered as it was and read again.
      expect((await deps.serialItems.read(s)).count).toBe(0);
      vitest.useFakeTimers({ toFake: ['Date'] });
      vitest.setSystemTime(Date.now() + 3000);
      await expect.poll(async () => (await deps.serialItems.read(s)).count).toBe(2);
    },
  );
});
