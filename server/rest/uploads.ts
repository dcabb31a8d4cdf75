import { readUploadFile } from '#server/edge/upload-body.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import { type RestRoute, route } from './adapter.ts';

/** POST /api/uploads multipart `file` -> 201 { url }. */
export const uploadsRoutes: RestRoute[] = [
  route({
    method: 'post',
    path: '/uploads',
    status: 201,
    message: vi.scan.uploaded,
    body: 'multipart',
    input: (r) => readUploadFile(r.hono),
    call: (c, i) => c.uploads.create(i),
  }),
];
