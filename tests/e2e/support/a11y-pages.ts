/**
 * Every page the accessibility journeys check, each with the account that sees it and the data that
 * fills it (a company with a product, its timeline and scans, printed codes, a colleague; an
 * administrator; a user with a scan history), made once over REST. A page is opened signed in by putting
 * the session where the app keeps it, so each check costs one page load, not a sign-in.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expectAccessiblePage, storeTheme } from './a11y.ts';
import { createActiveUser, PASSWORD, uniqueEmail } from './accounts.ts';
import { E2E } from './e2e-settings.ts';
import { expect, test } from './fixtures.ts';
import { resetLink } from './outbox.ts';

export type Who = 'visitor' | 'user' | 'company' | 'admin';

export interface CheckedPage {
  name: string;
  path: string;
  who: Who;
  /** What shows once the page is ready (a heading or a control), so axe sees the page, not a spinner. */
  ready: (page: Page) => Promise<void>;
}

interface Session {
  accessToken: string;
  permissions: unknown[];
}

export interface A11yWorld {
  pages: CheckedPage[];
  sessions: Record<Exclude<Who, 'visitor'>, Session>;
}

const authed = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

async function login(request: APIRequestContext, email: string, password: string): Promise<Session> {
  const res = await request.post('/api/auth/login', { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { session: Session } }).data.session;
}

async function json<T>(res: Awaited<ReturnType<APIRequestContext['get']>>, status: number): Promise<T> {
  expect(res.status(), await res.text()).toBe(status);
  return ((await res.json()) as { data: T }).data;
}

const heading = (name: string | RegExp, level?: number) => async (page: Page) => {
  await expect(page.getByRole('heading', { name, level }).first()).toBeVisible();
};

