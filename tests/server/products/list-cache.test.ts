import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDb } from '#server/db/client.ts';
import type { AppDeps } from '#server/deps.ts';
import { createProductLists, listProducts } from '#server/services/products/list.ts';
import { searchWords } from '#server/services/products/search.ts';
import { PRODUCT_SORT_FIELDS, productListInput } from '#shared/schemas/products.ts';
import { engine, tables } from '#tests/helpers/deps.ts';
import { callerFor, createCompany } from '#tests/helpers/factories.ts';
import { createTestApi } from '#tests/helpers/http.ts';
import { makeProduct, people } from './helpers.ts';

const { products } = tables;

/**
 * The list keeps totals and a search's ordered ids per version of the products (decision 073), and
 * names the driving index of a cross-company page (INDEXED BY). These prove the answers are those of
 * the list's rules applied to every row in memory, whatever was kept before, after writes through the
 * API and writes the process never saw (another connection), and for every shape of filter, sort,
 * order, scope and page. Nothing here is SQLite's own but the file shared by two connections.
 */

const KINDS = ['Cà phê', 'Trà', 'Mật ong', null] as const;

/** Three companies with products of every kind and status, and dates that do not follow the ids. */
async function fill(deps: AppDeps, companyIds: number[]) {
  let i = 0;
  for (const companyId of companyIds) {
    for (let k = 0; k < 14; k++, i++) {
      const kind = KINDS[i % KINDS.length];
      const made = await makeProduct(deps, companyId, {
        name: `${kind ?? 'Hạt điều'} ${['Robusta', 'Shan tuyết', 'hoa cà phê', 'Đắk Lắk'][(i * 7) % 4]} ${i % 5}`,
        category: kind,
        status: i % 3 === 0 ? 'INACTIVE' : 'ACTIVE',
        origin: i % 2 ? 'Đắk Lắk' : 'Hà Giang',
      });
      // Dates in another order than the ids, with ties, so the sorts' tiebreakers matter.
      await deps.db
        .update(products)
        .set({
          createdAt: new Date(1700000000000 + ((made.id * 37) % 11) * 1000),
          updatedAt: new Date(1700000000000 + ((made.id * 13) % 7) * 1000),
        })
        .where(eq(products.id, made.id));
    }
  }
}

/** Byte order of text (UTF-8), NULL below every value: how the list sorts on either engine (decision 164). */
const compareValues = (a: string | number | null, b: string | number | null) => {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return Buffer.compare(Buffer.from(String(a)), Buffer.from(String(b)));
};

/**
 * The same page by the list's rules over every row in memory: the filters, every folded word of the
 * search starting a word of search_text (an FTS5 prefix term), the sort's keys then the id.
 */
async function reference(deps: AppDeps, companyId: number | null, raw: Record<string, unknown>) {
  const input = productListInput.parse(raw);
  const words = searchWords(input.search);
  const rows = (await deps.db.select().from(products)).filter(
    (r) =>
      (companyId === null || r.companyId === companyId) &&
      (!input.status || r.status === input.status) &&
      (!input.category || r.category === input.category) &&
      words.every((w) => r.searchText.split(/[^\p{L}\p{N}]+/u).some((token) => token.startsWith(w))),
  );
  const keys = (r: (typeof rows)[number]): (string | number | null)[] => {
    const sortBy = {
      name: [r.nameSort],
      createdAt: [r.createdAt.getTime()],
      updatedAt: [r.updatedAt.getTime()],
      status: [r.status],
      category: [r.category, r.createdAt.getTime()],
    }[input.sortBy];
    return [...sortBy, r.id];
  };
  const sign = input.orderBy === 'desc' ? -1 : 1;
  rows.sort((a, b) => {
    const ka = keys(a);
    const kb = keys(b);
    for (let i = 0; i < ka.length; i++) {
      const c = compareValues(ka[i]!, kb[i]!);
      if (c) return sign * c;
    }
    return 0;
  });
  const ids = rows.map((r) => r.id);
  const offset = (input.page - 1) * input.limit;
  return { ids: ids.slice(offset, offset + input.limit), total: ids.length };
}

async function listed(deps: AppDeps, scope: number | null, raw: Record<string, unknown>) {
  const r = await listProducts(deps, scope, productListInput.parse(raw));
  return { ids: r.products.map((p) => p.id), total: r.total };
}

