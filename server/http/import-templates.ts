import type { Hono } from 'hono';
import { importTemplate, TEMPLATE_TYPES } from '#server/services/productImport/template.ts';
import { IMPORT_TEMPLATE_FORMATS, type ImportTemplateFormat } from '#shared/schemas/productImport.ts';

/**
 * GET /api/products/import/template.csv and .xlsx: the example file to fill in. Public (it holds no
 * data) and a real file download, not a procedure's JSON answer: an http route beside the QR images,
 * so that every REST path stays an adapter over a procedure.
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
