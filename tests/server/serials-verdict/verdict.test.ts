import { afterEach, describe, expect, it, vi as vitest } from 'vitest';
import { openSerial } from '#server/services/serials/verdict.ts';
import { serialItemPath } from '#shared/serials.ts';
import { fileForm } from '#tests/server/products/helpers.ts';
import { GTIN, insertBatch, serialOf, serialWorld } from './helpers.ts';
import { COUNTING_MODES } from './modes.ts';

afterEach(() => {
  vitest.useRealTimers();
});

const dl = (serial: string, lot = 'L2026') => serialItemPath({ gtin: GTIN, lotCode: lot, serial });

// A 1×1 PNG.
const PNG = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
);

// Every rule holds both ways an open is counted (decision 230): each open written at once, and kept items
// with their opens buffered (the server's way), written by the dashboard's read or a flush.
describe.each(COUNTING_MODES)('$name', ({ env: modeEnv }) => {
  const world = (env: Record<string, string> = {}) => serialWorld({ ...modeEnv, ...env });

  describe("[PUBLIC][serials] the verdict of an item's page", () => {
    it('[PUBLIC][serials]: first, then seen (when and how many times); the JSON reads without counting', async () => {
      const w = await world();
      const s = w.a.codes[0]!;
      expect(await w.json(s)).toMatchObject({ verdict: 'FIRST', count: 0, firstVerifiedAt: null });
      const first = await w.open(dl(s));
      expect(first.status).toBe(200);
      expect(first.verdict).toBe('FIRST');
      expect(first.html).toContain('Bạn là người đầu tiên xác thực sản phẩm này');
      expect(first.html).toContain('Cà phê rang xay Ea Tu');
      // The verdict comes before the product.
      expect(first.html.indexOf('data-verdict')).toBeLessThan(first.html.indexOf('Cà phê rang xay Ea Tu'));
      expect(first.headers.get('cache-control')).toBe('no-store');
      expect(first.headers.get('x-robots-tag')).toBe('noindex');
      expect(first.headers.get('set-cookie')).toBeNull();
      // The page's script carries the product as drawn, so the page keeps showing it once its script runs.
      const embedded = JSON.parse(/id="serial-verdict">([^<]*)</.exec(first.html)?.[1] ?? 'null');
      expect(embedded.about).toEqual({
        name: { text: 'Cà phê rang xay Ea Tu', vietnamese: false },
        companyName: { text: w.p.companyA.name, vietnamese: false },
        active: true,
        languages: [],
      });
      // The verdict JSON is the contract's, without it.
      expect((await w.json(s)).about).toBeUndefined();
      // Reading the JSON any number of times counts nothing.
      for (let i = 0; i < 3; i++) await w.json(s);
      const second = await w.open(dl(s));
      expect(second.verdict).toBe('SEEN');
      expect(second.html).toContain('2 lần');
      const j = await w.json(s);
      expect(j).toMatchObject({ verdict: 'SEEN', count: 2, firstProvince: null });
      expect(Date.parse(j.firstVerifiedAt)).toBeGreaterThan(Date.now() - 60_000);
    });

    it('[PUBLIC][serials]: the short path of a product without a GTIN, and a new browser gets its cookie', async () => {
      const w = await world();
      const s = w.short.codes[0]!;
      expect(serialItemPath({ gtin: null, lotCode: null, serial: s })).toBe(`/s/${s}`);
      const res = await w.api.app.request(`/s/${s}`, {
        headers: { 'user-agent': 'Mozilla/5.0 (iPhone) Mobile' },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('set-cookie')).toMatch(/^txng_b=[A-Za-z0-9_-]{16,}/);
      expect(await res.text()).toContain('data-verdict="FIRST"');
    });

    it('[PUBLIC][serials]: a guessed serial of the right shape is not issued, never the product, whatever the GTIN', async () => {
      const w = await world();
      const guess = serialOf('QQQQQQ', 7);
      for (const path of [dl(guess), `/01/${GTIN}/21/${guess}`, `/s/${guess}`, `/s/not-a-serial`]) {
        const r = await w.open(path);
        expect(r.status, path).toBe(404);
        expect(r.verdict).toBe('NOT_ISSUED');
        expect(r.html).toContain('Mã không hợp lệ');
        expect(r.html).not.toContain('Cà phê rang xay Ea Tu');
      }
      // An issued serial under another product's GTIN is not that item either.
      const r = await w.open(`/01/09501101530003/21/${w.a.codes[0]}`);
      expect(r.verdict).toBe('NOT_ISSUED');
      expect(r.html).not.toContain('Cà phê rang xay Ea Tu');
      // Nor under another lot; and neither counts an open of the real item.
      const wrongLot = await w.open(dl(w.a.codes[0]!, 'OTHERLOT'));
      expect(wrongLot.verdict).toBe('NOT_ISSUED');
      expect(wrongLot.html).not.toContain('Cà phê rang xay Ea Tu');
      expect((await w.json(w.a.codes[0]!)).count).toBe(0);
      expect((await w.open(`/01/${GTIN}/21/${w.a.codes[0]}`)).verdict).toBe('FIRST');
      expect((await w.json(guess)).verdict).toBe('NOT_ISSUED');
      expect((await w.api.call('GET', '/serials/x')).body.data.verdict).toBe('NOT_ISSUED');
      // A serial of another shape under a GTIN with serialized codes is a fake too.
      expect((await w.open(`/01/${GTIN}/10/L2026/21/S9`)).verdict).toBe('NOT_ISSUED');
      // The resolver keeps its linksets, and the /21/ paths of products without serialized codes.
      const linkset = await w.api.app.request(`${dl(w.a.codes[0]!)}?linkType=linkset`);
      expect(linkset.headers.get('content-type')).toContain('application/linkset+json');
      const { makeProduct } = await import('#tests/server/products/helpers.ts');
      await makeProduct(w.api.deps, w.p.companyA.id, {
        name: 'Trà',
        status: 'ACTIVE',
        gtin: '09501101530003',
      });
      expect((await w.api.app.request('/01/09501101530003/21/S9')).status).toBe(307);
    });

    it('[PUBLIC][serials]: a voided range and a voided batch say so, and are not counted', async () => {
      const w = await world();
      const { serialVoids, serialBatches } = w.api.deps.db.tables;
      await w.api.deps.db
        .insert(serialVoids)
        .values({ batchId: w.a.batch.id, companyId: w.p.companyA.id, fromSeq: 3, toSeq: 5 });
      expect((await w.open(dl(w.a.codes[3]!))).verdict).toBe('VOID');
      expect((await w.open(dl(w.a.codes[5]!))).verdict).toBe('FIRST');
      const j = await w.json(w.a.codes[3]!);
      expect(j).toMatchObject({ verdict: 'VOID', count: 0 });
      const { eq } = await import('drizzle-orm');
      await w.api.deps.db
        .update(serialBatches)
        .set({ voidedAt: new Date() })
        .where(eq(serialBatches.id, w.short.batch.id));
      const r = await w.open(`/s/${w.short.codes[0]}`);
      expect(r.verdict).toBe('VOID');
      expect(r.html).toContain('Mã đã bị hủy');
      // The right PIN of a voided item is refused, naming the serial (the page words it in its language).
      const pin = await w.api.call('POST', `/serials/${w.a.codes[3]}/verify`, {
        body: { pin: w.a.pin(w.a.codes[3]!) },
      });
      expect(pin.status).toBe(400);
      expect(pin.body.errors).toEqual({ serial: 'Mã đã bị hủy' });
    });

    it('[PUBLIC][serials]: a recalled lot shows its recall banner', async () => {
      const w = await world();
      await w.setRecall('Nhiễm nấm mốc');
      const r = await w.open(dl(w.a.codes[0]!));
      expect(r.verdict).toBe('RECALLED');
      expect(r.html).toContain('Lô hàng này đã bị thu hồi');
      expect(r.html).toContain('Nhiễm nấm mốc');
      expect(await w.json(w.a.codes[0]!)).toMatchObject({
        verdict: 'RECALLED',
        recall: { lotCode: 'L2026', reason: 'Nhiễm nấm mốc' },
      });
    });
  });

  describe('[PUBLIC][serials] suspect rules', () => {
    it('[PUBLIC][serials]: three opens in 24 hours are suspect', async () => {
      const w = await world();
      const s = w.a.codes[0]!;
      expect((await w.open(dl(s))).verdict).toBe('FIRST');
      expect((await w.open(dl(s))).verdict).toBe('SEEN');
      const third = await w.open(dl(s));
      expect(third.verdict).toBe('SUSPECT');
      expect(third.html).toContain('Quét từ 3 lần trở lên trong 24 giờ');
    });

    it('[PUBLIC][serials]: counted more than the company threshold is suspect, days apart', async () => {
      const w = await world();
      const set = await w.api.call('PUT', '/serials/settings', {
        token: w.p.tokens.adminA,
        body: { threshold: 2 },
      });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      // An employee may not change it.
      expect(
        (
          await w.api.call('PUT', '/serials/settings', {
            token: w.p.tokens.employeeA,
            body: { threshold: 9 },
          })
        ).status,
      ).toBe(403);
      vitest.useFakeTimers({ toFake: ['Date'] });
      const s = w.a.codes[1]!;
      const start = Date.now();
      for (let day = 0; day < 3; day++) {
        vitest.setSystemTime(start + day * 26 * 3600_000);
        await w.open(dl(s));
      }
      const j = await w.json(s);
      expect(j).toMatchObject({ verdict: 'SUSPECT', suspectReason: 'COUNT', count: 3 });
    });

    it('[PUBLIC][serials]: two provinces far apart within 2 hours are suspect; near ones are not', async () => {
      const w = await world({ SERIAL_PROVINCE_HEADER: 'X-Province' });
      const s = w.a.codes[2]!;
      await w.open(dl(s), { headers: { 'x-province': 'Ha Noi' } });
      expect((await w.open(dl(s), { headers: { 'x-province': 'Bac Ninh' } })).verdict).toBe('SEEN');
      const t = w.a.codes[3]!;
      await w.open(dl(t), { headers: { 'x-province': 'Ha Noi' } });
      const far = await w.open(dl(t), { headers: { 'x-province': encodeURIComponent('TP. Hồ Chí Minh') } });
      expect(far.verdict).toBe('SUSPECT');
      expect(await w.json(t)).toMatchObject({
        suspectReason: 'FAR',
        firstProvince: 'Hà Nội',
        firstProvinceApproximate: true,
      });
    });
  });

  describe('[PUBLIC][serials] counting', () => {
    it('[PUBLIC][serials]: once per browser per 10 minutes (a fake clock)', async () => {
      const w = await world();
      vitest.useFakeTimers({ toFake: ['Date'] });
      const s = w.a.codes[4]!;
      const start = Date.now();
      await w.open(dl(s), { browser: 'same-browser-aaaaaaaa' });
      vitest.setSystemTime(start + 9 * 60_000);
      const again = await w.open(dl(s), { browser: 'same-browser-aaaaaaaa' });
      // Still this browser's own first verification.
      expect(again.verdict).toBe('FIRST');
      expect((await w.json(s)).count).toBe(1);
      vitest.setSystemTime(start + 10 * 60_000 + 1000);
      await w.open(dl(s), { browser: 'same-browser-aaaaaaaa' });
      expect((await w.json(s)).count).toBe(2);
    });

    it("[PUBLIC][serials]: the recent opens are kept bounded: an item's opens older than 30 days go", async () => {
      const w = await world();
      vitest.useFakeTimers({ toFake: ['Date'] });
      const s = w.a.codes[9]!;
      const start = Date.now();
      await w.open(dl(s));
      await w.open(dl(s));
      vitest.setSystemTime(start + 31 * 24 * 3600_000);
      await w.open(dl(s));
      await w.api.deps.serialItems.flush();
      const { serialOpens } = w.api.deps.db.tables;
      expect(await w.api.deps.db.select().from(serialOpens)).toHaveLength(1);
      expect((await w.json(s)).count).toBe(3);
    });

    it("[PUBLIC][serials]: bots and the company's signed-in members do not count; another company's do", async () => {
      const w = await world();
      const s = w.a.codes[5]!;
      await w.open(dl(s), { ua: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
      await w.open(dl(s), { ua: 'curl/8.5.0' });
      await w.open(dl(s), { ua: '' });
      await w.api.app.request(dl(s), {
        method: 'HEAD',
        headers: { 'user-agent': 'Mozilla/5.0 (iPhone) Mobile' },
      });
      await w.open(dl(s), { token: w.p.tokens.adminA });
      await w.open(dl(s), { token: w.p.tokens.employeeA });
      expect((await w.json(s)).count).toBe(0);
      await w.open(dl(s), { token: w.p.tokens.adminB });
      expect((await w.json(s)).count).toBe(1);
      // The app's open (tRPC, with the member's session) does not count either.
      const member = await w.api.call('POST', `/serials/${s}/open`, {
        token: w.p.tokens.adminA,
        body: {},
        headers: { 'user-agent': 'Mozilla/5.0 (iPhone) Mobile', cookie: 'txng_b=member-browser-aaaaaa' },
      });
      expect(member.status, JSON.stringify(member.body)).toBe(200);
      expect((await w.json(s)).count).toBe(1);
    });

    it('[PUBLIC][serials]: 20 parallel opens from 20 browsers count 20; 20 from one browser count 1', async () => {
      const w = await world();
      const ua = 'Mozilla/5.0 (iPhone) Mobile';
      const base = { userAgent: ua, viewerCompanyId: null, province: null, approximate: true };
      const many = w.a.codes[6]!;
      await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          openSerial(w.api.deps, { ...base, serial: many, browserId: `parallel-browser-${i}-xxxx` }),
        ),
      );
      expect((await w.json(many)).count).toBe(20);
      const one = w.a.codes[7]!;
      await Promise.all(
        Array.from({ length: 20 }, () =>
          openSerial(w.api.deps, { ...base, serial: one, browserId: 'one-browser-xxxxxxxx' }),
        ),
      );
      expect((await w.json(one)).count).toBe(1);
      // Through the page too.
      const page = w.a.codes[8]!;
      await Promise.all(Array.from({ length: 20 }, () => w.open(dl(page))));
      expect((await w.json(page)).count).toBe(20);
    });
  });

  describe('[PUBLIC][serials] the scratch-off PIN', () => {
    it('[PUBLIC][serials]: the first right PIN activates, later ones say when; parallel right PINs activate once', async () => {
      const w = await world();
      const s = w.a.codes[10]!;
      const first = await w.api.call('POST', `/serials/${s}/verify`, { body: { pin: w.a.pin(s) } });
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body.message).toBe('Sản phẩm chính hãng, vừa được kích hoạt');
      expect(first.body.data.activatedNow).toBe(true);
      const later = await w.api.call('POST', `/serials/${s}/verify`, { body: { pin: w.a.pin(s) } });
      expect(later.body.data).toMatchObject({
        activatedNow: false,
        activatedAt: first.body.data.activatedAt,
      });
      expect(later.body.message).toMatch(/đã được kích hoạt lúc/);
      expect((await w.json(s)).activatedAt).toBe(first.body.data.activatedAt);

      const t = w.a.codes[11]!;
      const all = await Promise.all(
        Array.from({ length: 5 }, () =>
          w.api.call('POST', `/serials/${t}/verify`, { body: { pin: w.a.pin(t) } }),
        ),
      );
      expect(all.filter((r) => r.body.data?.activatedNow === true)).toHaveLength(1);
      // A batch without PINs has none to verify.
      const none = await w.api.call('POST', `/serials/${w.short.codes[0]}/verify`, {
        body: { pin: '123456' },
      });
      expect(none.status).toBe(400);
    });

    it('[PUBLIC][serials]: wrong PINs are limited per serial, parallel ones too; the right one is then refused as well', async () => {
      const w = await world();
      const s = w.a.codes[12]!;
      const right = w.a.pin(s);
      const wrong = right === '000000' ? '111111' : '000000';
      const answers = await Promise.all(
        Array.from({ length: 12 }, () =>
          w.api.call('POST', `/serials/${s}/verify`, { body: { pin: wrong } }),
        ),
      );
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((x) => x === 400)).toHaveLength(5);
      expect(statuses.filter((x) => x === 429)).toHaveLength(7);
      expect(answers.find((a) => a.status === 429)?.headers.get('retry-after')).toBeTruthy();
      expect((await w.api.call('POST', `/serials/${s}/verify`, { body: { pin: right } })).status).toBe(429);
      expect((await w.json(s)).activatedAt).toBeNull();
      // Malformed PINs are the schema's 400 before any count.
      expect(
        (await w.api.call('POST', `/serials/${w.a.codes[13]}/verify`, { body: { pin: 'abc' } })).status,
      ).toBe(400);
    });

    it('[PUBLIC][serials]: wrong PINs are limited per address across serials', async () => {
      const w = await world();
      let refused = 0;
      for (let i = 14; i < 36; i++) {
        const s = w.a.codes[i]!;
        const wrong = w.a.pin(s) === '000000' ? '111111' : '000000';
        const r = await w.api.call('POST', `/serials/${s}/verify`, { body: { pin: wrong } });
        if (r.status === 429) refused++;
      }
      expect(refused).toBe(2);
    });
  });

  describe('[PUBLIC][serials] privacy (Law 91/2025)', () => {
    it('[PUBLIC][serials]: only a province is kept: no address, no position, no User-Agent, the browser hashed', async () => {
      const w = await world({ SERIAL_PROVINCE_HEADER: 'X-Province', TRUST_PROXY: '1' });
      const s = w.a.codes[0]!;
      const ip = '203.113.152.77';
      const browser = 'privacy-browser-abcdefgh';
      await w.open(dl(s), { browser, headers: { 'x-forwarded-for': ip, 'x-province': 'Da Nang' } });
      // The visitor shares the phone's position: Buôn Ma Thuột.
      const lat = 12.682714;
      const lon = 108.047513;
      const shared = await w.api.call('POST', `/serials/${s}/open`, {
        body: { lat, lon },
        headers: {
          cookie: `txng_b=${browser}`,
          'x-forwarded-for': ip,
          'user-agent': 'Mozilla/5.0 (iPhone) Mobile',
        },
      });
      expect(shared.status, JSON.stringify(shared.body)).toBe(200);
      expect(shared.body.data).toMatchObject({
        firstProvince: 'Đắk Lắk',
        firstProvinceApproximate: false,
        count: 1,
      });
      const form = fileForm(PNG, 'a.png', 'image/png');
      form.append('shopName', 'Tạp hóa Minh');
      form.append('lat', String(lat));
      form.append('lon', String(lon));
      const report = await w.api.call('POST', `/serials/${s}/reports`, {
        raw: form,
        headers: { 'x-forwarded-for': ip },
      });
      expect(report.status, JSON.stringify(report.body)).toBe(201);
      await w.api.deps.serialItems.flush();
      const { serialStates, serialOpens, serialReports } = w.api.deps.db.tables;
      const rows = [
        ...(await w.api.deps.db.select().from(serialStates)),
        ...(await w.api.deps.db.select().from(serialOpens)),
        ...(await w.api.deps.db.select().from(serialReports)),
      ];
      expect(rows.length).toBe(3);
      const text = JSON.stringify(rows);
      expect(text).not.toContain(ip);
      expect(text).not.toContain('203.113');
      expect(text).not.toContain('12.68');
      expect(text).not.toContain('108.04');
      expect(text).not.toContain(browser);
      expect(text).not.toContain('iPhone');
      expect(text).toContain('Đắk Lắk');
    });
  });

  describe('[COMPANY_ADMIN][serials] reports and suspects, per company', () => {
    it('[PUBLIC][serials]: anyone reports a fake with a photo checked by its bytes; bounded per address', async () => {
      const w = await world();
      const s = w.a.codes[0]!;
      const post = (
        bytes: Uint8Array,
        shop = 'Tạp hóa Minh',
        extra: Record<string, string> = {},
        serial = s,
      ) => {
        const form = fileForm(bytes, 'x.png', 'image/png');
        form.append('shopName', shop);
        form.append('note', 'Bao bì mờ');
        for (const [k, v] of Object.entries(extra)) form.append(k, v);
        return w.api.call('POST', `/serials/${serial}/reports`, {
          raw: form,
          headers: { 'x-forwarded-for': '1.2.3.4' },
        });
      };
      expect((await post(PNG)).status).toBe(201);
      expect((await post(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).status).toBe(
        415,
      );
      expect((await post(PNG, '')).status).toBe(400);
      // A serial never issued, reported from the product it claimed to be.
      const guess = serialOf('QQQQQQ', 9);
      expect((await post(PNG, 'Chợ đêm', {}, guess)).status).toBe(404);
      expect((await post(PNG, 'Chợ đêm', { productId: String(w.product.id) }, guess)).status).toBe(201);
      const list = await w.api.call('GET', '/serials/reports', { token: w.p.tokens.employeeA });
      expect(list.status).toBe(200);
      expect(
        list.body.data.items.map((r: { serial: string; issued: boolean }) => [r.serial, r.issued]),
      ).toEqual([
        [guess, false],
        [s, true],
      ]);
      expect(list.body.data.items[1].photo).toMatch(/^\/uploads\/[A-Za-z0-9_-]+\.png$/);
      // Company B sees none of A's.
      expect(
        (await w.api.call('GET', '/serials/reports', { token: w.p.tokens.adminB })).body.data.items,
      ).toEqual([]);
      // Visitors may not read them.
      expect((await w.api.call('GET', '/serials/reports')).status).toBe(401);
      let limited = 0;
      for (let i = 0; i < 12; i++) if ((await post(PNG)).status === 429) limited++;
      expect(limited).toBeGreaterThan(0);
    });

    it("[COMPANY_ADMIN][serials]: the dashboard lists its own suspect items and provinces, never another company's", async () => {
      const w = await world({ SERIAL_PROVINCE_HEADER: 'X-Province' });
      for (let i = 0; i < 3; i++) await w.open(dl(w.a.codes[0]!), { headers: { 'x-province': 'Hue' } });
      for (let i = 0; i < 3; i++) await w.open(`/s/${w.b.codes[0]}`);
      const a = await w.api.call('GET', '/serials/suspects', { token: w.p.tokens.adminA });
      expect(a.status, JSON.stringify(a.body)).toBe(200);
      expect(a.body.data.items.map((i: { serial: string }) => i.serial)).toEqual([w.a.codes[0]]);
      expect(a.body.data.items[0]).toMatchObject({
        productName: 'Cà phê rang xay Ea Tu',
        suspectReason: 'BURST',
        count: 3,
      });
      expect(a.body.data.byProvince).toEqual([{ province: 'Huế', opens: 3 }]);
      expect(a.body.data.threshold).toBe(5);
      const b = await w.api.call('GET', '/serials/suspects', { token: w.p.tokens.adminB });
      expect(b.body.data.items.map((i: { serial: string }) => i.serial)).toEqual([w.b.codes[0]]);
      expect(b.body.data.byProvince).toEqual([{ province: null, opens: 3 }]);
      expect((await w.api.call('GET', '/serials/suspects', { token: w.p.tokens.user })).status).toBe(403);
      expect((await w.api.call('GET', '/serials/suspects')).status).toBe(401);
    });
  });

  void insertBatch;

  describe('[PUBLIC][serials] provinces', () => {
    it('[PUBLIC][serials]: a position maps to the nearest of the 34 centres; a header name to one of them', async () => {
      const { nearestProvince, provinceDistanceKm, provinceFromName, PROVINCE_CENTRES } = await import(
        '#shared/province-centres.ts'
      );
      const { VIETNAM_PROVINCES } = await import('#shared/provinces.ts');
      expect(Object.keys(PROVINCE_CENTRES).sort()).toEqual([...VIETNAM_PROVINCES].sort());
      expect(nearestProvince(21.0285, 105.8542)).toBe('Hà Nội');
      expect(nearestProvince(10.7769, 106.7009)).toBe('TP. Hồ Chí Minh');
      expect(nearestProvince(16.0544, 108.2022)).toBe('Đà Nẵng');
      expect(nearestProvince(48.85, 2.35)).toBeNull();
      expect(provinceDistanceKm('Hà Nội', 'TP. Hồ Chí Minh')).toBeGreaterThan(1000);
      expect(provinceDistanceKm('Hà Nội', 'Bắc Ninh')).toBeLessThan(300);
      expect(provinceFromName('Ho Chi Minh')).toBe('TP. Hồ Chí Minh');
      expect(provinceFromName('dak lak')).toBe('Đắk Lắk');
      expect(provinceFromName('Quang Nam')).toBeNull();
    });
  });
});
