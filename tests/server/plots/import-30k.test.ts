import { describe, expect, it } from 'vitest';
import { engine } from '#tests/helpers/deps.ts';
import { createTestApi } from '#tests/helpers/http.ts';
import { people, postFile } from '#tests/server/products/helpers.ts';

/** Issue 34's bound for thirty thousand plots (decision 218; figures: bench/RESULTS.md). */
const BOUND_MS = 10_000;
const PLOTS = 30_000;

/** A GeoJSON file of `n` small square plots spread over Đắk Lắk, six decimals each. */
function plotFile(n: number): Uint8Array {
  const features: string[] = [];
  for (let i = 0; i < n; i++) {
    const lon = 108 + (i % 200) * 0.002;
    const lat = 12.5 + Math.floor(i / 200) * 0.002;
    const d = 0.0009;
    const ring = [
      [lon, lat],
      [lon + d, lat],
      [lon + d, lat + d],
      [lon, lat + d],
      [lon, lat],
    ].map(([x, y]) => `[${(x as number).toFixed(6)},${(y as number).toFixed(6)}]`);
    features.push(
      `{"type":"Feature","properties":{"name":"Thửa ${i + 1}","producerName":"Hộ ${i + 1}","province":"Đắk Lắk"},"geometry":{"type":"Polygon","coordinates":[[${ring.join(',')}]]}}`,
    );
  }
  return new TextEncoder().encode(`{"type":"FeatureCollection","features":[${features.join(',')}]}`);
}

describe(`[COMPANY_ADMIN][REST][plots] an import of ${PLOTS} plots (${engine})`, () => {
  it(`[COMPANY_ADMIN][REST][plots]: thirty thousand plots are checked and written in under 10 s on ${engine}`, async () => {
    const api = await createTestApi();
    const p = await people(api.deps);
    const file = plotFile(PLOTS);
    const start = performance.now();
    const res = await postFile(api, '/plots/import', file, 'vuon.geojson', p.tokens.adminA);
    const ms = performance.now() - start;
    expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
    expect(res.body.data).toMatchObject({ created: PLOTS, errors: [] });
    console.log(
      `plot import: ${PLOTS} plots, ${(file.byteLength / 1e6).toFixed(1)} MB, ${Math.round(ms)} ms (${engine})`,
    );
    if (engine === 'sqlite') expect(ms).toBeLessThan(BOUND_MS);
    const list = await api.call('GET', '/plots?limit=1', { token: p.tokens.adminA });
    expect(list.body.data.items).toHaveLength(1);
  }, 120_000);
});
