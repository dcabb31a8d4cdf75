import type { PlotGeometry, Position } from '#shared/plots/geometry.ts';
import type { PlotView } from '#shared/schemas/plots.ts';
import { callerFor } from '#tests/helpers/factories.ts';
import { coffeeChain } from '#tests/server/supply-chain/helpers.ts';

/** A square of `side` degrees at [lon, lat] (Đắk Lắk by default): closed, counter-clockwise, 6 decimals. */
export function square(side = 0.001, [lon, lat]: Position = [108.05, 12.68]): PlotGeometry {
  const r = (n: number) => Math.round(n * 1e6) / 1e6;
  return {
    type: 'Polygon',
    coordinates: [
      [
        [lon, lat],
        [r(lon + side), lat],
        [r(lon + side), r(lat + side)],
        [lon, r(lat + side)],
        [lon, lat],
      ],
    ],
  };
}

/** A ring of `n` positions around a circle (a plot surveyed point by point). */
export function circle(n: number, radius = 0.002, [lon, lat]: Position = [108.05, 12.68]): PlotGeometry {
  const ring: Position[] = Array.from({ length: n - 1 }, (_, i) => {
    const a = (2 * Math.PI * i) / (n - 1);
    return [
      Math.round((lon + radius * Math.cos(a)) * 1e6) / 1e6,
      Math.round((lat + radius * Math.sin(a)) * 1e6) / 1e6,
    ];
  });
  return { type: 'Polygon', coordinates: [[...ring, ring[0]!]] };
}

/** A saved plot as its form sends it back: the input's fields, its id and the version it read. */
export function editable(view: PlotView) {
  const { id, version, companyId, createdAt, updatedAt, areaHaGeodesic, warnings, ...rest } = view;
  return { id, version, rest };
}

/**
 * The coffee chain of the supply-chain tests (GREEN1 roasted into ROAST1, ground into GROUND1; company B
 * apart) with the plots API of each company's admin, and a way to link a lot to plots as the table holds it.
 */
export async function plotWorld() {
  const chain = await coffeeChain();
  const { api, p } = chain;
  const callerA = callerFor(api.deps, p.adminA);
  const callerB = callerFor(api.deps, p.adminB);
  const plot = (
    caller: typeof callerA,
    fields: Partial<Parameters<typeof callerA.plots.create>[0]> & { name: string },
  ) => caller.plots.create({ geometry: square(), ...fields });
  /** The lot's plots, set by its company's admin (PUT /lots/{id}/plots): the list replaces the lot's. */
  const link = (lotId: number, plotIds: number[], caller = callerA) =>
    caller.plots.setLotPlots({ lotId, plotIds });
  const page = async (id: number) => {
    const res = await api.call('GET', `/public/lots/${id}`);
    if (res.status !== 200) throw new Error(`/public/lots/${id}: ${res.status} ${res.text}`);
    return { lot: res.body.data.lot, text: res.text };
  };
  return { ...chain, callerA, callerB, plot, link, page };
}
