import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { describe, expect, it } from 'vitest';
import { projectPath } from '#server/paths.ts';
import { createTestApi } from '#tests/helpers/http.ts';
import { makeProduct, people } from './helpers.ts';

describe('[COMPANY_ADMIN][REST][products] codes are case-insensitive', () => {
  it("a case variant cannot squat another company's code, and a code typed in capitals reaches the owner's product", async () => {
    const api = await createTestApi();
    const p = await people(api.deps);
    const productA = await makeProduct(
      api.deps,
      p.companyA.id,
      { name: 'Sản phẩm của A', status: 'ACTIVE' },
      [],
      'racntajkj2za',
    );

    const squat = await api.call('POST', '/products', {
      token: p.tokens.adminB,
      body: { name: 'Giả mạo', qr_code: 'RACNTAJKJ2ZA', status: 'ACTIVE' },
    });
    expect(squat.status).toBe(409);
    const check = await api.call('POST', '/products/check-qr-code', {
      token: p.tokens.adminB,
      body: { qr_code: 'RacNtajkj2za' },
    });
    expect(check.body.data).toEqual({ available: false });

    for (const code of ['RACNTAJKJ2ZA', 'Racntajkj2za']) {
      const scan = await api.call('GET', `/products/qr-codes/${code}`);
      expect(scan.status).toBe(200);
      expect(scan.body.data.id).toBe(productA.id);
      const link = await api.call('GET', `/shortLinks/${code}`);
      expect(link.body.data).toMatchObject({ code: 'racntajkj2za', productId: productA.id });
    }
  });

  it('a code typed in capitals is stored folded', async () => {
    const api = await createTestApi();
    const p = await people(api.deps);
    const made = await api.call('POST', '/products', {
      token: p.tokens.adminA,
      body: { name: 'Cà phê', qr_code: 'CAPHE-LO-01' },
    });
    expect(made.status).toBe(201);
    expect(made.body.data.qr_code).toBe('caphe-lo-01');
    const again = await api.call('POST', '/products', {
      token: p.tokens.adminA,
      body: { name: 'Cà phê 2', qr_code: 'caphe-LO-01' },
    });
    expect(again.status).toBe(409);
  });
});

describe('[database] migration 0006 folds the codes already stored', () => {
  it('folds every code; of two codes differing by case the oldest keeps it and the later becomes <code>-<id>', () => {
    const dir = mkdtempSync(join(tmpdir(), 'txng-fold-'));
    try {
      const before = join(dir, 'drizzle');
      cpSync(projectPath('drizzle'), before, { recursive: true });
      const journal = JSON.parse(readFileSync(join(before, 'meta/_journal.json'), 'utf8'));
      const fold = journal.entries.findIndex((e: { tag: string }) => e.tag.endsWith('fold-codes'));
      journal.entries = journal.entries.slice(0, fold);
      writeFileSync(join(before, 'meta/_journal.json'), JSON.stringify(journal));

      const sqlite = new Database(join(dir, 'app.db'));
      migrate(drizzle(sqlite), { migrationsFolder: before });
      sqlite.exec(`
        INSERT INTO companies (id, name, created_at, updated_at) VALUES (1, 'A', 0, 0), (2, 'B', 0, 0);
        INSERT INTO products (id, company_id, name, qr_code, created_at, updated_at)
          VALUES (1, 1, 'A', 'racntajkj2za', 0, 0), (2, 2, 'B', 'RACNTAJKJ2ZA', 0, 0), (3, 2, 'C', 'CaPhe-01', 0, 0);
        INSERT INTO short_links (id, code, company_id, product_id, created_at)
          VALUES (1, 'racntajkj2za', 1, 1, 0), (2, 'RACNTAJKJ2ZA', 2, 2, 0), (3, 'CaPhe-01', 2, 3, 0), (4, 'LoHang-7', 1, NULL, 0);
      `);
      migrate(drizzle(sqlite), { migrationsFolder: projectPath('drizzle') });
      expect(sqlite.prepare('SELECT id, qr_code FROM products ORDER BY id').all()).toEqual([
        { id: 1, qr_code: 'racntajkj2za' },
        { id: 2, qr_code: 'racntajkj2za-2' },
        { id: 3, qr_code: 'caphe-01' },
      ]);
      expect(sqlite.prepare('SELECT id, code, product_id FROM short_links ORDER BY id').all()).toEqual([
        { id: 1, code: 'racntajkj2za', product_id: 1 },
        { id: 2, code: 'racntajkj2za-2', product_id: 2 },
        { id: 3, code: 'caphe-01', product_id: 3 },
        { id: 4, code: 'lohang-7', product_id: null },
      ]);
      // Unique on the folded form, even for a write that forgot to fold.
      expect(() =>
        sqlite
          .prepare("INSERT INTO short_links (code, company_id, created_at) VALUES ('LOHANG-7', 2, 0)")
          .run(),
      ).toThrow(/UNIQUE/);
      sqlite.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
