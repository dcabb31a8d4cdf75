import { describe, expect, it } from 'vitest';
import { AppError } from '#server/errors.ts';
import { eudrFeatureCollection } from '#server/services/plots/eudr.ts';
import type { PlotRow } from '#server/services/plots/plots.ts';
import { plots as plotMessages } from '#shared/i18n/vi/plots.ts';
import { postFile } from '#tests/server/products/helpers.ts';
import { coffeeChain } from '#tests/server/supply-chain/helpers.ts';
import { plotBody, square } from './helpers.ts';

async function setup() {
  const chain = await coffeeChain();
  const { api, p } = chain;
  const create = async (body: unknown, token = p.tokens.adminA) => {
    const res = await api.call('POST', '/plots', { token, body });
    if (res.status !== 201) throw new Error(`POST /plots: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data;
  };
  return { ...chain, create };
}

describe('[COMPANY_ADMIN][REST][plots] farm plots', () => {
  it('[COMPANY_ADMIN][REST][plots]: create, read, list, update at its version, delete', async () => {
    const { api, p, create } = await setup();
    const plot = await create(plotBody('Rẫy A'));
    expect(plot).toMatchObject({ name: 'Rẫy A', country: 'VN', version: 1, producerPublic: false });
    expect(plot.areaHaGeodesic).toBeGreaterThan(1.1);
    expect(plot.areaHaGeodesic).toBeLessThan(1.3);
    const got = await api.call('GET', `/plots/${plot.id}`, { token: p.tokens.employeeA });
    expect(got.body.data.geometry).toEqual(square(108.123456, 12.654321));
    const list = await api.call('GET', '/plots?q=ray', { token: p.tokens.adminA });
    expect(list.body.data.items.map((i: { id: number }) => i.id)).toEqual([plot.id]);
    expect(list.body.data.nextCursor).toBeNull();

    const updated = await api.call('PUT', `/plots/${plot.id}`, {
      token: p.tokens.adminA,
      body: { ...plotBody('Rẫy A2'), version: 1 },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.data).toMatchObject({ name: 'Rẫy A2', version: 2 });
    const stale = await api.call('PUT', `/plots/${plot.id}`, {
      token: p.tokens.adminA,
      body: { ...plotBody('Rẫy A3'), version: 1 },
    });
    expect(stale.status).toBe(409);

    const gone = await api.call('DELETE', `/plots/${plot.id}`, { token: p.tokens.adminA });
    expect(gone.status).toBe(200);
    expect((await api.call('GET', `/plots/${plot.id}`, { token: p.tokens.adminA })).status).toBe(404);
  });

  it('[COMPANY_ADMIN][REST][plots]: the list pages by cursor in name order', async () => {
    const { api, p, create } = await setup();
    for (const name of ['Thửa 3', 'Thửa 1', 'Thửa 2']) await create(plotBody(name));
    const first = await api.call('GET', '/plots?limit=2', { token: p.tokens.adminA });
    expect(first.body.data.items.map((i: { name: string }) => i.name)).toEqual(['Thửa 1', 'Thửa 2']);
    const next = await api.call('GET', `/plots?limit=2&cursor=${first.body.data.nextCursor}`, {
      token: p.tokens.adminA,
    });
    expect(next.body.data.items.map((i: { name: string }) => i.name)).toEqual(['Thửa 3']);
    expect(next.body.data.nextCursor).toBeNull();
    const bad = await api.call('GET', '/plots?cursor=xyz', { token: p.tokens.adminA });
    expect(bad.status).toBe(400);
  });

  it('[COMPANY_ADMIN][REST][plots]: each geometry fault is a 400 naming the plot', async () => {
    const { api, p } = await setup();
    const faults: Record<string, unknown> = {
      swapped: { type: 'Point', coordinates: [12.654321, 108.123456] },
      unclosed: {
        type: 'Polygon',
        coordinates: [
          [
            [108.1, 12.6],
            [108.101, 12.6],
            [108.101, 12.601],
            [108.1, 12.601],
          ],
        ],
      },
      crossing: {
        type: 'Polygon',
        coordinates: [
          [
            [108.1, 12.6],
            [108.101, 12.601],
            [108.101, 12.6],
            [108.1, 12.601],
            [108.1, 12.6],
          ],
        ],
      },
      bigPoint: { type: 'Point', coordinates: [108.123456, 12.654321] },
      missing: undefined,
      line: {
        type: 'LineString',
        coordinates: [
          [108.1, 12.6],
          [108.2, 12.7],
        ],
      },
    };
    for (const [name, geometry] of Object.entries(faults)) {
      const body = { ...plotBody(name), geometry, ...(name === 'bigPoint' ? { areaHa: 5 } : {}) };
      const res = await api.call('POST', '/plots', { token: p.tokens.adminA, body });
      expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.message).toMatch(new RegExp(`^Vùng trồng «${name}»: `));
    }
    const mismatch = await api.call('POST', '/plots', {
      token: p.tokens.adminA,
      body: plotBody('lệch', { areaHa: 3 }),
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toMatch(/^Vùng trồng «lệch»: /);
    const negative = await api.call('POST', '/plots', {
      token: p.tokens.adminA,
      body: plotBody('âm', { areaHa: -1 }),
    });
    expect(negative.status).toBe(400);
    const list = await api.call('GET', '/plots', { token: p.tokens.adminA });
    expect(list.body.data.items).toEqual([]);
  });

  it('[COMPANY_ADMIN][REST][plots]: another company sees none of its plots or lots (404), nor a producer name', async () => {
    const { api, p, lots, create } = await setup();
    const plot = await create(plotBody('Rẫy riêng', { producerName: 'Nguyễn Văn Bí Mật' }));
    const b = p.tokens.adminB;
    expect((await api.call('GET', `/plots/${plot.id}`, { token: b })).status).toBe(404);
    expect(
      (await api.call('PUT', `/plots/${plot.id}`, { token: b, body: { ...plotBody('x'), version: 1 } }))
        .status,
    ).toBe(404);
    expect((await api.call('DELETE', `/plots/${plot.id}`, { token: b })).status).toBe(404);
    const listB = await api.call('GET', '/plots', { token: b });
    expect(listB.status).toBe(200);
    expect(listB.text).not.toContain('Bí Mật');
    expect((await api.call('GET', `/lots/${lots.GREEN1.id}/plots`, { token: b })).status).toBe(404);
    expect(
      (await api.call('PUT', `/lots/${lots.GREEN1.id}/plots`, { token: b, body: { plotIds: [plot.id] } }))
        .status,
    ).toBe(404);
    // B's own lot, A's plot: the plot answers as a missing one.
    const mixed = await api.call('PUT', `/lots/${lots.LOTB.id}/plots`, {
      token: b,
      body: { plotIds: [plot.id] },
    });
    expect(mixed.status).toBe(404);
    expect((await api.call('GET', `/lots/${lots.GREEN1.id}/eudr.geojson`, { token: b })).status).toBe(404);
    expect((await api.call('GET', `/lots/${lots.GREEN1.id}/eudr.csv`, { token: b })).status).toBe(404);
    expect((await api.call('GET', `/lots/${lots.GREEN1.id}/eudr`, { token: b })).status).toBe(404);
    expect((await api.call('GET', '/plots')).status).toBe(401);
  });

  it('[COMPANY_ADMIN][REST][plots]: a lot made from other lots inherits their plots; a linked plot is not deleted', async () => {
    const { api, p, lots, create, post } = await setup();
    const green = await create(plotBody('Vườn xanh'));
    const roast = await create(plotBody('Vườn rang', { geometry: square(108.2, 12.7) }));
    const own = await create(
      plotBody('Vườn riêng', { geometry: { type: 'Point', coordinates: [108.3, 12.8] } }),
    );
    await post(`/lots/${lots.ROAST1.id}/inputs`, [{ lotId: lots.GREEN1.id, quantity: 1000, unit: 'KGM' }]);
    await post(`/lots/${lots.GROUND1.id}/inputs`, [{ lotId: lots.ROAST1.id, quantity: 800, unit: 'KGM' }]);
    const put = async (lotId: number, plotIds: number[]) => {
      const res = await api.call('PUT', `/lots/${lotId}/plots`, {
        token: p.tokens.adminA,
        body: { plotIds },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data;
    };
    await put(lots.GREEN1.id, [green.id]);
    await put(lots.ROAST1.id, [roast.id, green.id]);
    const ground = await put(lots.GROUND1.id, [own.id]);
    expect(ground.plots.map((x: { id: number }) => x.id)).toEqual([own.id]);
    const inherited = ground.inherited.map((i: { plot: { id: number }; viaLotCode: string }) => [
      i.plot.id,
      i.viaLotCode,
    ]);
    // Each plot once, by the nearest lot: the green plot is ROAST1's too.
    expect(inherited.sort()).toEqual(
      [
        [green.id, 'ROAST1'],
        [roast.id, 'ROAST1'],
      ].sort(),
    );
    expect(ground.truncated).toBe(false);

    const refused = await api.call('DELETE', `/plots/${green.id}`, { token: p.tokens.adminA });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(plotMessages.inUse('Vườn xanh', 2));
    await put(lots.ROAST1.id, [roast.id]);
    const read = await api.call('GET', `/lots/${lots.GROUND1.id}/plots`, { token: p.tokens.employeeA });
    expect(
      read.body.data.inherited.find((i: { plot: { id: number } }) => i.plot.id === green.id).viaLotCode,
    ).toBe('GREEN1');
  });

  it('[COMPANY_ADMIN][REST][plots]: the EUDR GeoJSON reads back as the EU system wants it, and the CSV', async () => {
    const { api, p, lots, create, post } = await setup();
    const poly = await create(plotBody('Lô rẫy lớn', { producerName: 'Y Niê', producerPublic: false }));
    const point = await create(
      plotBody('Vườn nhỏ', { geometry: { type: 'Point', coordinates: [108.5, 12.5] }, areaHa: 0.8 }),
    );
    await post(`/lots/${lots.ROAST1.id}/inputs`, [{ lotId: lots.GREEN1.id, quantity: 1000, unit: 'KGM' }]);
    await api.call('PUT', `/lots/${lots.GREEN1.id}/plots`, {
      token: p.tokens.adminA,
      body: { plotIds: [poly.id] },
    });
    await api.call('PUT', `/lots/${lots.ROAST1.id}/plots`, {
      token: p.tokens.adminA,
      body: { plotIds: [point.id] },
    });

    const empty = await api.call('GET', `/lots/${lots.GROUND1.id}/eudr.geojson`, { token: p.tokens.adminA });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(plotMessages.eudr.noPlots);

    const res = await api.call('GET', `/lots/${lots.ROAST1.id}/eudr.geojson`, { token: p.tokens.adminA });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/geo+json');
    expect(res.headers.get('content-disposition')).toContain('eudr-ROAST1.geojson');
    const doc = JSON.parse(res.text);
    expect(doc.type).toBe('FeatureCollection');
    expect(doc.features).toHaveLength(2);
    for (const f of doc.features) {
      expect(f.type).toBe('Feature');
      expect(Object.keys(f.properties).sort()).toEqual([
        'Area',
        'ProducerCountry',
        'ProducerName',
        'ProductionPlace',
      ]);
      expect(f.properties.ProducerCountry).toBe('VN');
      const positions: number[][] =
        f.geometry.type === 'Point' ? [f.geometry.coordinates] : f.geometry.coordinates.flat();
      for (const [lon, lat] of positions) {
        // [longitude, latitude]: Vietnam's longitudes are past 100, its latitudes under 24.
        expect(lon).toBeGreaterThan(100);
        expect(lat).toBeLessThan(24);
      }
      if (f.geometry.type === 'Polygon')
        for (const ring of f.geometry.coordinates) {
          expect(ring.length).toBeGreaterThanOrEqual(4);
          expect(ring[ring.length - 1]).toEqual(ring[0]);
        }
      // The 4 ha rule: a point stands only for a plot of 4 ha or less.
      if (f.geometry.type === 'Point') expect(f.properties.Area).toBeLessThanOrEqual(4);
    }
    const polyFeature = doc.features.find((f: { id: number }) => f.id === poly.id);
    // Not public, yet in the file: it is for the importer's due-diligence statement.
    expect(polyFeature.properties.ProducerName).toBe('Y Niê');
    expect(polyFeature.properties.ProductionPlace).toBe('Lô rẫy lớn, Đắk Lắk');
    expect(polyFeature.properties.Area).toBeCloseTo(poly.areaHaGeodesic, 3);
    // Every coordinate written with six decimals or more.
    const numbers =
      res.text
        .match(/"coordinates":[^}]*/g)
        ?.join('')
        .match(/-?\d+(\.\d+)?/g) ?? [];
    expect(numbers.length).toBeGreaterThan(0);
    for (const n of numbers) expect(n.split('.')[1]?.length ?? 0).toBeGreaterThanOrEqual(6);

    const saved = await api.call('PUT', `/lots/${lots.ROAST1.id}/eudr`, {
      token: p.tokens.adminA,
      body: {
        ddsReference: '25VNABCD123456',
        ddsVerification: 'XK9P2M7Q',
        hsCode: '090121',
        description: 'Cà phê rang, chưa khử caffeine',
        netMassKg: '19200.5',
        productionFrom: '2025-11-01',
        productionTo: '2026-01-31',
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ ddsReference: '25VNABCD123456', plotCount: 2, hsCode: '090121' });
    const backwards = await api.call('PUT', `/lots/${lots.ROAST1.id}/eudr`, {
      token: p.tokens.adminA,
      body: { productionFrom: '2026-02-01', productionTo: '2026-01-31' },
    });
    expect(backwards.status).toBe(400);
    expect(
      (
        await api.call('PUT', `/lots/${lots.ROAST1.id}/eudr`, {
          token: p.tokens.adminA,
          body: { hsCode: '09' },
        })
      ).status,
    ).toBe(400);

    const csv = await api.call('GET', `/lots/${lots.ROAST1.id}/eudr.csv`, { token: p.tokens.adminA });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const [header, line] = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(header).toContain(plotMessages.eudr.csv.hsCode);
    expect(line).toContain('090121');
    expect(line).toContain('19200.5');
    expect(line).toContain('2025-11-01');
    expect(line).toContain('Công ty Cà phê Đắk Lắk');
    expect(line).toContain('25VNABCD123456');
    expect(line).toContain([poly.id, point.id].sort((a, b) => a - b).join(' '));
  });

  it('[plots]: a GeoJSON past the bound is refused with a clear message, before it is all written', () => {
    const row = {
      id: 1,
      name: 'Rẫy',
      province: '',
      producerName: '',
      country: 'VN',
      areaHa: null,
      areaHaGeodesic: 1.2,
      geometry: JSON.stringify(square(108.1, 12.6)),
    } as unknown as PlotRow;
    const rows = Array.from({ length: 100 }, (_, i) => ({ ...row, id: i + 1 }));
    expect(() => eudrFeatureCollection(rows, 4096)).toThrow(AppError);
    try {
      eudrFeatureCollection(rows, 2 * 1024 * 1024 - 1);
      eudrFeatureCollection(rows, 4096);
    } catch (err) {
      expect((err as AppError).message).toBe(plotMessages.eudr.tooLarge(0));
      expect((err as AppError).status).toBe(400);
    }
    expect(JSON.parse(eudrFeatureCollection(rows)).features).toHaveLength(100);
  });

  it('[COMPANY_ADMIN][REST][plots]: of two updates from one version, one wins', async () => {
    const { api, p, create } = await setup();
    const plot = await create(plotBody('Tranh chấp'));
    const answers = await Promise.all(
      ['Bản 1', 'Bản 2'].map((name) =>
        api.call('PUT', `/plots/${plot.id}`, {
          token: p.tokens.adminA,
          body: { ...plotBody(name), version: 1 },
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const read = await api.call('GET', `/plots/${plot.id}`, { token: p.tokens.adminA });
    expect(read.body.data.version).toBe(2);
  });
});

describe('[COMPANY_ADMIN][REST][plots] import', () => {
  const featureCollection = (features: unknown[]) =>
    new TextEncoder().encode(JSON.stringify({ type: 'FeatureCollection', features }));
  const feature = (name: string, geometry: unknown) => ({ type: 'Feature', properties: { name }, geometry });

  it('[COMPANY_ADMIN][REST][plots]: all plots or none, the faults listed', async () => {
    const { api, p } = await setup();
    const bad = featureCollection([
      feature('Tốt 1', square(108.1, 12.6)),
      feature('Đảo', { type: 'Point', coordinates: [12.6, 108.1] }),
      feature('Tốt 2', square(108.2, 12.6)),
    ]);
    const refused = await postFile(api, '/plots/import', bad, 'vuon.geojson', p.tokens.adminA);
    expect(refused.status, JSON.stringify(refused.body)).toBe(200);
    expect(refused.body.data.created).toBe(0);
    expect(refused.body.data.errors).toHaveLength(1);
    expect(refused.body.data.errors[0]).toMatch(/^Đối tượng 2: /);
    expect((await api.call('GET', '/plots', { token: p.tokens.adminA })).body.data.items).toEqual([]);

    const good = featureCollection([
      feature('Tốt 1', square(108.1, 12.6)),
      feature('Tốt 2', square(108.2, 12.6)),
    ]);
    const dry = await postFile(api, '/plots/import?dryRun=true', good, 'vuon.geojson', p.tokens.adminA);
    expect(dry.body.data).toMatchObject({ dryRun: true, total: 2, created: 0, errors: [] });
    const done = await postFile(api, '/plots/import', good, 'vuon.geojson', p.tokens.adminA);
    expect(done.body.data).toMatchObject({ dryRun: false, total: 2, created: 2, errors: [] });
    const items = (await api.call('GET', '/plots', { token: p.tokens.adminA })).body.data.items;
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({
      name: 'Tốt 1',
      producerPublic: false,
      country: 'VN',
      areaHa: null,
      version: 1,
      geometry: square(108.1, 12.6),
      warnings: [],
    });
    expect(items[0].areaHaGeodesic).toBeGreaterThan(1);
    expect(Date.parse(items[0].createdAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await api.call('GET', '/plots', { token: p.tokens.adminB })).body.data.items).toHaveLength(0);
  });

  it('[COMPANY_ADMIN][REST][plots]: CSV with lat/lon columns and KML files import too', async () => {
    const { api, p } = await setup();
    const csv = new TextEncoder().encode('name,lat,lon,province\nVườn CSV,12.654321,108.123456,Đắk Lắk\n');
    const fromCsv = await postFile(api, '/plots/import', csv, 'vuon.csv', p.tokens.adminA);
    expect(fromCsv.body.data, JSON.stringify(fromCsv.body)).toMatchObject({ created: 1, errors: [] });
    const kml = new TextEncoder().encode(
      '<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document><Placemark><name>Vườn KML</name><Point><coordinates>108.223456,12.754321,0</coordinates></Point></Placemark></Document></kml>',
    );
    const fromKml = await postFile(api, '/plots/import', kml, 'vuon.kml', p.tokens.adminA);
    expect(fromKml.body.data, JSON.stringify(fromKml.body)).toMatchObject({ created: 1, errors: [] });
    const items = (await api.call('GET', '/plots', { token: p.tokens.adminA })).body.data.items;
    expect(items.map((i: { name: string; geometry: unknown }) => [i.name, i.geometry])).toEqual([
      ['Vườn CSV', { type: 'Point', coordinates: [108.123456, 12.654321] }],
      ['Vườn KML', { type: 'Point', coordinates: [108.223456, 12.754321] }],
    ]);
    const badCsv = new TextEncoder().encode('name,lat,lon\nA,12.6,108.1\nB,abc,108.1\n');
    const refused = await postFile(api, '/plots/import', badCsv, 'vuon.csv', p.tokens.adminA);
    expect(refused.body.data.created).toBe(0);
    expect(refused.body.data.errors[0]).toMatch(/^Dòng 3/);
  });

  it('[REST][plots]: anonymous callers and files past PLOT_IMPORT_MAX_BYTES are refused', async () => {
    const { api, p } = await setup();
    const body = featureCollection([feature('Tốt', square(108.1, 12.6))]);
    expect((await postFile(api, '/plots/import', body, 'a.geojson')).status).toBe(401);
    // Refused before the body is read: a declared length past the bound would otherwise be 413.
    const declared = await api.call('POST', '/plots/import', {
      raw: 'x',
      headers: {
        'content-type': 'multipart/form-data; boundary=b',
        'content-length': String(200 * 1024 * 1024),
      },
    });
    expect(declared.status).toBe(401);
    const big = new Uint8Array(50 * 1024 * 1024 + 1).fill(32);
    expect((await postFile(api, '/plots/import', big, 'big.geojson', p.tokens.adminA)).status).toBe(413);
    const zip = new Uint8Array([0x50, 0x4b, 3, 4, 20, 0, 0, 0]);
    const unknown = await postFile(api, '/plots/import', zip, 'vuon.kmz', p.tokens.adminA);
    expect(unknown.status).toBe(400);
  });
});
