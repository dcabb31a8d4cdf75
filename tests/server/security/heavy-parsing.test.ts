import { readFileSync } from 'node:fs';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain JavaScript build script, without types
import { buildServer, SERVER_BUNDLE } from '#scripts/build-server.mjs';
// @ts-expect-error: a plain JavaScript script, without types
import { npmStart } from '#scripts/start-command.mjs';
import { EPCIS_MAX_CONTEXTS } from '#server/services/epcis/bounds.ts';
import { EPCIS_IMPORT_MAX_EVENTS } from '#server/services/epcis/import.ts';
import { IMPORT_MAX_ROWS } from '#shared/schemas/productImport.ts';
import { LOT_IMPORT_MAX_ROWS } from '#shared/schemas/lots.ts';
import { MAX_HEIF_PIXELS } from '#server/services/scans/scan-photo.ts';
import { PARSE_DEADLINE_MS } from '#server/services/parsing/parse-pool.ts';
import { SHEET_MAX_COLUMNS } from '#server/services/productImport/sheet-limits.ts';
import { vi as messages } from '#shared/i18n/vi/index.ts';
import { mergedRangeXlsx, numericCellsXlsx } from './hostile-sheets.ts';
import { bigQrPng } from './images.ts';
import {
  api,
  businessAccount,
  type Json,
  memoryOf,
  postFile,
  type RealServer,
  startRealServer,
} from './real-server.ts';
import { healthWhile, median } from './timing.ts';

/**
 * Heavy parsing of what a caller sends, on the real server (decision 175): every attack below used to
 * buy seconds of CPU or hundreds of MB with one request. Each is now refused within a second by a bound
 * checked before the work, on the parsing or decoding pool's threads, while /api/health answers under
 * 250 ms; after them all the server's memory is back within 50 MB of where it started.
 */

const REFUSED_WITHIN_MS = 1_000;
const HEALTH_UNDER_MS = 250;
const RSS_BACK_WITHIN_MB = 50;

