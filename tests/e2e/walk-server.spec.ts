/**
 * A new company's and an administrator's everyday jobs on a desktop: editing an existing home section
 * that a visitor then reads, coming back to the page you were going to after sign-in (and never to
 * another site), names in Vietnamese order, a shared product link that shows the product, and a staff
 * member invited by mail who sets their own password.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { createActiveUser, PASSWORD, signIn, submitSignIn, uniqueEmail } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { resetLink } from './support/outbox.ts';
import { ADMIN } from './support/e2e-settings.ts';

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/auth/login', { data: ADMIN });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { session: { accessToken: string } } }).data.session.accessToken;
}

/** The visible texts matching `names`, in page order, each once (a table and its phone cards alike). */
const namesInOrder = async (page: Page, names: RegExp) => {
  const texts = await page.getByText(names).filter({ visible: true }).allInnerTexts();
  return texts.map((t) => t.trim()).filter((t, i, all) => all.indexOf(t) === i);
};

test('[SUPER_ADMIN][e2e][content]: an existing home section is edited and saved, and a visitor reads the new text', async ({
  page,
  browser,
  request,
}) => {
  const stamp = Date.now();
  const token = await adminToken(request);
  const created = await request.post('/api/settings/term-conditions', {
    headers: auth(token),
    data: {
      items: [
        { key: 'traceability', title: `Mục cũ ${stamp}`, subtitle: 'Phụ đề cũ', body: '<p>Nội dung cũ.</p>' },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const [section] = ((await created.json()) as { data: { id: number }[] }).data;

  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/edit-content');
  await page.getByRole('button', { name: `Sửa: Mục cũ ${stamp}` }).click();
  await page.getByLabel('Tiêu đề', { exact: true }).fill(`Mục mới ${stamp}`);
  await page.getByLabel('Tiêu đề phụ').fill('Phụ đề mới');
  const editor = page.getByRole('textbox', { name: 'Nội dung' });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(`Hạt cà phê được truy xuất đến từng lô ${stamp}.`);
  await page.getByRole('button', { name: 'Lưu', exact: true }).click();
  await expect(page.getByText('Đã lưu nội dung')).toBeVisible();
  await expect(page.getByRole('heading', { name: `Mục mới ${stamp}` })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);

  // Saved, not only shown: a reload and a visitor both see the new text.
  await page.reload();
  await expect(page.getByRole('heading', { name: `Mục mới ${stamp}` })).toBeVisible();
  const visitor = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const v = await visitor.newPage();
  await v.goto('/products');
  await expect(v.getByRole('heading', { name: `Mục mới ${stamp}` })).toBeVisible();
  await expect(v.getByText('Phụ đề mới')).toBeVisible();
  await expect(v.getByText(`Hạt cà phê được truy xuất đến từng lô ${stamp}.`)).toBeVisible();
  await expect(v.getByText(`Mục cũ ${stamp}`)).toHaveCount(0);
  await visitor.close();

  await request.delete('/api/settings/term-conditions', {
    headers: auth(token),
    data: { ids: [section!.id] },
  });
});

test('[SUPER_ADMIN][e2e][content]: a save the server refuses says why in the form and keeps what was typed', async ({
  page,
  request,
  allowConsoleError,
}) => {
  allowConsoleError(/status of 400/);
  const stamp = Date.now();
  const token = await adminToken(request);
  const created = await request.post('/api/settings/term-conditions', {
    headers: auth(token),
    data: { items: [{ key: 'traceability', title: `Mục dài ${stamp}` }] },
  });
  const [section] = ((await created.json()) as { data: { id: number }[] }).data;
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/edit-content');
  await page.getByRole('button', { name: `Sửa: Mục dài ${stamp}` }).click();
  const subtitle = 'x'.repeat(301);
  await page.getByLabel('Tiêu đề phụ').fill(subtitle);
  await page.getByRole('button', { name: 'Lưu', exact: true }).click();
  await expect(page.getByText('Không được dài quá 300 ký tự')).toBeVisible();
  await expect(page.getByLabel('Tiêu đề phụ')).toHaveValue(subtitle);
  await request.delete('/api/settings/term-conditions', {
    headers: auth(token),
    data: { ids: [section!.id] },
  });
});

test('[COMPANY_ADMIN][e2e][guards]: /qrs signed out → sign-in → back on /qrs', async ({ page, request }) => {
  const admin = await createActiveUser(request, { business: true });
  await page.goto('/qrs');
  await expect(page).toHaveURL(/\/auth\/sign-in\?next=%2Fqrs$/);
  await submitSignIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/qrs$/);
  await expect(page.getByRole('heading', { name: 'Quản lý mã QR', level: 1 })).toBeVisible();
});

test('[COMPANY_ADMIN][e2e][guards]: a sign-in link pointing elsewhere lands on the app, never on another site', async ({
  browser,
  request,
}) => {
  const admin = await createActiveUser(request, { business: true });
  const baseURL = test.info().project.use.baseURL!;
  for (const next of [
    '//evil.example/qrs',
    'https://evil.example/',
    '/\\evil.example',
    'javascript:alert(1)',
  ]) {
    // Each link opened as someone who follows it would: a browser with no session of this app yet.
    // (Clearing the storage under a running app instead is another tab signing out: the app's next
    // call then rightly answers 401.)
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    await page.goto(`/auth/sign-in?next=${encodeURIComponent(next)}`);
    await submitSignIn(page, admin.email, admin.password);
    await expect(page).not.toHaveURL(/\/auth\/sign-in/);
    expect(new URL(page.url()).origin, next).toBe(new URL(baseURL).origin);
    await expect(page.getByRole('navigation', { name: 'Menu chính' })).toBeVisible();
    expect(problems, next).toEqual([]);
    await context.close();
  }
});

test('[COMPANY_ADMIN][e2e][products]: the workspace lists "Cà phê Đắk Lắk" before "Cà phê Robusta"', async ({
  page,
  request,
}) => {
  const admin = await createActiveUser(request, { business: true });
  for (const name of ['Cà phê Robusta', 'Cà phê Đắk Lắk', 'Cà phê Arabica']) {
    const res = await request.post('/api/products', {
      headers: auth(admin.accessToken),
      data: { name, status: 'ACTIVE' },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  await signIn(page, admin.email, admin.password);
  await page.goto('/products/manage');
  await expect(page.getByRole('heading', { name: 'Quản lý sản phẩm', level: 1 })).toBeVisible();
  await expect(page.getByText('Cà phê Robusta').filter({ visible: true }).first()).toBeVisible();
  expect(await namesInOrder(page, /^Cà phê (Arabica|Đắk Lắk|Robusta)$/)).toEqual([
    'Cà phê Arabica',
    'Cà phê Đắk Lắk',
    'Cà phê Robusta',
  ]);
});

test('[GUEST][e2e][share]: a product page carries its title and link-preview tags, with an absolute picture', async ({
  page,
  request,
}) => {
  const admin = await createActiveUser(request, { business: true });
  const upload = await request.post('/api/uploads', {
    headers: auth(admin.accessToken),
    multipart: {
      file: {
        name: 'bia.png',
        mimeType: 'image/png',
        buffer: Buffer.from(
          'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
          'base64',
        ),
      },
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const image = ((await upload.json()) as { data: { url: string } }).data.url;
  const res = await request.post('/api/products', {
    headers: auth(admin.accessToken),
    data: { name: 'Mật ong "Hoa cà phê"', status: 'ACTIVE', origin: 'Đắk Lắk', image },
  });
  const product = ((await res.json()) as { data: { id: number; qr_code: string } }).data;
  const base = test.info().project.use.baseURL!;

  for (const path of [`/products/details/${product.id}`, `/redirect/${product.qr_code}`]) {
    const html = await (await request.get(path)).text();
    expect(html).toContain('<title>Mật ong &#34;Hoa cà phê&#34; | Truy xuất nguồn gốc</title>');
    expect(html).toContain('<meta property="og:title" content="Mật ong &#34;Hoa cà phê&#34;" />');
    expect(html).toMatch(/<meta name="description" content="Xuất xứ: Đắk Lắk\.[^"]*" \/>/);
    expect(html).toMatch(/<meta property="og:description" content="[^"]+" \/>/);
    expect(html).toContain(`<meta property="og:image" content="${base}${image}?w=640" />`);
    expect(html).toContain(`<meta property="og:url" content="${base}/products/details/${product.id}" />`);
  }
  // The tags stay once the app has started; the picture they name is served.
  await page.goto(`/products/details/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Mật ong "Hoa cà phê"' })).toBeVisible();
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', `${base}${image}?w=640`);
  expect((await request.get(`${image}?w=640`)).status()).toBe(200);
});

test('[COMPANY_ADMIN][e2e][users]: an invited employee reads the mail and setting a password signs them in', async ({
  page,
  request,
}) => {
  const admin = await createActiveUser(request, { business: true });
  await signIn(page, admin.email, admin.password);
  await page.goto('/users');
  await page.getByRole('button', { name: 'Thêm người dùng' }).click();
  const form = page.getByRole('dialog', { name: 'Thêm người dùng' });
  await expect(form.getByText('Người dùng sẽ nhận email có liên kết để tự đặt mật khẩu')).toBeVisible();
  await expect(form.getByLabel('Mật khẩu')).toHaveCount(0);
  const email = uniqueEmail('moi');
  await form.getByLabel('Họ tên').fill('Đinh Thị Mời');
  await form.getByLabel('Email').fill(email);
  const since = Date.now() - 1000;
  await form.getByRole('button', { name: 'Lưu' }).click();
  await expect(page.getByText(`Đã gửi lời mời tới ${email}`)).toBeVisible();
  await expect(
    page.getByRole('row', { name: /Đinh Thị Mời/ }).getByText('Đã mời, chờ đặt mật khẩu'),
  ).toBeVisible();

  const link = new URL(await resetLink(email, since));
  const invitee = await page.context().browser()!.newContext({ baseURL: test.info().project.use.baseURL });
  const p = await invitee.newPage();
  await p.goto(link.pathname);
  await p.getByLabel('Mật khẩu', { exact: true }).fill(PASSWORD);
  await p.getByLabel('Xác nhận mật khẩu').fill(PASSWORD);
  await p.getByRole('button', { name: 'Đặt mật khẩu và bắt đầu' }).click();
  // Setting the password signs the colleague in (decision 185): no second sign-in.
  await expect(p).not.toHaveURL(/\/auth\//);
  await expect(
    p.getByRole('navigation', { name: 'Menu chính' }).getByRole('link', { name: 'Quản lý sản phẩm' }),
  ).toBeVisible();
  await invitee.close();

  await page.reload();
  await expect(page.getByRole('row', { name: /Đinh Thị Mời/ }).getByText('Đang hoạt động')).toBeVisible();
});

test('[COMPANY_ADMIN][e2e][company]: a list refuses "cà phê" beside "Cà phê" and asks before removing a value', async ({
  page,
  request,
  allowConsoleError,
}) => {
  allowConsoleError(/status of 409/);
  const admin = await createActiveUser(request, { business: true });
  await signIn(page, admin.email, admin.password);
  await page.goto('/company/settings/');
  const field = page.getByLabel('Thêm danh mục', { exact: true });
  await field.fill('Cà phê');
  await field.press('Enter');
  await expect(page.getByRole('button', { name: 'Xóa "Cà phê"', exact: true })).toBeVisible();
  await field.fill('cà phê');
  await field.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: '"cà phê" trùng với "Cà phê"' })).toBeVisible();
  await expect(field).toHaveValue('cà phê');
  await expect(page.getByRole('button', { name: 'Xóa "cà phê"', exact: true })).toHaveCount(0);

  await page.getByRole('button', { name: 'Xóa "Cà phê"', exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Xóa "Cà phê" khỏi danh sách?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Hủy' }).click();
  await expect(page.getByRole('button', { name: 'Xóa "Cà phê"', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Xóa "Cà phê"', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Xóa' }).click();
  await expect(page.getByRole('button', { name: 'Xóa "Cà phê"', exact: true })).toHaveCount(0);
});

test('[SUPER_ADMIN][e2e][products]: picks a company to add a product and to import, and sees the company column', async ({
  page,
  request,
}) => {
  const owner = await createActiveUser(request, { business: true });
  const companyName = `HTX Chọn ${Date.now()}`;
  const renamed = await request.patch('/api/auth/company', {
    headers: auth(owner.accessToken),
    data: { name: companyName },
  });
  expect(renamed.status(), await renamed.text()).toBe(200);
  await request.post('/api/companies/units/upsert', {
    headers: auth(owner.accessToken),
    data: { units: ['Hũ 500g'] },
  });

  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/products/manage');
  await page.getByRole('button', { name: 'Thêm sản phẩm' }).click();
  const form = page.getByRole('dialog', { name: 'Thêm sản phẩm' });
  await form.getByLabel('Tên sản phẩm', { exact: true }).fill(`Mật ong ${companyName}`);
  await form.getByRole('button', { name: 'Lưu' }).click();
  await expect(form.getByText('Vui lòng chọn doanh nghiệp cho sản phẩm')).toBeVisible();
  await form.getByLabel('Tìm doanh nghiệp').fill(companyName);
  await form.getByLabel('Doanh nghiệp', { exact: true }).selectOption({ label: companyName });
  await form.getByLabel('Đơn vị').selectOption('Hũ 500g');
  await form.getByRole('button', { name: 'Lưu' }).click();
  await expect(page.getByText('Đã thêm sản phẩm')).toBeVisible();
  await expect(form).toBeHidden();

  await page.getByRole('search').getByLabel('Tìm kiếm').fill(`Mật ong ${companyName}`);
  const row = page.getByRole('row', { name: new RegExp(`Mật ong ${companyName}`) });
  await expect(row.getByRole('cell', { name: companyName, exact: true })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Doanh nghiệp' })).toBeVisible();

  await page.getByRole('button', { name: 'Nhập nhiều sản phẩm' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nhập nhiều sản phẩm' });
  await dialog.getByLabel('Tìm doanh nghiệp').fill(companyName);
  await dialog.getByLabel('Doanh nghiệp', { exact: true }).selectOption({ label: companyName });
  const csv = [
    'Mã nhóm,Tên sản phẩm,Trạng thái,Danh mục,Đơn vị,Thẻ,Xuất xứ,Mã QR,Hoạt động,Địa điểm,Ngày,Mô tả',
    `1,Trà ${companyName},ACTIVE,,,,Thái Nguyên,,Hái,Tân Cương,2026-01-02,`,
  ].join('\n');
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'tra.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await dialog.getByRole('button', { name: 'Nhập 1 sản phẩm' }).click();
  await expect(dialog).toBeHidden();

  const listed = await request.get(`/api/products?search=${encodeURIComponent(`Trà ${companyName}`)}`, {
    headers: auth(owner.accessToken),
  });
  expect(((await listed.json()) as { data: { total: number } }).data.total).toBe(1);
});
