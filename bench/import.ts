/**
 * Import of 10,000 products with three timeline steps each (30,000 rows) from a CSV file, through the
 * real path: POST /api/products/import (multipart) as a COMPANY_ADMIN, on a fresh data directory.
 * Times the preview (dryRun=true) and the import itself, from the request to the answer. Goal: < 10 s.
 *
 *   npx tsx bench/import.ts [--port 3904] [--engine sqlite|pg]
 */
import { IMPORT_COLUMNS } from '#shared/schemas/productImport.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import { addAccounts, login } from './lib/accounts.ts';
import { ensureClientBuilt } from './lib/app.ts';
import { engineArg, startAppOn } from './lib/pg-dataset.ts';
import { loadAverage } from './lib/machine.ts';

const PORT = Number(process.argv[process.argv.indexOf('--port') + 1]) || 3904;
const PRODUCTS = 10_000;
const GOAL_S = 10;
const ADMIN = { email: 'import-admin@example.vn', password: 'Import-admin-2026' };

const PLACES = ['Buôn Ma Thuột, Đắk Lắk', 'Bảo Lộc, Lâm Đồng', 'Phú Quốc, Kiên Giang', 'Mộc Châu, Sơn La'];
const KINDS = ['Cà phê', 'Mật ong', 'Hạt tiêu', 'Trà'];

/** The template's columns by their API names (the import accepts them as headers), one product per key. */
export function importCsv(products: number): Uint8Array {
  const rows: string[][] = [[...IMPORT_COLUMNS]];
  for (let i = 1; i <= products; i++) {
    const key = `SP${i}`;
    const kind = KINDS[i % KINDS.length]!;
    const place = PLACES[i % PLACES.length]!;
    rows.push([
      key,
      `${kind} nhập lô ${i}`,
      'Đang hoạt động',
      kind,
      'Gói',
      'hữu cơ, đặc sản',
      place,
      '',
      'Thu hoạch',
      place,
      '2025-01-10',
      'Hái chín bằng tay',
    ]);
    rows.push([key, '', '', '', '', '', '', '', 'Sơ chế', place, '10/02/2025', '']);
    rows.push([
      key,
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      'Đóng gói',
      'TP. Hồ Chí Minh',
      '2025-02-15',
      'Túi 500 g, hút chân không',
    ]);
  }
  return new TextEncoder().encode(`\uFEFF${Papa.unparse(rows)}\r\n`);
}

async function post(base: string, token: string, file: Uint8Array, dryRun: boolean) {
  const form = new FormData();
  form.set('file', new Blob([file as Uint8Array<ArrayBuffer>], { type: 'text/csv' }), 'san-pham.csv');
  form.set('dryRun', String(dryRun));
  const started = performance.now();
  const res = await fetch(`${base}/api/products/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await res.json()) as {
    message?: string;
    data?: { imported: number; productCount: number; stepCount: number; errorCount: number };
  };
  const seconds = (performance.now() - started) / 1000;
  if (!res.ok) throw new Error(`import answered ${res.status}: ${body.message}`);
  return { seconds, ...body.data! };
}

export interface ImportFigures {
  mb: number;
  previewSeconds: number;
  importSeconds: number;
  imported: number;
  steps: number;
}

export async function runImport(): Promise<ImportFigures> {
  ensureClientBuilt();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-import-'));
  await addAccounts(join(dataDir, 'app.db'), [{ ...ADMIN, role: 'COMPANY_ADMIN', companyId: 1 }], {
    name: 'Hợp tác xã Cà phê Ea Tu',
  });
  const file = importCsv(PRODUCTS);
  // 30,000 rows are ~3 MB; the upload limit is raised so the file size is never what is measured.
  const app = await startAppOn(engineArg(process.argv.slice(2)), dataDir, PORT, { UPLOAD_MAX_BYTES: String(64 * 1024 * 1024) });
  try {
    const token = await login(app.base, ADMIN);
    console.log(
      `import: ${PRODUCTS} products, ${PRODUCTS * 3} rows, ${(file.byteLength / 1e6).toFixed(1)} MB CSV (load ${loadAverage()})`,
    );
    const preview = await post(app.base, token, file, true);
    console.log(
      `  preview (dryRun): ${preview.seconds.toFixed(2)} s, ${preview.productCount} products, ${preview.stepCount} steps, ${preview.errorCount} errors`,
    );
    const done = await post(app.base, token, file, false);
    console.log(
      `  import:           ${done.seconds.toFixed(2)} s, ${done.imported} products, ${done.stepCount} steps  ${done.seconds < GOAL_S ? 'goal met' : `goal missed by ${(done.seconds - GOAL_S).toFixed(1)} s`}`,
    );
    if (done.imported !== PRODUCTS) throw new Error(`imported ${done.imported}, expected ${PRODUCTS}`);
    return {
      mb: file.byteLength / 1e6,
      previewSeconds: preview.seconds,
      importSeconds: done.seconds,
      imported: done.imported,
      steps: done.stepCount,
    };
  } finally {
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runImport();
