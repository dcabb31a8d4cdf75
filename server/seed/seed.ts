import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { hashPassword } from '#server/auth/password.ts';
import type { Executor } from '#server/db/client.ts';
import { transaction } from '#server/db/transaction.ts';
import type { AppDeps } from '#server/deps.ts';
import { generateCode } from '#server/services/codes.ts';
import { insertLotRecord } from '#server/services/lots/save.ts';
import {
  insertProductRecord,
  type ProductFields,
  type TrackingFields,
} from '#server/services/products/records.ts';
import { vietnameseSortKey } from '#shared/sort-key.ts';
import { DEFAULT_DOCUMENTS } from './default-documents.ts';

/** A fresh install shows a home page and terms: the default sections, written once when a key has none. */
export async function ensureDefaultDocuments({ db }: Pick<AppDeps, 'db'>): Promise<void> {
  const { documents } = db.tables;
  for (const [key, sections] of Object.entries(DEFAULT_DOCUMENTS)) {
    const k = key as keyof typeof DEFAULT_DOCUMENTS;
    const [present] = await db
      .select({ id: documents.id })
      .from(documents)
      .where(eq(documents.key, k))
      .limit(1);
    if (present) continue;
    await db.insert(documents).values(sections.map((s, position) => ({ key: k, position, ...s })));
  }
}

export const DEMO_ADMIN_EMAIL = 'demo-admin@truyxuat.local';
export const DEMO_EMPLOYEE_EMAIL = 'demo-nhanvien@truyxuat.local';

const DEMO_PRODUCTS: Array<ProductFields & { trackings: TrackingFields[] }> = [
  {
    name: 'Cà phê Robusta rang mộc Đắk Lắk',
    origin: 'Buôn Ma Thuột, Đắk Lắk',
    category: 'Cà phê',
    unit: 'Gói 500g',
    tags: ['Hữu cơ', 'Rang mộc'],
    status: 'ACTIVE',
    trackings: [
      {
        activity: 'Thu hoạch',
        location: 'Nông trại Ea Tu, Buôn Ma Thuột',
        date: '2026-10-02',
        description: 'Hái chín chọn lọc bằng tay.',
      },
      {
        activity: 'Phơi và sơ chế',
        location: 'Xưởng sơ chế Ea Tu',
        date: '2026-10-05',
        description: 'Phơi trên giàn 21 ngày.',
      },
      {
        activity: 'Rang',
        location: 'Xưởng rang HTX Cà phê Đắk Lắk',
        date: '2026-11-01',
        description: 'Rang mộc, không tẩm ướp.',
      },
      {
        activity: 'Đóng gói',
        location: 'Xưởng rang HTX Cà phê Đắk Lắk',
        date: '2026-11-03',
        description: 'Túi van một chiều 500g.',
      },
    ],
  },
  {
    name: 'Hạt tiêu đen Phú Quốc',
    origin: 'Phú Quốc, Kiên Giang',
    category: 'Gia vị',
    unit: 'Hũ 100g',
    tags: ['Đặc sản'],
    status: 'ACTIVE',
    trackings: [
      { activity: 'Thu hoạch', location: 'Vườn tiêu Hàm Ninh', date: '2026-03-12', description: '' },
      {
        activity: 'Phơi khô',
        location: 'Hàm Ninh, Phú Quốc',
        date: '2026-03-15',
        description: 'Phơi nắng 5 ngày.',
      },
      { activity: 'Đóng hũ', location: 'Xưởng HTX', date: '2026-04-02', description: '' },
    ],
  },
  {
    name: 'Gạo ST25 Sóc Trăng',
    origin: 'Mỹ Xuyên, Sóc Trăng',
    category: 'Gạo',
    unit: 'Túi 5kg',
    tags: ['Hữu cơ'],
    status: 'ACTIVE',
    trackings: [
      {
        activity: 'Gieo sạ',
        location: 'Cánh đồng Mỹ Xuyên',
        date: '2026-05-01',
        description: 'Mô hình lúa – tôm.',
      },
      { activity: 'Thu hoạch', location: 'Cánh đồng Mỹ Xuyên', date: '2026-08-20', description: '' },
      { activity: 'Xay xát', location: 'Nhà máy xay Mỹ Xuyên', date: '2026-09-01', description: '' },
    ],
  },
  {
    name: 'Mật ong hoa cà phê',
    origin: 'Krông Pắc, Đắk Lắk',
    category: 'Mật ong',
    unit: 'Chai 500ml',
    tags: ['Nguyên chất'],
    status: 'ACTIVE',
    trackings: [
      {
        activity: 'Khai thác',
        location: 'Trại ong Krông Pắc',
        date: '2026-03-20',
        description: 'Mùa hoa cà phê.',
      },
      { activity: 'Lọc và đóng chai', location: 'Xưởng HTX', date: '2026-04-01', description: '' },
    ],
  },
  {
    name: 'Trà Shan tuyết cổ thụ',
    origin: 'Suối Giàng, Yên Bái',
    category: 'Trà',
    unit: 'Hộp 200g',
    tags: ['Đặc sản', 'Thủ công'],
    status: 'INACTIVE',
    trackings: [{ activity: 'Hái búp', location: 'Suối Giàng', date: '2026-04-10', description: '' }],
  },
];