export async function buildA11yWorld(request: APIRequestContext): Promise<A11yWorld> {
  const owner = await createActiveUser(request, { business: true, name: 'Chủ doanh nghiệp' });
  const product = await json<{ id: number; companyId: number; name: string }>(
    await request.post('/api/products', {
      ...authed(owner.accessToken),
      data: {
        name: 'Cà phê Arabica Cầu Đất',
        status: 'ACTIVE',
        origin: 'Cầu Đất, Lâm Đồng',
        category: 'Cà phê',
        unit: 'Túi 500g',
        tags: ['arabica', 'hữu cơ'],
        trackings: [
          { activity: 'Thu hái', location: 'Cầu Đất', date: '2025-11-02', description: 'Hái tay quả chín' },
          { activity: 'Rang xay', location: 'Đà Lạt', date: '2025-11-20', description: '' },
          { activity: 'Đóng gói', location: 'Đà Lạt', date: '2025-11-22', description: 'Túi van một chiều' },
        ],
      },
    }),
    201,
  );
  const [printed] = await json<{ code: string }[]>(
    await request.post('/api/shortLinks', {
      ...authed(owner.accessToken),
      data: { count: 1, productId: product.id },
    }),
    201,
  );
  await json(
    await request.post('/api/shortLinks', { ...authed(owner.accessToken), data: { count: 3 } }),
    201,
  );
  await json(
    await request.post('/api/users', {
      ...authed(owner.accessToken),
      data: { name: 'Lê Nhân Viên', email: uniqueEmail('staff'), password: PASSWORD, role: 'EMPLOYEE' },
    }),
    201,
  );
  // Scans fill the dashboard's charts; a user's history fills the scanned-products page.
  const user = await createActiveUser(request, { name: 'Người xem' });
  for (let i = 0; i < 3; i++)
    await json(await request.get(`/api/products/qr-codes/${printed?.code}`, authed(user.accessToken)), 200);
  await json(
    await request.post('/api/auth/scan-log', {
      ...authed(user.accessToken),
      data: { productId: product.id },
    }),
    201,
  );

  // A lot, recalled: its public page leads with the recall banner; the workspace lists it.
  const lot = await json<{ id: number }>(
    await request.post('/api/lots', {
      ...authed(owner.accessToken),
      data: { productId: product.id, code: 'L2405A', productionDate: '2025-11-20', expiryDate: '2026-11-20' },
    }),
    201,
  );
  // Its supply chain (decisions 200-202): received from a supplier, shipped to a customer, before the recall.
  const partner = async (name: string, kind: string) =>
    json<{ id: number }>(
      await request.post('/api/partners', {
        ...authed(owner.accessToken),
        data: { name, kind, phone: '028 3829 0000', address: '1 Lê Lợi', province: 'TP. Hồ Chí Minh' },
      }),
      201,
    );
  const supplier = await partner('Hợp tác xã Cà phê Ea Tu', 'SUPPLIER');
  const customer = await partner('Siêu thị Sài Gòn', 'CUSTOMER');
  const movement = {
    quantity: '100',
    unit: 'KGM',
    date: '2025-11-21',
    documentType: 'INVOICE',
    documentNumber: 'HD1',
  };
  await json(
    await request.post(`/api/lots/${lot.id}/receipts`, {
      ...authed(owner.accessToken),
      data: { ...movement, partnerId: supplier.id, supplierLotCode: 'HTX-11' },
    }),
    201,
  );
  await json(
    await request.post(`/api/lots/${lot.id}/shipments`, {
      ...authed(owner.accessToken),
      data: { ...movement, quantity: '40', partnerId: customer.id },
    }),
    201,
  );
  await json(
    await request.post(`/api/lots/${lot.id}/recall`, {
      ...authed(owner.accessToken),
      data: { reason: 'Phát hiện nấm mốc trong mẫu kiểm tra' },
    }),
    200,
  );
  // A password reset link, valid while the journeys run (opening it checks it, uses nothing).
  const since = Date.now() - 1000;
  await json(await request.post('/api/auth/forgot-password', { data: { email: user.email } }), 200);
  const reset = new URL(await resetLink(user.email, since)).pathname;

  const sessions = {
    user: await login(request, user.email, user.password),
    company: await login(request, owner.email, owner.password),
    admin: await login(request, E2E.adminEmail, E2E.adminPassword),
  };

  const pages: CheckedPage[] = [
    { name: 'trang chủ (khách)', path: '/', who: 'visitor', ready: heading(/./, 1) },
    {
      name: 'trang chủ (doanh nghiệp)',
      path: '/',
      who: 'company',
      ready: heading('Số liệu doanh nghiệp', 2),
    },
    { name: 'đăng nhập', path: '/auth/sign-in', who: 'visitor', ready: heading('Đăng nhập') },
    { name: 'đăng ký', path: '/auth/sign-up', who: 'visitor', ready: heading('Đăng ký') },
    { name: 'quên mật khẩu', path: '/auth/forgot-password', who: 'visitor', ready: heading(/Quên mật khẩu/) },
    {
      name: 'kích hoạt tài khoản',
      path: '/auth/activate-account',
      who: 'visitor',
      ready: heading('Kích hoạt tài khoản'),
    },
    {
      name: 'đặt mật khẩu mới',
      path: reset,
      who: 'visitor',
      ready: async (page) => {
        await heading('Đặt mật khẩu mới')(page);
        await expect(page.getByLabel('Mật khẩu', { exact: true })).toBeVisible();
      },
    },
    { name: 'quét mã', path: '/scan-qr', who: 'visitor', ready: heading('Quét mã QR') },
    {
      name: 'trang sản phẩm',
      path: `/products/details/${product.id}`,
      who: 'visitor',
      ready: heading(product.name, 1),
    },
    {
      name: 'trang doanh nghiệp',
      path: `/company/details/${product.companyId}`,
      who: 'visitor',
      ready: heading('Công ty E2E', 1),
    },
    {
      name: 'trang lô hàng (đã thu hồi)',
      path: `/lots/${lot.id}`,
      who: 'visitor',
      ready: heading('Lô L2405A', 1),
    },
    {
      name: 'trang của mã in',
      path: `/redirect/${printed?.code}`,
      who: 'visitor',
      ready: heading(product.name, 1),
    },
    { name: 'sản phẩm đã quét', path: '/products', who: 'user', ready: heading('Sản phẩm đã quét', 1) },
    {
      name: 'quản lý sản phẩm',
      path: '/products/manage',
      who: 'company',
      ready: heading('Quản lý sản phẩm', 1),
    },
    {
      name: 'lô hàng của sản phẩm',
      path: `/products/manage/${product.id}/lots`,
      who: 'company',
      ready: heading(`Lô hàng: ${product.name}`, 1),
    },
    {
      name: 'chuỗi cung ứng của lô',
      path: `/products/manage/${product.id}/lots/${lot.id}`,
      who: 'company',
      ready: heading('Khách hàng đã nhận', 3),
    },
    { name: 'đối tác', path: '/partners', who: 'company', ready: heading('Đối tác', 1) },
    { name: 'mã QR', path: '/qrs', who: 'company', ready: heading('Quản lý mã QR', 1) },
    { name: 'mã từng sản phẩm', path: '/serials', who: 'company', ready: heading('Mã từng sản phẩm', 1) },
    { name: 'người dùng', path: '/users', who: 'company', ready: heading('Người dùng', 1) },
    { name: 'cài đặt', path: '/settings', who: 'company', ready: heading('Cài đặt', 1) },
    { name: 'sửa nội dung', path: '/edit-content', who: 'admin', ready: heading('Sửa nội dung', 1) },
    { name: 'trang chủ (quản trị)', path: '/', who: 'admin', ready: heading('Số liệu toàn hệ thống', 2) },
    {
      name: 'cài đặt doanh nghiệp',
      path: '/company/settings/',
      who: 'company',
      ready: heading('Thông tin doanh nghiệp'),
    },
    { name: 'không có quyền', path: '/403', who: 'visitor', ready: heading('Không có quyền truy cập', 1) },
    { name: 'không tìm thấy trang', path: '/404', who: 'visitor', ready: heading('Không tìm thấy trang', 1) },
    { name: 'lỗi máy chủ', path: '/500', who: 'visitor', ready: heading('Lỗi máy chủ', 1) },
  ];
  return { pages, sessions };
}