describe('[products] list: kept totals and ids, named indexes', () => {
  it('every filter, sort, order, scope and page answers what the list rules give over every row, twice', async () => {
    const api = await createTestApi();
    const companies = [
      (await createCompany(api.deps)).id,
      (await createCompany(api.deps)).id,
      (await createCompany(api.deps)).id,
    ];
    await fill(api.deps, companies);
    let shapes = 0;
    for (const scope of [null, companies[1]!] as const) {
      for (const companyId of scope === null ? [undefined, companies[0]] : [undefined]) {
        for (const sortBy of PRODUCT_SORT_FIELDS) {
          for (const orderBy of ['asc', 'desc'] as const) {
            for (const status of [undefined, 'ACTIVE', 'INACTIVE'] as const) {
              for (const category of [undefined, 'Cà phê', 'Trà']) {
                for (const search of [undefined, 'ca phe', 'dak', 'khong co']) {
                  for (const page of [1, 2, 5]) {
                    const raw = { page, limit: 4, sortBy, orderBy, status, category, search, companyId };
                    const expected = await reference(api.deps, scope ?? companyId ?? null, raw);
                    // The first call computes and keeps; the second answers from what was kept.
                    expect(await listed(api.deps, scope, raw), JSON.stringify(raw)).toEqual(expected);
                    expect(await listed(api.deps, scope, raw), JSON.stringify(raw)).toEqual(expected);
                    shapes++;
                  }
                }
              }
            }
          }
        }
      }
    }
    expect(shapes).toBe(3 * 5 * 2 * 3 * 3 * 4 * 3);
  });

  it('[COMPANY_ADMIN][SUPER_ADMIN][tRPC][products]: totals and search pages follow creations, updates and deletions', async () => {
    const api = await createTestApi();
    const p = await people(api.deps);
    const a = callerFor(api.deps, p.adminA);
    const b = callerFor(api.deps, p.adminB);
    const sup = callerFor(api.deps, p.superAdmin);
    const made = [];
    for (const name of ['Cà phê Robusta', 'Cà phê Arabica', 'Trà xanh'])
      made.push(await a.products.create({ name, status: 'ACTIVE' }));
    await b.products.create({ name: 'Cà phê Bảo Lộc', status: 'ACTIVE' });

    const totals = async () => ({
      a: (await a.products.list({})).total,
      aActive: (await a.products.list({ status: 'ACTIVE' })).total,
      aSearch: (await a.products.list({ search: 'ca phe' })).total,
      all: (await sup.products.list({})).total,
      allInactive: (await sup.products.list({ status: 'INACTIVE' })).total,
      allSearch: (await sup.products.list({ search: 'ca phe', sortBy: 'name' })).products.map((x) => x.name),
      b: (await b.products.list({})).total,
    });
    expect(await totals()).toEqual({
      a: 3,
      aActive: 3,
      aSearch: 2,
      all: 4,
      allInactive: 0,
      b: 1,
      allSearch: ['Cà phê Arabica', 'Cà phê Bảo Lộc', 'Cà phê Robusta'],
    });

    await a.products.create({ name: 'Cà phê Culi', status: 'INACTIVE' });
    expect(await totals()).toEqual({
      a: 4,
      aActive: 3,
      aSearch: 3,
      all: 5,
      allInactive: 1,
      b: 1,
      allSearch: ['Cà phê Arabica', 'Cà phê Bảo Lộc', 'Cà phê Culi', 'Cà phê Robusta'],
    });

    // A status change and a rename move rows between kept totals and kept search results.
    const robusta = made[0]!;
    await a.products.update({
      id: robusta.id,
      version: robusta.version,
      status: 'INACTIVE',
      name: 'Trà Ô long',
    });
    expect(await totals()).toEqual({
      a: 4,
      aActive: 2,
      aSearch: 2,
      all: 5,
      allInactive: 2,
      b: 1,
      allSearch: ['Cà phê Arabica', 'Cà phê Bảo Lộc', 'Cà phê Culi'],
    });

    await a.products.delete({ id: made[1]!.id });
    expect(await totals()).toEqual({
      a: 3,
      aActive: 1,
      aSearch: 1,
      all: 4,
      allInactive: 2,
      b: 1,
      allSearch: ['Cà phê Bảo Lộc', 'Cà phê Culi'],
    });
    // Company B's own list never showed A's rows, before or after.
    expect((await b.products.list({ search: 'ca phe' })).products.map((x) => x.name)).toEqual([
      'Cà phê Bảo Lộc',
    ]);
  });

  // SQLite's file shared by two connections; PostgreSQL's counterpart is in list-pg.test.ts.
  it.skipIf(engine === 'pg')(
    'a write from another connection (a script, another process) is seen on the next list',
    async () => {
      const path = join(mkdtempSync(join(tmpdir(), 'txng-list-')), 'app.db');
      const one = createDb(path);
      const other = createDb(path);
      const deps = {
        db: one.db,
        store: { engine: 'sqlite', sqlite: one.sqlite },
        settings: { publicUrl: 'http://localhost' },
        productLists: createProductLists({ db: one.db, store: { engine: 'sqlite', sqlite: one.sqlite } }),
      } as unknown as AppDeps;
      const companyId = (await createCompany(deps)).id;
      await makeProduct(deps, companyId, { name: 'Cà phê Robusta', status: 'ACTIVE' });
      const all = { sortBy: 'name' };
      const search = { search: 'ca phe' };
      expect((await listed(deps, null, all)).total).toBe(1);
      expect((await listed(deps, companyId, search)).total).toBe(1);

      const now = Date.now();
      other.sqlite
        .prepare(
          `INSERT INTO products (company_id, name, status, qr_code, search_text, created_at, updated_at) VALUES (?, 'Cà phê Culi', 'ACTIVE', 'QR-OTHER-1', 'ca phe culi', ?, ?)`,
        )
        .run(companyId, now, now);
      expect((await listed(deps, null, all)).total).toBe(2);
      expect((await listed(deps, companyId, search)).total).toBe(2);
      expect((await listed(deps, companyId, { ...search, status: 'ACTIVE' })).total).toBe(2);

      other.sqlite.prepare(`UPDATE products SET status = 'INACTIVE' WHERE qr_code = 'QR-OTHER-1'`).run();
      expect((await listed(deps, companyId, { ...search, status: 'ACTIVE' })).total).toBe(1);
      expect((await listed(deps, null, { status: 'INACTIVE' })).total).toBe(1);

      other.sqlite.prepare(`DELETE FROM products WHERE qr_code = 'QR-OTHER-1'`).run();
      expect((await listed(deps, null, all)).total).toBe(1);
      expect(await listed(deps, companyId, search)).toEqual(await listed(deps, companyId, search));
      expect((await listed(deps, companyId, search)).total).toBe(1);
      one.sqlite.close();
      other.sqlite.close();
    },
  );
});
