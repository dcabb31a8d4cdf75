import type { Context } from 'hono';
import { readUploadForm } from '#server/edge/upload-body.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import { type RestRoute, route } from './adapter.ts';

/** The file, and the form's text fields (`dryRun`, `companyId`); the query string may carry them too (`?dryRun=true`). */
export async function formFields(c: Context) {
  const { file, fields } = await readUploadForm(c);
  const field = (name: string) => {
    const v = fields.get(name) ?? c.req.query(name);
    return typeof v === 'string' && v !== '' ? v : undefined;
  };
  const dryRun = field('dryRun');
  const companyId = field('companyId');
  return {
    ...file,
    // 'true' / 'false' only; anything else reaches the schema as text and is refused there (400).
    dryRun: dryRun === 'true' ? true : dryRun === 'false' || dryRun === undefined ? false : dryRun,
    ...(companyId !== undefined ? { companyId } : {}),
  };
}

/** POST /api/products/import multipart `file` + `dryRun=true|false` -> the preview, or the import. */
export const productImportRoutes: RestRoute[] = [
  route({
    method: 'post',
    path: '/products/import',
    message: vi.workspaceImport.done,
    body: 'multipart',
    input: (r) => formFields(r.hono),
    call: (c, i) => c.productImport.run(i as never),
  }),
];