/**
 * A product with a GTIN, the Thông tư 02/2024 items and three lots (decision 126): L2405A with its own
 * journey, L2406B, and L2404R recalled, each with a QR code of its own.
 */
async function seedDemoLots(tx: Executor, companyId: number): Promise<void> {
  const { lots, shortLinks } = tx.tables;
  const product = await insertProductRecord(
    tx,
    companyId,
    {
      name: 'Cà phê hạt Arabica Cầu Đất',
      origin: 'Cầu Đất, Lâm Đồng',
      category: 'Cà phê',
      unit: 'Túi 250g',
      tags: ['Arabica'],
      status: 'ACTIVE',
      gtin: '08930000000019',
      brand: 'Cầu Đất Farm',
      standards: 'TCVN 4193:2014',
      shelfLife: '12 tháng kể từ ngày sản xuất',
    },
    [
      {
        activity: 'Thu hoạch',
        location: 'Nông trại Cầu Đất, Đà Lạt',
        date: '2024-03-20',
        description: 'Hái chín bằng tay.',
      },
      {
        activity: 'Sơ chế ướt',
        location: 'Xưởng sơ chế Cầu Đất',
        date: '2024-03-25',
        description: 'Lên men 36 giờ.',
      },
    ],
  );
  const lot = async (
    code: string,
    fields: Omit<Parameters<typeof insertLotRecord>[3], 'code'>,
    events: Parameters<typeof insertLotRecord>[4] = [],
  ) => {
    const row = await insertLotRecord(tx, companyId, product.id, { code, ...fields }, events);
    await tx
      .insert(shortLinks)
      .values({ code: generateCode(), companyId, productId: product.id, lotId: row.id, boundAt: new Date() });
    return row;
  };
  await lot(
    'L2405A',
    { productionDate: '2024-05-02', expiryDate: '2025-05-02', quantity: 1200, unit: 'túi' },
    [
      {
        activity: 'Rang mẻ L2405A',
        location: 'Xưởng rang Đà Lạt',
        date: '2024-05-02',
        bizStep: 'commissioning',
      },
      { activity: 'Đóng gói', location: 'Xưởng rang Đà Lạt', date: '2024-05-03', bizStep: 'packing' },
      {
        activity: 'Giao nhà phân phối',
        location: 'TP. Hồ Chí Minh',
        date: '2024-05-10',
        bizStep: 'shipping',
      },
    ],
  );
  await lot('L2406B', { productionDate: '2024-06-05', expiryDate: '2025-06-05', quantity: 800, unit: 'túi' });
  const recalled = await lot('L2404R', {
    productionDate: '2024-04-12',
    expiryDate: '2025-04-12',
    quantity: 500,
    unit: 'túi',
  });
  await tx
    .update(lots)
    .set({
      recalledAt: new Date('2024-06-20T02:00:00Z'),
      recallReason: 'Độ ẩm hạt vượt ngưỡng cho phép, có nguy cơ nấm mốc',
    })
    .where(eq(lots.id, recalled.id));
}

/**
 * DEMO=1: a demo company with products, QR codes and timelines, written once. Its accounts have random
 * passwords that nobody knows; set one with "Quên mật khẩu" (the link arrives in the outbox).
 */
export async function seedDemo(deps: AppDeps): Promise<void> {
  const { db, logger } = deps;
  const { companies, shortLinks, users } = db.tables;
  const [seeded] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_ADMIN_EMAIL))
    .limit(1);
  if (seeded) return;
  const passwordHash = await hashPassword(
    randomBytes(24).toString('base64url'),
    deps.settings.passwordHashCost,
  );
  await transaction(db, async (tx) => {
    const [inserted] = await tx
      .insert(companies)
      .values({
        name: 'Hợp tác xã Nông sản Đắk Lắk',
        nameSort: vietnameseSortKey('Hợp tác xã Nông sản Đắk Lắk'),
        representative: 'Nguyễn Văn An',
        address: '12 Lê Duẩn, Buôn Ma Thuột, Đắk Lắk',
        email: 'lienhe@htx-daklak.example',
        businessLicense: '6000123456',
      })
      .returning();
    // An insert's RETURNING has its one row.
    const company = inserted!;
    await tx.insert(users).values([
      {
        name: 'Quản trị HTX',
        nameSort: vietnameseSortKey('Quản trị HTX'),
        email: DEMO_ADMIN_EMAIL,
        passwordHash,
        role: 'COMPANY_ADMIN',
        status: 'ACTIVE',
        companyId: company.id,
      },
      {
        name: 'Nhân viên HTX',
        nameSort: vietnameseSortKey('Nhân viên HTX'),
        email: DEMO_EMPLOYEE_EMAIL,
        passwordHash,
        role: 'EMPLOYEE',
        status: 'ACTIVE',
        companyId: company.id,
      },
    ]);
    for (const { trackings, ...fields } of DEMO_PRODUCTS)
      await insertProductRecord(tx, company.id, fields, trackings);
    await tx
      .insert(shortLinks)
      .values(Array.from({ length: 10 }, () => ({ code: generateCode(), companyId: company.id })));
    await seedDemoLots(tx, company.id);
  });
  logger.info(
    { event: 'seed.demo', admin: DEMO_ADMIN_EMAIL },
    'Demo company created. To sign in as its admin, use "Quên mật khẩu" with this address; the link arrives in the outbox.',
  );
}
