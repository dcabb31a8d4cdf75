import type { Context, Hono } from 'hono';
import { vi } from '#shared/i18n/vi/index.ts';
import { IMPORT_TEMPLATE_FORMATS, type ImportTemplateFormat } from '#shared/schemas/productImport.ts';
import { readUploadFile } from '#server/http/upload-body.ts';
import { importTemplate, TEMPLATE_TYPES } from '#server/services/productImport/template.ts';
import { route, type RestRoute } from './adapter.ts';

/**
 * The multipart form's text fields (`dryRun`, `companyId`), read from a copy of the body taken before
 * readUploadFile consumes it (that reader caps the size first, so the copy is never larger). The query
 * string may carry them too (`?dryRun=true`).
 */
export async function formFields(c: Context) {
  const copy = c.req.raw.clone();
  const file = await readUploadFile(c);
  const form = await copy.formData().catch(() => null);
  const field = (name: string) => {
    const v = form?.get(name) ?? c.req.query(name);
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
    input: (r) => formFields(r.hono),
    call: (c, i) => c.productImport.run(i as never),
  }),
];

/**
 * GET /api/products/import/template.csv and .xlsx: the example file to fill in. Public (it holds no
 * data), and a real file download, so it is mounted beside the QR images rather than as a JSON adapter.
 */
export function mountImportTemplates(app: Hono): void {
  app.get('/api/products/import/:file{template\\.(csv|xlsx)}', async (c) => {
    const format = c.req.param('file').split('.')[1] as ImportTemplateFormat;
    if (!IMPORT_TEMPLATE_FORMATS.includes(format)) return c.notFound();
    const body = await importTemplate(format);
    c.header('Content-Type', TEMPLATE_TYPES[format]);
    c.header('Content-Disposition', `attachment; filename="mau-nhap-san-pham.${format}"`);
    c.header('Cache-Control', 'public, max-age=3600');
    return c.body(body as Uint8Array<ArrayBuffer>);
  });
}
