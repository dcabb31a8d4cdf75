import { SERIAL_VERDICT_PATH } from '#server/edge/api-paths.ts';
import { browserIdOf } from '#server/edge/browser-id.ts';
import { memberMarkOf } from '#server/edge/member-cookie.ts';
import { readUploadForm } from '#server/edge/upload-body.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import { type RestRoute, route } from './adapter.ts';

/**
 * A serialized code's public answers and the company's suspects (issue 32, decisions 206-208): thin
 * adapters over the `serials` procedures. `/serials/suspects` before `/serials/:serial`, which would take it.
 */
export const serialVerdictRoutes: RestRoute[] = [
  route({
    method: 'get',
    path: '/serials/suspects',
    input: (r) => r.query,
    call: (c, i) => c.serials.suspects(i as never),
  }),
  route({
    method: 'get',
    path: '/serials/reports',
    input: (r) => r.query,
    call: (c, i) => c.serials.listReports(i as never),
  }),
  route({
    method: 'put',
    path: '/serials/settings',
    message: vi.serialVerdict.thresholdSaved,
    input: (r) => r.json(),
    call: (c, i) => c.serials.setSuspectThreshold(i),
  }),
  route({
    method: 'get',
    path: SERIAL_VERDICT_PATH,
    input: (r) => ({ serial: r.params.serial ?? '' }),
    call: (c, i) => c.serials.verdict(i),
  }),
  // The page's consent button: this browser's open, with the province of the phone's position.
  route({
    method: 'post',
    path: '/serials/:serial/open',
    input: async (r) => ({
      ...(await r.json()),
      serial: r.params.serial,
      browserId: browserIdOf(r.hono),
      ...memberMarkOf(r.hono),
    }),
    call: (c, i) => c.serials.open(i),
  }),
  route({
    method: 'post',
    path: '/serials/:serial/verify',
    message: (a) => (a as { message: string }).message,
    input: async (r) => ({ ...(await r.json()), serial: r.params.serial }),
    call: (c, i) => c.serials.verifyPin(i as never),
  }),
  // Multipart: `file` (the photo), `shopName`, `note`, and `productId` for a code never issued.
  route({
    method: 'post',
    path: '/serials/:serial/reports',
    status: 201,
    message: vi.serialVerdict.reportSent,
    body: 'multipart',
    input: async (r) => {
      const { file, fields } = await readUploadForm(r.hono);
      const field = (name: string) => fields.get(name) || undefined;
      return {
        serial: r.params.serial,
        shopName: fields.get('shopName') ?? '',
        note: fields.get('note') ?? '',
        photo: file.bytes,
        ...(field('productId') ? { productId: field('productId') } : {}),
        ...(field('lat') && field('lon') ? { lat: field('lat'), lon: field('lon') } : {}),
      };
    },
    call: (c, i) => c.serials.reportFake(i as never),
  }),
];