describe('heavy parsing is bounded before the work, off the main thread, and gives its memory back (real server)', () => {
  let server: RealServer;
  let token: string;
  let productId: number;
  let lotId: number;
  let code: string;
  let baseline: number;
  const rssLog: string[] = [];
  /** The hostile files, made before the server starts (making them takes the test process seconds). */
  let files: { million: Uint8Array; productRows: Uint8Array; lotRows: Uint8Array };

  /** Sends `work`, polling /api/health meanwhile: the answer, how long it took, the slowest health answer. */
  async function timed<T>(name: string, work: () => Promise<T>) {
    const started = performance.now();
    const sent = work().then((answer) => ({ answer, ms: performance.now() - started }));
    const health = await healthWhile(server.url, sent);
    const { answer, ms } = await sent;
    // Health is read every 100 ms by one poller, so a main thread held for a second shows as ONE slow
    // reading: the slowest must stay under twice the bound. Beyond it, the next slowest is held to the bound,
    // so that one pause of the shared two-core machine (its scheduler, a collection of the uploads' buffers)
    // does not fail the run, while a server that stalls again and again still does (decision 175).
    const [peak = 0, worst = peak] = [...health].sort((a, b) => b - a);
    rssLog.push(
      `${name}: answered in ${ms.toFixed(0)} ms; health median ${median(health).toFixed(0)} ms, max ${peak.toFixed(0)} ms, next ${worst.toFixed(0)} ms; RSS ${memoryOf(server).rss.toFixed(0)} MB`,
    );
    expect(peak, `${name}: the slowest health reading`).toBeLessThan(2 * HEALTH_UNDER_MS);
    return { answer, ms, worst };
  }

  const importProducts = (bytes: Uint8Array) =>
    postFile(server.url, '/products/import?dryRun=true', bytes, 'san-pham.xlsx', {
      authorization: `Bearer ${token}`,
    });
  const importLots = (bytes: Uint8Array) =>
    postFile(server.url, `/products/${productId}/lots/import?dryRun=true`, bytes, 'lo.xlsx', {
      authorization: `Bearer ${token}`,
    });
  const importEpcis = (doc: unknown) => api(server.url, 'POST', `/lots/${lotId}/epcis`, { token, body: doc });
  const epcisDoc = (
    eventList: unknown[],
    context: unknown = 'https://ref.gs1.org/standards/epcis/epcis-context.jsonld',
  ) => ({
    '@context': context,
    type: 'EPCISDocument',
    schemaVersion: '2.0',
    creationDate: '2026-11-26T08:00:00Z',
    epcisBody: { eventList },
  });
  const event = {
    type: 'ObjectEvent',
    action: 'OBSERVE',
    eventTime: '2026-11-26T08:00:00Z',
    eventTimeZoneOffset: '+07:00',
    epcList: ['https://id.gs1.org/01/08930000000019/10/L1'],
  };

  beforeAll(async () => {
    files = {
      million: await numericCellsXlsx(1000, 1000),
      productRows: await numericCellsXlsx(400_000, 1, 'Tên sản phẩm'),
      lotRows: await numericCellsXlsx(400_000, 1, 'Mã lô'),
    };
    // The server as it runs in production (`npm start`): its bundle, plain JavaScript, with npm start's
    // environment (the allocator's settings, decision 220) and node flags. Under tsx each worker thread
    // would load the TypeScript loader too, tens of MB that no deployment has.
    await buildServer();
    const start = npmStart() as { env: Record<string, string>; nodeFlags: string[] };
    server = await startRealServer({ ...start.env, TRUST_PROXY: '1' }, undefined, {
      command: [process.execPath, ...start.nodeFlags, SERVER_BUNDLE],
    });
    ({ token } = await businessAccount(server));
    const made = await api(server.url, 'POST', '/products', {
      token,
      body: { name: 'Cà phê tấn công', status: 'ACTIVE' },
    });
    productId = made.body.data.id;
    code = made.body.data.qr_code;
    const lot = await api(server.url, 'POST', '/lots', { token, body: { productId, code: 'L1' } });
    lotId = lot.body.data.id;
    // Every pool's threads started once (under tsx a thread takes a second or two to load its modules):
    // the figures below are the server's steady state, and the memory baseline includes them.
    const small = new Uint8Array(await QRCode.toBuffer(code, { width: 400 }));
    const warm = await Promise.all([
      postFile(
        server.url,
        '/products/import?dryRun=true',
        new TextEncoder().encode('Tên sản phẩm\nTrà\n'),
        'a.csv',
        {
          authorization: `Bearer ${token}`,
        },
      ),
      importEpcis(epcisDoc([event])),
      postFile(server.url, '/products/scan-qr', small, 'nho.png', { 'x-forwarded-for': '198.51.100.1' }),
    ]);
    expect(warm.map((w) => w.status)).toEqual([200, 200, 200]);
    await new Promise((r) => setTimeout(r, 1_000));
    baseline = memoryOf(server).rss;
  }, 180_000);

  afterAll(async () => {
    console.log(`baseline RSS ${baseline?.toFixed(0)} MB\n${rssLog.join('\n')}`);
    await server?.stop();
  }, 60_000);

  /** Sends `bytes` to both imports: each must be refused with `status` and its message, fast, health fast. */
  async function refusedByBoth(
    attack: string,
    files: { products: Uint8Array; lots: Uint8Array },
    status: number,
    message: (maxRows: number) => string,
    { productsWithinMs = REFUSED_WITHIN_MS } = {},
  ) {
    for (const [name, bytes, max, send] of [
      ['product import', files.products, IMPORT_MAX_ROWS, importProducts],
      ['lot import', files.lots, LOT_IMPORT_MAX_ROWS, importLots],
    ] as const) {
      const { answer, ms, worst } = await timed(`${attack}, ${name}`, () => send(bytes));
      expect(answer.status, name).toBe(status);
      expect(answer.body.message, name).toBe(message(max));
      expect(ms, name).toBeLessThan(send === importProducts ? productsWithinMs : REFUSED_WITHIN_MS);
      expect(worst, name).toBeLessThan(HEALTH_UNDER_MS);
    }
  }

  it('[COMPANY_ADMIN][REST][productImport, lots]: a 2.5 MB workbook of 1M numeric cells is 413 within a second on both imports', async () => {
    await refusedByBoth('1M cells', { products: files.million, lots: files.million }, 413, () =>
      messages.workspaceImport.tooManyColumns(SHEET_MAX_COLUMNS),
    );
  }, 60_000);

  it('[COMPANY_ADMIN][REST][productImport, lots]: 400,000 rows under a good header stop at the first row past the limit', async () => {
    // The product import takes 100,000 rows: reading them before the first one past is its own allowed
    // work (seconds, on the parsing pool's thread), bounded by the pool's deadline, not by a second.
    await refusedByBoth(
      '400,000 rows',
      { products: files.productRows, lots: files.lotRows },
      400,
      (max) => messages.workspaceImport.tooManyRows(max),
      { productsWithinMs: PARSE_DEADLINE_MS },
    );
  }, 60_000);

  it('[COMPANY_ADMIN][REST][productImport, lots]: an 8 kB workbook with one merged range A2:Z40000 is 413 within a second on both imports', async () => {
    const merged = {
      products: await mergedRangeXlsx('Tên sản phẩm', 'A2:Z40000'),
      lots: await mergedRangeXlsx('Mã lô', 'A2:Z40000'),
    };
    expect(merged.products.byteLength).toBeLessThan(8 * 1024);
    await refusedByBoth('merged A2:Z40000', merged, 413, (max) =>
      messages.workspaceImport.tooManyMergedCells(max + 1),
    );
  }, 60_000);

  it('[COMPANY_ADMIN][REST][epcis]: 20,000 distinct @context objects and 10,000 events are refused before the schema, within a second', async () => {
    const contexts = Array.from({ length: 20_000 }, (_, i) => ({ [`x${i}`]: `https://example.vn/${i}` }));
    const many = await timed('20,000 @context objects', () => importEpcis(epcisDoc([event], contexts)));
    expect(many.answer.status).toBe(400);
    expect(many.answer.body.message).toBe(
      messages.gs1.epcisInvalid('/@context', messages.gs1.epcisListTooLong(EPCIS_MAX_CONTEXTS)),
    );
    const events = Array.from({ length: 10_000 }, () => ({
      type: 'ObjectEvent',
      action: 'OBSERVE',
      eventTime: 'x',
    }));
    const flood = await timed('10,000 events', () => importEpcis(epcisDoc(events)));
    expect(flood.answer.status).toBe(400);
    expect(flood.answer.body.message).toBe(messages.gs1.epcisTooManyEvents(EPCIS_IMPORT_MAX_EVENTS));
    // A list within its bound but with two equal items is checked by hashing, not pairwise.
    const twice = await timed('repeated @context', () =>
      importEpcis(epcisDoc([event], [...contexts.slice(0, EPCIS_MAX_CONTEXTS - 1), contexts[0]])),
    );
    expect(twice.answer.status).toBe(400);
    expect(twice.answer.body.message).toMatch(/@context/);
    for (const { ms, worst } of [many, flood, twice]) {
      expect(ms).toBeLessThan(REFUSED_WITHIN_MS);
      expect(worst).toBeLessThan(HEALTH_UNDER_MS);
    }
  }, 60_000);

  it('[GUEST][REST][products]: a 12 kB HEIC declaring 7,000 x 7,000 (49 MP) is 413 from its header, within a second', async () => {
    const heic = Buffer.from(readFileSync(new URL('../../fixtures/photo-qr.heic', import.meta.url)));
    const at = heic.indexOf('ispe', 0, 'latin1');
    heic.writeUInt32BE(7_000, at + 8);
    heic.writeUInt32BE(7_000, at + 12);
    const { answer, ms, worst } = await timed('49 MP HEIC', () =>
      postFile(server.url, '/products/scan-qr', heic, 'IMG_0001.HEIC', {
        'x-forwarded-for': '198.51.100.49',
      }),
    );
    expect(answer.status).toBe(413);
    expect(answer.body.message).toBe(messages.scan.heifTooManyPixels(MAX_HEIF_PIXELS / 1_000_000));
    expect(ms).toBeLessThan(REFUSED_WITHIN_MS);
    expect(worst).toBeLessThan(HEALTH_UNDER_MS);
  }, 60_000);

  it("[GUEST][REST][products]: 16 large PNG scans from one address leave a thread for another address's small photo, and health under 250 ms", async () => {
    const big = new Uint8Array(await bigQrPng(code, 6300));
    const small = new Uint8Array(await QRCode.toBuffer(code, { width: 600 }));
    const storm = Promise.all(
      Array.from({ length: 16 }, () =>
        postFile(server.url, '/products/scan-qr', big, 'lon.png', { 'x-forwarded-for': '198.51.100.16' }),
      ),
    );
    // Once the storm holds the heavy thread and fills its queue, a small photo is still answered at once.
    await new Promise((r) => setTimeout(r, 300));
    const { answer: other, ms: otherMs } = await timed('small photo during the storm', () =>
      postFile(server.url, '/products/scan-qr', small, 'nho.png', { 'x-forwarded-for': '198.51.100.17' }),
    );
    expect(other.status).toBe(200);
    expect(other.body.data.id).toBe(productId);
    expect(otherMs).toBeLessThan(REFUSED_WITHIN_MS);
    const { answer: answers, worst } = await timed('16 large PNG scans', () => storm);
    for (const a of answers as { status: number; body: Json }[]) {
      expect([200, 503]).toContain(a.status);
      if (a.status === 503) expect(a.body.message).toBe(messages.scan.decodeBusy);
    }
    expect(worst).toBeLessThan(HEALTH_UNDER_MS);
  }, 120_000);

  it('[GUEST][REST][products]: 8 parallel scans of a 12 MP photo keep health under 250 ms', async () => {
    const qr = await QRCode.toBuffer(code, { width: 900 });
    const photo = new Uint8Array(
      await sharp({
        create: {
          width: 4032,
          height: 3024,
          channels: 3,
          background: '#8a8276',
          noise: { type: 'gaussian', mean: 120, sigma: 40 },
        },
      })
        .composite([{ input: qr, left: 1500, top: 1000 }])
        .jpeg({ quality: 95 })
        .toBuffer(),
    );
    const { answer: answers, worst } = await timed('8 scans of a 12 MP photo', () =>
      Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          postFile(server.url, '/products/scan-qr', photo, 'anh.jpg', {
            'x-forwarded-for': `198.51.100.${60 + i}`,
          }),
        ),
      ),
    );
    for (const a of answers) expect([200, 503]).toContain(a.status);
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThan(0);
    expect(worst).toBeLessThan(HEALTH_UNDER_MS);
  }, 120_000);

  it("after every attack, the server's memory is back within 50 MB of where it started", async () => {
    let rss = memoryOf(server).rss;
    // Given back while the server is idle: the collector's checks (every 2 s) and the pools' idle
    // retirement (5 s after their last job) run within this; what the allocator returns after them, later.
    const deadline = Date.now() + 45_000;
    while (rss - baseline >= RSS_BACK_WITHIN_MB && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 500));
      rss = memoryOf(server).rss;
    }
    rssLog.push(
      `after the attacks: RSS ${rss.toFixed(0)} MB (baseline ${baseline.toFixed(0)} MB, peak ${memoryOf(server).peak.toFixed(0)} MB)`,
    );
    expect(rss - baseline).toBeLessThan(RSS_BACK_WITHIN_MB);
  }, 60_000);
});
