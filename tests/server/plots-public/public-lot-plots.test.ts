import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createApp } from '#server/app.ts';
import { PUBLIC_INPUT_PLOTS_MAX, PUBLIC_PLOTS_MAX } from '#server/db/public-answers/answers.ts';
import { PUBLIC_OUTLINE_MAX_POSITIONS } from '#shared/plots/public-outline.ts';
import type { PlotView } from '#shared/schemas/plots.ts';
import { atOnce, tables } from '#tests/helpers/deps.ts';
import { postFile } from '#tests/server/products/helpers.ts';
import { circle, editable, plotWorld, square } from './helpers.ts';

/**
 * Where a lot grew, on its public page (issue 34, decision 219): each plot's name, province, planting-area
 * and packing-house codes, crop, area and an outline drawn when it was saved; the producer's name only when
 * the company made it public; never the geometry's coordinates; bounded however many plots are linked.
 * Served from the kept answers, so every write below must reach the page through the change feed, on
 * either engine (atOnce: on PostgreSQL the instance hears its own write a moment after the commit).
 */
describe('[GUEST][REST][plots] the public lot page shows where the lot grew', () => {
  it('[GUEST][REST][plots]: lists the lot’s plots with their codes, area and outline, without the producer or the coordinates', async () => {
    const { api, lots, callerA, plot, link, page } = await plotWorld();
    // Kept before the plots exist: linking them must drop it.
    expect((await page(lots.ROAST1.id)).lot.plots).toEqual([]);
    const eaTu = await plot(callerA, {
      name: 'Lô đất Ea Tu 1',
      producerName: 'Hộ ông Y Bhin Niê',
      province: 'Đắk Lắk',
      plantingAreaCode: 'VN-DLK-0123',
      packingHouseCode: 'VN-DLK-PH-07',
      crop: 'Cà phê Robusta',
      areaHa: 1.2,
      geometry: square(0.001, [108.051234, 12.681234]),
    });
    const well = await plot(callerA, {
      name: 'Giếng Cư Kuin',
      producerName: 'Hộ bà H’Linh',
      province: 'Đắk Lắk',
      areaHa: 2,
      geometry: { type: 'Point', coordinates: [108.071234, 12.601234] },
    });
    await link(lots.ROAST1.id, [eaTu.id, well.id]);

    await atOnce(async () => {
      const { lot } = await page(lots.ROAST1.id);
      expect(lot.plots).toEqual([
        {
          id: eaTu.id,
          name: 'Lô đất Ea Tu 1',
          country: 'VN',
          province: 'Đắk Lắk',
          plantingAreaCode: 'VN-DLK-0123',
          packingHouseCode: 'VN-DLK-PH-07',
          crop: 'Cà phê Robusta',
          areaHa: 1.2,
          producerName: null,
          outline: expect.stringMatching(/^M\d/),
        },
        {
          id: well.id,
          name: 'Giếng Cư Kuin',
          country: 'VN',
          province: 'Đắk Lắk',
          plantingAreaCode: '',
          packingHouseCode: '',
          crop: '',
          // A whole hectare figure is written as JavaScript writes it on both engines.
          areaHa: 2,
          producerName: null,
          outline: expect.stringMatching(/^M\d/),
        },
      ]);
    });
    const { text } = await page(lots.ROAST1.id);
    for (const secret of ['Y Bhin', 'H’Linh', '108.05', '12.68', '108.07', 'coordinates'])
      expect(text).not.toContain(secret);
    // The tRPC query the app asks answers the same plots.
    const input = encodeURIComponent(JSON.stringify({ 0: { id: lots.ROAST1.id } }));
    const res = await api.app.request(`/api/trpc/lots.publicById?batch=1&input=${input}`);
    expect(res.status).toBe(200);
    const viaTrpc = (await res.json())[0].result.data.lot.plots as { name: string }[];
    expect(viaTrpc.map((p) => p.name)).toEqual(['Lô đất Ea Tu 1', 'Giếng Cư Kuin']);
  });

  it('[GUEST][REST][plots]: names the producer only once the company makes it public, and a plot’s edit reaches the page', async () => {
    const { lots, callerA, plot, link, page } = await plotWorld();
    const saved = await plot(callerA, {
      name: 'Vườn Buôn Ma Thuột',
      producerName: 'Hộ ông Nguyễn Văn Ba',
      province: 'Đắk Lắk',
      crop: 'Cà phê',
    });
    await link(lots.ROAST1.id, [saved.id]);
    await atOnce(async () => expect((await page(lots.ROAST1.id)).lot.plots[0].producerName).toBeNull());

    const { id, version, rest } = editable(saved);
    const shown = await callerA.plots.update({
      ...rest,
      id,
      version,
      producerPublic: true,
      crop: 'Cà phê Robusta',
    });
    await atOnce(async () => {
      const [p] = (await page(lots.ROAST1.id)).lot.plots;
      expect(p).toMatchObject({ producerName: 'Hộ ông Nguyễn Văn Ba', crop: 'Cà phê Robusta' });
    });

    // Private again, and moved: the page follows, the name is gone from its bytes.
    await callerA.plots.update({
      ...rest,
      id,
      version: shown.version,
      producerPublic: false,
      province: 'Lâm Đồng',
      geometry: square(0.002, [108.45, 11.94]),
    });
    await atOnce(async () => {
      const { lot, text } = await page(lots.ROAST1.id);
      expect(lot.plots[0]).toMatchObject({ producerName: null, province: 'Lâm Đồng' });
      expect(text).not.toContain('Nguyễn Văn Ba');
    });

    // Unlinked: off the page.
    await link(lots.ROAST1.id, []);
    await atOnce(async () => expect((await page(lots.ROAST1.id)).lot.plots).toEqual([]));
  });

  it('[GUEST][REST][plots]: a lot made from other lots shows where those grew, one step back', async () => {
    const { lots, callerA, plot, link, page, post } = await plotWorld();
    const farm = await plot(callerA, { name: 'Nương Ea H’Leo', province: 'Đắk Lắk' });
    await link(lots.GREEN1.id, [farm.id]);
    await post(`/lots/${lots.ROAST1.id}/inputs`, [{ lotId: lots.GREEN1.id, quantity: '1000', unit: 'KGM' }]);
    await atOnce(async () => {
      const { lot } = await page(lots.ROAST1.id);
      expect(lot.plots).toEqual([]);
      expect(lot.inputs).toEqual([
        expect.objectContaining({
          code: 'GREEN1',
          plots: [expect.objectContaining({ id: farm.id, name: 'Nương Ea H’Leo', province: 'Đắk Lắk' })],
        }),
      ]);
    });
    // The input lot's plot edited: the lot made from it follows.
    const { id, version, rest } = editable(farm);
    await callerA.plots.update({ ...rest, id, version, name: 'Nương Ea H’Leo 2' });
    await atOnce(async () =>
      expect((await page(lots.ROAST1.id)).lot.inputs[0].plots[0].name).toBe('Nương Ea H’Leo 2'),
    );
  });

  it('[GUEST][REST][plots]: another company’s plots never appear on a lot’s page, and cannot be linked to it', async () => {
    const { lots, callerA, callerB, plot, link, page } = await plotWorld();
    const own = await plot(callerA, { name: 'Lô của A' });
    const theirs = await plot(callerB, {
      name: 'Lô bí mật của B',
      producerName: 'Hộ B',
      producerPublic: true,
    });
    await link(lots.ROAST1.id, [own.id]);
    await link(lots.LOTB.id, [theirs.id], callerB);
    await expect(
      callerA.plots.setLotPlots({ lotId: lots.ROAST1.id, plotIds: [own.id, theirs.id] }),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(
      callerB.plots.setLotPlots({ lotId: lots.ROAST1.id, plotIds: [theirs.id] }),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await atOnce(async () => {
      const { lot, text } = await page(lots.ROAST1.id);
      expect(lot.plots.map((p: { name: string }) => p.name)).toEqual(['Lô của A']);
      expect(text).not.toContain('bí mật');
    });
  });

  it('[GUEST][REST][plots]: stays bounded: at most 12 plots of the lot, 6 of each input, and a bounded outline', async () => {
    const { api, lots, callerA, plot, link, page, post } = await plotWorld();
    expect(PUBLIC_PLOTS_MAX).toBe(12);
    expect(PUBLIC_INPUT_PLOTS_MAX).toBe(6);
    const many: PlotView[] = [];
    for (let i = 0; i < PUBLIC_PLOTS_MAX + 3; i++)
      many.push(await plot(callerA, { name: `Thửa ${String(i).padStart(2, '0')}` }));
    await link(
      lots.ROAST1.id,
      many.map((p) => p.id),
    );
    await link(
      lots.GREEN1.id,
      many.map((p) => p.id),
    );
    await post(`/lots/${lots.ROAST1.id}/inputs`, [{ lotId: lots.GREEN1.id, quantity: '1', unit: 'KGM' }]);
    // A plot surveyed point by point: its outline keeps the shape in a few positions.
    const surveyed = await plot(callerA, { name: 'Thửa đo đạc', geometry: circle(1900) });
    const { plots } = tables;
    const [row] = await api.deps.db
      .select({ outline: plots.outline })
      .from(plots)
      .where(eq(plots.id, surveyed.id));
    const positions = (row!.outline!.match(/[ML]/g) ?? []).length;
    expect(positions).toBeGreaterThan(8);
    expect(positions).toBeLessThanOrEqual(PUBLIC_OUTLINE_MAX_POSITIONS);
    expect(row!.outline!.length).toBeLessThan(PUBLIC_OUTLINE_MAX_POSITIONS * 11);
    await atOnce(async () => {
      const { lot } = await page(lots.ROAST1.id);
      expect(lot.plots.map((p: { name: string }) => p.name)).toEqual(
        many.slice(0, PUBLIC_PLOTS_MAX).map((p) => p.name),
      );
      expect(lot.inputs[0].plots).toHaveLength(PUBLIC_INPUT_PLOTS_MAX);
    });
  });

  it('[GUEST][REST][plots]: plots imported from a file carry their outline to the page, as a form’s do', async () => {
    const { api, p, lots, callerA, link, page } = await plotWorld();
    const file = new TextEncoder().encode(
      JSON.stringify({
        type: 'FeatureCollection',
        features: [
          { type: 'Feature', properties: { name: 'Thửa nhập 1' }, geometry: square() },
          { type: 'Feature', properties: { name: 'Thửa nhập 2' }, geometry: circle(200) },
          {
            type: 'Feature',
            properties: { name: 'Giếng nhập' },
            geometry: { type: 'Point', coordinates: [108.071234, 12.601234] },
          },
        ],
      }),
    );
    const done = await postFile(api, '/plots/import', file, 'vuon.geojson', p.tokens.adminA);
    expect(done.body.data, JSON.stringify(done.body)).toMatchObject({ created: 3, errors: [] });
    const { items } = await callerA.plots.list({});
    await link(
      lots.ROAST1.id,
      items.map((i) => i.id),
    );
    await atOnce(async () => {
      const plots = (await page(lots.ROAST1.id)).lot.plots as { name: string; outline: string }[];
      expect(plots).toHaveLength(3);
      for (const plot of plots) expect(plot.outline, plot.name).toMatch(/^M\d/);
      const big = plots.find((x) => x.name === 'Thửa nhập 2')!;
      expect((big.outline.match(/[ML]/g) ?? []).length).toBeLessThanOrEqual(PUBLIC_OUTLINE_MAX_POSITIONS);
    });
  });

  it('[GUEST][page][plots]: the lot page arrives server-rendered with its plots, each outline an image named for its plot', async () => {
    const { api, lots, callerA, plot, link } = await plotWorld();
    const dir = join(api.deps.settings.dataDir, 'client');
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'index.html'),
      '<!doctype html><html lang="vi"><head><title>Truy xuất nguồn gốc</title><script type="module" src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>',
    );
    const app = createApp(api.deps, { clientDir: dir });
    const html = async () => {
      const res = await app.request(`/lots/${lots.ROAST1.id}`);
      const raw = Buffer.from(await res.arrayBuffer());
      return res.headers.get('content-encoding') === 'gzip' ? gunzipSync(raw).toString() : raw.toString();
    };
    // Kept before the lot has plots (and the renderer loaded): the link must drop the kept page.
    expect(await html()).not.toContain('id="lot-plots-title"');
    const saved = await plot(callerA, {
      name: 'Lô đất Ea Tu 1',
      producerName: 'Hộ ông Y Bhin Niê',
      plantingAreaCode: 'VN-DLK-0123',
      province: 'Đắk Lắk',
    });
    await link(lots.ROAST1.id, [saved.id]);
    await atOnce(async () => {
      const page = await html();
      expect(page).toContain('id="lot-plots-title"');
      expect(page).toContain('Mã số vùng trồng');
      expect(page).toContain('VN-DLK-0123');
      expect(page).toMatch(/<svg[^>]*role="img"[^>]*aria-label="Sơ đồ ranh giới vùng trồng Lô đất Ea Tu 1"/);
      expect(page).not.toContain('Y Bhin');
    });
  });
});
