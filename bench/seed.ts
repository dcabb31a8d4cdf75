/**
 * Seeds the benchmark database: 1,000 companies, 100,000 products (10 timeline entries each) and their
 * codes, with Vietnamese names so that search is realistic. Writes through prepared statements in large
 * transactions (the app's row helpers would take minutes for a million rows); the columns are the schema's.
 *
 *   npx tsx bench/seed.ts [dataDir] [products]
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createDb } from '#server/db/client.ts';
import { fillNameSortKeys } from '#server/db/name-sort.ts';
import { generateCode } from '#server/services/codes.ts';
import { searchTextOf } from '#server/services/products/records.ts';

const dataDir = resolve(process.argv[2] ?? 'bench/.data');
const PRODUCTS = Number(process.argv[3] ?? 100_000);
const COMPANIES = Math.max(1, Math.round(PRODUCTS / 100));
const TRACKINGS = 10;

const KINDS = ['Cà phê', 'Hạt tiêu', 'Gạo', 'Mật ong', 'Trà', 'Hạt điều', 'Nước mắm', 'Sầu riêng', 'Bơ', 'Ca cao'];
const QUALIFIERS = ['rang mộc', 'hữu cơ', 'đặc sản', 'thượng hạng', 'nguyên chất', 'sấy lạnh', 'thủ công', 'xuất khẩu'];
const PLACES = ['Đắk Lắk', 'Lâm Đồng', 'Gia Lai', 'Phú Quốc', 'Sóc Trăng', 'Bến Tre', 'Yên Bái', 'Hà Giang', 'Bình Phước', 'Đồng Tháp'];
const STEPS = ['Gieo trồng', 'Chăm sóc', 'Thu hoạch', 'Sơ chế', 'Phơi sấy', 'Chế biến', 'Kiểm định', 'Đóng gói', 'Lưu kho', 'Vận chuyển'];
const pick = <T>(list: T[], i: number) => list[i % list.length]!;

export function seed(dir: string, products: number): { codes: string[]; seconds: number } {
  const started = Date.now();
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'uploads'), { recursive: true });
  mkdirSync(join(dir, 'outbox'), { recursive: true });
  const { sqlite } = createDb(join(dir, 'app.db'));
  sqlite.pragma('synchronous = OFF');
  const now = Date.now();
  const insertCompany = sqlite.prepare(
    'INSERT INTO companies (name, representative, address, email, business_license, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const insertProduct = sqlite.prepare(
    `INSERT INTO products (company_id, name, image, images, status, category, unit, tags, origin, qr_code, search_text, created_at, updated_at)
     VALUES (?, ?, NULL, '[]', ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertLink = sqlite.prepare(
    'INSERT INTO short_links (code, company_id, product_id, bound_at, created_at) VALUES (?, ?, ?, ?, ?)',
  );
  const insertTracking = sqlite.prepare(
    'INSERT INTO tracking_entries (product_id, company_id, position, activity, location, date, description) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const companies = Math.max(1, Math.round(products / 100));
  const codes: string[] = [];
  sqlite.transaction(() => {
    for (let c = 1; c <= companies; c++) {
      insertCompany.run(`Hợp tác xã ${pick(PLACES, c)} số ${c}`, `Đại diện ${c}`, pick(PLACES, c), `htx${c}@example.vn`, `GP${c}`, now, now);
    }
  })();
  const batch = 5_000;
  for (let start = 0; start < products; start += batch) {
    sqlite.transaction(() => {
      for (let i = start; i < Math.min(products, start + batch); i++) {
        const companyId = (i % companies) + 1;
        const name = `${pick(KINDS, i)} ${pick(QUALIFIERS, i * 7 + 3)} ${pick(PLACES, i * 3 + 1)} ${i}`;
        const fields = { name, origin: pick(PLACES, i * 3 + 1), category: pick(KINDS, i), tags: [pick(QUALIFIERS, i)] };
        const code = generateCode();
        codes.push(code);
        const id = insertProduct.run(
          companyId, name, i % 10 === 9 ? 'INACTIVE' : 'ACTIVE', fields.category, 'Gói', JSON.stringify(fields.tags),
          fields.origin, code, searchTextOf(fields), now - i * 1000, now - i * 1000,
        ).lastInsertRowid as number;
        insertLink.run(code, companyId, id, now, now);
        for (let t = 0; t < TRACKINGS; t++) {
          insertTracking.run(id, companyId, t, pick(STEPS, t), `${pick(PLACES, i + t)}, Việt Nam`, `2026-0${1 + (t % 9)}-1${t % 9}`, `Bước ${t + 1} của lô hàng ${i}.`);
        }
      }
    })();
  }
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  sqlite.exec('ANALYZE');
  fillNameSortKeys(sqlite); // rows written here by SQL get their name keys as the app's start would
  sqlite.close();
  return { codes, seconds: (Date.now() - started) / 1000 };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { codes, seconds } = seed(dataDir, PRODUCTS);
  // Every 10th product is INACTIVE (i % 10 === 9): the load uses active ones only.
  writeFileSync(join(dataDir, 'codes.txt'), codes.filter((_, i) => i % 10 !== 9).join('\n'));
  console.log(`Seeded ${PRODUCTS} products, ${COMPANIES} companies, ${PRODUCTS * TRACKINGS} timeline entries in ${seconds.toFixed(1)} s -> ${dataDir}`);
}