/**
 * Opens `checked` as its account: the session is put where the app keeps it (or removed for a visitor)
 * from a same-origin address that runs no app, then the page is loaded and awaited until it shows.
 */
export async function openAs(page: Page, world: A11yWorld, checked: CheckedPage): Promise<void> {
  await page.goto('/api/health');
  const session = checked.who === 'visitor' ? null : JSON.stringify(world.sessions[checked.who]);
  await page.evaluate((value) => {
    if (value === null) localStorage.removeItem('session');
    else localStorage.setItem('session', value);
  }, session);
  await page.goto(checked.path);
  await checked.ready(page);
}

/**
 * Every page in a colour scheme, as one journey: the scheme is checked to be on before each page's
 * findings are listed; the journey then fails with all of them.
 */
export async function checkEveryPage(
  page: Page,
  world: A11yWorld,
  colorScheme: 'light' | 'dark',
  device: string,
): Promise<void> {
  await storeTheme(page, { colorScheme });
  for (const checked of world.pages) {
    await test.step(checked.name, async () => {
      await openAs(page, world, checked);
      const html = page.locator('html');
      await expect(html).toHaveClass(colorScheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
      await expect.soft(html, `lang on ${checked.name}`).toHaveAttribute('lang', 'vi');
      await expectAccessiblePage(page, `${checked.name}, ${colorScheme}, ${device}`);
    });
  }
}

/** The pages that show the accent the most: a primary button and links, the menu's current item, chips. */
export const ACCENT_PAGES = ['đăng nhập', 'quản lý sản phẩm', 'trang sản phẩm', 'cài đặt'];

/**
 * Registers, in the calling spec file, the data built once for the file and one journey per colour
 * scheme over every page; hands back the data for the file's other journeys.
 */
export function everyPageJourneys(device: string): () => A11yWorld {
  let world: A11yWorld | undefined;
  test.beforeAll(async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    world = await buildA11yWorld(request);
    await request.dispose();
  });
  const get = () => {
    if (!world) throw new Error('the pages were not built');
    return world;
  };
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`[ALL][e2e][a11y]: every page passes axe's WCAG 2.2 AA rules and reflows at 320 px, ${colorScheme}, ${device}`, async ({
      page,
    }) => {
      test.setTimeout(330_000);
      await checkEveryPage(page, get(), colorScheme, device);
    });
  }
  return get;
}
