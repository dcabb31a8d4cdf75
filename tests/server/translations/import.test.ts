import { describe, expect, it } from 'vitest';
import { vi } from '#shared/i18n/vi/index.ts';
import { IMPORT_COLUMNS } from '#shared/schemas/productImport.ts';
import { callerFor } from '#tests/helpers/factories.ts';
import { createTestApi } from '#tests/helpers/http.ts';
import { people } from '#tests/server/products/helpers.ts';
import { csv, postImport, xlsx } from '#tests/server/productImport/helpers.ts';

/** An import file's translation columns (decision 210): by their field names or their Vietnamese labels. */
const HEADER = [
  'Mã nhóm',
  'Tên sản phẩm',
  'Trạng thái',
  'Xuất xứ',
  'Hoạt động',
  'Ngày',
  'name_en',
  'name_zh',
];
const LABELLED = [...HEADER.slice(0, 6), 'Xuất xứ (tiếng Anh)', 'Hạn sử dụng (tiếng Trung)', 'unit_en'];

async function setup() {
  const api = await createTestApi();
  const p = await people(api.deps);
  return { api, p, caller: callerFor(api.deps, p.adminA) };
}

describe('[COMPANY_ADMIN][REST][productImport][translations] translation columns', () => {
  it('[COMPANY_ADMIN][REST][productImport]: name_en and name_zh fill the product translations; empty cells stay absent', async () => {
    const { api, p, caller } = await setup();
    const rows = [
      ['SP01', 'Cà phê', 'Đang hoạt động', 'Lâm Đồng', 'Thu hoạch', '2024-11-05', 'Coffee', '咖啡'],
      ['SP01', '', '', '', 'Rang', '2024-11-20', '', ''],
      ['', 'Gạo ST25', '', 'Sóc Trăng', '', '', '', ''],
    ];
    const res = await postImport(api, csv(rows, HEADER), { token: p.tokens.adminA, dryRun: 'false' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ imported: 2, errorCount: 0 });
    const { products } = await caller.products.list({});
    const byName = new Map(products.map((x) => [x.name, x]));
    expect(byName.get('Cà phê')!.translations).toEqual({
      en: { name: 'Coffee' },
      'zh-Hans': { name: '咖啡' },
    });
    expect(byName.get('Gạo ST25')!.translations).toEqual({});
  });

  it('[COMPANY_ADMIN][REST][productImport]: an XLSX with the Vietnamese labels of the columns imports alike', async () => {
    const { api, p, caller } = await setup();
    const bytes = await xlsx(
      [['', 'Cà phê', '', 'Lâm Đồng', '', '', 'Lam Dong, Vietnam', '12个月', 'bag']],
      LABELLED,
    );
    const res = await postImport(api, bytes, {
      token: p.tokens.adminA,
      dryRun: 'false',
      filename: 'sp.xlsx',
    });
    expect(res.status).toBe(200);
    const [product] = (await caller.products.list({})).products;
    expect(product!.translations).toEqual({
      en: { origin: 'Lam Dong, Vietnam', unit: 'bag' },
      'zh-Hans': { shelf_life: '12个月' },
    });
  });

  it('[COMPANY_ADMIN][REST][productImport]: a translation longer than its Vietnamese field may be names its row and column; nothing is imported', async () => {
    const { api, p, caller } = await setup();
    const rows = [
      ['', 'Cà phê', '', '', '', '', 'Coffee', ''],
      ['', 'Trà', '', '', '', '', 'x'.repeat(201), ''],
    ];
    const res = await postImport(api, csv(rows, HEADER), { token: p.tokens.adminA, dryRun: 'false' });
    expect(res.status).toBe(400);
    expect(res.body.data?.errors ?? res.body.errors).toBeDefined();
    const dry = await postImport(api, csv(rows, HEADER), { token: p.tokens.adminA, dryRun: 'true' });
    expect(dry.body.data.errors).toEqual([{ row: 3, field: 'name_en', message: vi.validation.tooLong(200) }]);
    expect((await caller.products.list({})).products).toEqual([]);
  });

  it('[GUEST][REST][productImport]: the templates carry the translation columns', async () => {
    const { api } = await setup();
    const res = await api.app.request('/api/products/import/template.csv');
    const header = (await res.text()).replace(/^\uFEFF/, '').split('\r\n')[0]!;
    expect(header.split(',')).toEqual(IMPORT_COLUMNS.map((c) => vi.workspaceImport.columns[c]));
    expect(header).toContain('Tên sản phẩm (tiếng Anh)');
    expect(header).toContain('Hạn sử dụng (tiếng Trung)');
  });
});
