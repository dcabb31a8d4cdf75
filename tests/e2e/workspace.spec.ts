import type { APIRequestContext, Page } from '@playwright/test';
import QRCode from 'qrcode';
import { createActiveUser, forgetAccount, PASSWORD, signIn, uniqueEmail } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { resetLink } from './support/outbox.ts';

/** A small real PNG (a QR picture) to upload as a product image. */
const png = async (text: string) => ({
  name: `${text}.png`,
  mimeType: 'image/png',
  buffer: await QRCode.toBuffer(text, { width: 120 }),
});

const HEADER =
  'Mã nhóm,Tên sản phẩm,Trạng thái,Danh mục,Đơn vị,Thẻ,Xuất xứ,Mã QR,Hoạt động,Địa điểm,Ngày,Mô tả';
const csvFile = (name: string, lines: string[]) => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from([HEADER, ...lines].join('\n'), 'utf8'),
});

async function productTotal(request: APIRequestContext, token: string): Promise<number> {
  const res = await request.get('/api/products', { headers: { Authorization: `Bearer ${token}` } });
  return ((await res.json()) as { data: { total: number } }).data.total;
}

async function openProducts(page: Page) {
  await page.goto('/products/manage');
  await expect(page.getByRole('heading', { name: 'Quản lý sản phẩm', level: 1 })).toBeVisible();
}

test('[COMPANY_ADMIN][e2e][workspace]: company lists, a product with two images and a three-step timeline, search, edit and QR', async ({
  page,
  request,
}) => {
  const admin = await createActiveUser(request, { business: true, name: 'Phạm Quản Trị' });
  await signIn(page, admin.email, admin.password);

  // The company's lists feed the product form.
  await page.goto('/company/settings/');
  await expect(page.getByRole('heading', { name: 'Thông tin doanh nghiệp', exact: true })).toBeVisible();
  for (const [label, value] of [
    ['Thêm danh mục', 'Cà phê'],
    ['Thêm đơn vị', 'Gói 500g'],
    ['Thêm thẻ', 'hữu cơ'],
  ]) {
    await page.getByLabel(label!, { exact: true }).fill(value!);
    await page.getByLabel(label!, { exact: true }).press('Enter');
    await expect(page.getByRole('button', { name: `Xóa "${value}"` })).toBeVisible();
  }

  await openProducts(page);
  await expect(page.getByText('Chưa có sản phẩm nào. Hãy thêm sản phẩm hoặc nhập từ tệp.')).toBeVisible();
  await page.getByRole('button', { name: 'Thêm sản phẩm' }).click();
  const form = page.getByRole('dialog', { name: 'Thêm sản phẩm' });
  await form.getByLabel('Tên sản phẩm', { exact: true }).fill('Cà phê Arabica Cầu Đất');
  await form.getByLabel('Xuất xứ').fill('Lâm Đồng');
  await form.getByLabel('Danh mục').selectOption('Cà phê');
  await form.getByLabel('Đơn vị').selectOption('Gói 500g');
  await form.getByText('hữu cơ', { exact: true }).click();
  await form.getByLabel('Đang hoạt động').check();
  await form.locator('input[type=file]').setInputFiles([await png('anh-mot'), await png('anh-hai')]);
  await expect(form.getByRole('img', { name: /^Ảnh \d của Cà phê Arabica Cầu Đất$/ })).toHaveCount(2);
  await expect(form.getByText('Ảnh bìa', { exact: true })).toBeVisible();

  const steps = [
    ['Thu hoạch', 'Cầu Đất', '2024-11-05'],
    ['Rang', 'Đà Lạt', '2024-11-20'],
    ['Đóng gói', 'Đà Lạt', '2024-11-22'],
  ];
  for (const [i, [activity, location, date]] of steps.entries()) {
    await form.getByRole('button', { name: 'Thêm bước' }).click();
    const step = form.getByRole('listitem', { name: `Bước ${i + 1}` });
    await step.getByLabel('Hoạt động').fill(activity!);
    await step.getByLabel('Địa điểm').fill(location!);
    await step.getByLabel('Ngày').fill(date!);
  }
  await form.getByRole('button', { name: 'Lưu' }).click();
  await expect(page.getByText('Đã thêm sản phẩm')).toBeVisible();
  await expect(form).toBeHidden();

  // Found by a search without the Vietnamese marks.
  await page.getByRole('searchbox', { name: 'Tìm kiếm' }).fill('arabica cau dat');
  const row = page.getByRole('row', { name: /Cà phê Arabica Cầu Đất/ });
  await expect(row).toBeVisible();
  await expect(row.getByText('Đang hoạt động')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Tìm kiếm' }).fill('khong co san pham nay');
  await expect(page.getByText('Không có sản phẩm phù hợp')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Tìm kiếm' }).fill('arabica');

  // Edit: the saved product comes back whole; move the last step up, change the origin.
  await page.getByRole('button', { name: 'Sửa Cà phê Arabica Cầu Đất' }).click();
  const edit = page.getByRole('dialog', { name: 'Sửa sản phẩm' });
  await expect(edit.getByLabel('Tên sản phẩm', { exact: true })).toHaveValue('Cà phê Arabica Cầu Đất');
  await expect(edit.getByRole('listitem', { name: /^Bước \d$/ })).toHaveCount(3);
  await expect(edit.getByRole('img', { name: /^Ảnh \d của/ })).toHaveCount(2);
  await expect(edit.getByRole('img', { name: 'Mã QR của Cà phê Arabica Cầu Đất' })).toBeVisible();
  await expect(edit.getByRole('link', { name: 'Tải PNG' })).toHaveAttribute(
    'href',
    /^\/api\/qr\/[a-z2-9]{12}\.png$/,
  );
  await expect(edit.getByRole('link', { name: 'Tải SVG' })).toHaveAttribute(
    'href',
    /^\/api\/qr\/[a-z2-9]{12}\.svg$/,
  );
  await edit.getByLabel('Xuất xứ').fill('Cầu Đất, Lâm Đồng');
  await edit.getByRole('button', { name: 'Đưa bước 3 lên' }).click();
  await edit.getByRole('button', { name: 'Lưu' }).click();
  await expect(page.getByText('Đã lưu sản phẩm')).toBeVisible();
  await expect(page.getByRole('row', { name: /Cầu Đất, Lâm Đồng/ })).toBeVisible();

  const list = await request.get('/api/products?search=arabica', {
    headers: { Authorization: `Bearer ${admin.accessToken}` },
  });
  const id = ((await list.json()) as { data: { products: { id: number }[] } }).data.products[0]!.id;
  const saved = await request.get(`/api/products/${id}`, {
    headers: { Authorization: `Bearer ${admin.accessToken}` },
  });
  const product = ((await saved.json()) as { data: { images: string[]; trackings: { activity: string }[] } })
    .data;
  expect(product.images).toHaveLength(2);
  expect(product.trackings.map((t) => t.activity)).toEqual(['Thu hoạch', 'Đóng gói', 'Rang']);
});

test('[COMPANY_ADMIN][e2e][workspace]: generates a batch of codes and prints them as an A4 sheet of vector QR labels', async ({
  page,
  request,
}) => {
  const admin = await createActiveUser(request, { business: true });
  await signIn(page, admin.email, admin.password);
  await page.goto('/qrs');
  await expect(page.getByText('Chưa có mã QR nào. Hãy tạo một loạt mã để in tem.')).toBeVisible();
  await page.getByLabel('Số lượng mã').fill('6');
  await page.getByRole('button', { name: 'Tạo mã' }).click();
  await expect(page.getByText('Đã tạo 6 mã QR')).toBeVisible();
  await expect(page.getByRole('row', { name: /Chưa gắn/ })).toHaveCount(6);
  const codes = await page.locator('tbody th[scope=row]').allTextContents();

  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed++;
    };
  });
  await page.getByRole('button', { name: 'In 6 mã đã chọn' }).click();
  await expect(page.getByRole('heading', { name: 'Tờ tem mã QR (A4)' })).toBeVisible();
  const labels = page.getByTestId('qr-label');
  await expect(labels).toHaveCount(6);
  await expect(labels.locator('svg')).toHaveCount(6);
  expect((await labels.locator('span').allTextContents()).sort()).toEqual([...codes].sort());
  // Printed 30 mm wide, quiet zone included in the SVG's own margin.
  await page.emulateMedia({ media: 'print' });
  const width = await labels
    .first()
    .locator('svg')
    .evaluate((el) => el.getBoundingClientRect().width);
  expect(width).toBeGreaterThan(110); // 30 mm at 96 dpi is 113 px
  await page.emulateMedia({ media: 'screen' });
  await page.getByRole('button', { name: 'In', exact: true }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await page.getByRole('button', { name: 'Quay lại' }).click();
  await expect(page.getByRole('heading', { name: 'Quản lý mã QR', level: 1 })).toBeVisible();
});

test('[COMPANY_ADMIN][e2e][workspace]: a broken CSV is refused with row errors and imports nothing; ten products then import whole', async ({
  page,
  request,
}) => {
  const admin = await createActiveUser(request, { business: true });
  await signIn(page, admin.email, admin.password);
  await openProducts(page);
  await page.getByRole('button', { name: 'Nhập nhiều sản phẩm' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nhập nhiều sản phẩm' });
  await expect(dialog.getByRole('link', { name: 'Tải mẫu CSV' })).toHaveAttribute(
    'href',
    '/api/products/import/template.csv',
  );

  const broken = csvFile('hong.csv', [
    'SP01,Chè Tân Cương,Đang hoạt động,Chè,,,,,Hái,Tân Cương,2024-05-01,',
    'SP01,,,,,,,,Sao,Tân Cương,ngày mai,',
    ',,,,,,,,Đóng gói,,2024-05-03,',
  ]);
  await dialog.locator('input[type=file]').setInputFiles(broken);
  const alert = dialog.getByRole('alert');
  await expect(
    alert.getByText('Có 2 lỗi: sửa tệp rồi chọn lại, chưa có sản phẩm nào được nhập.'),
  ).toBeVisible();
  await expect(alert.getByRole('row', { name: /3 Ngày Ngày không hợp lệ/ })).toBeVisible();
  await expect(alert.getByRole('row', { name: /4 Tên sản phẩm/ })).toBeVisible();
  await expect(dialog.getByRole('button', { name: /^Nhập \d+ sản phẩm$/ })).toHaveCount(0);
  expect(await productTotal(request, admin.accessToken)).toBe(0);

  const good = csvFile(
    'muoi-san-pham.csv',
    Array.from({ length: 10 }, (_, i) => [
      `SP${i + 1},Mật ong rừng số ${i + 1},Đang hoạt động,Mật ong,Chai,,U Minh,,Thu hoạch,Cà Mau,2024-04-0${(i % 9) + 1},`,
      `SP${i + 1},,,,,,,,Đóng chai,Cà Mau,20/04/2024,`,
    ]).flat(),
  );
  await dialog.locator('input[type=file]').setInputFiles(good);
  await expect(dialog.getByText('Tệp có 10 sản phẩm, 20 bước hành trình.')).toBeVisible();
  await expect(dialog.getByText('Tệp hợp lệ, sẵn sàng nhập.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Nhập 10 sản phẩm' }).click();
  await expect(page.getByText('Đã nhập 10 sản phẩm')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Tổng cộng 10')).toBeVisible();
  await expect(page.getByRole('row', { name: /Mật ong rừng số 1\b/ })).toBeVisible();
  expect(await productTotal(request, admin.accessToken)).toBe(10);
});

test('[COMPANY_ADMIN][e2e][workspace]: adds an employee, who signs in, manages products but is kept out of users', async ({
  page,
  request,
}) => {
  const admin = await createActiveUser(request, { business: true });
  await signIn(page, admin.email, admin.password);
  await page.goto('/users');
  await expect(page.getByRole('heading', { name: 'Người dùng', level: 1 })).toBeVisible();
  const statuses = page.getByRole('group', { name: 'Trạng thái' });
  await expect(statuses.getByRole('button', { name: /Tất cả\s*1/, pressed: true })).toBeVisible();

  const email = uniqueEmail('nhanvien');
  await page.getByRole('button', { name: 'Thêm người dùng' }).click();
  const form = page.getByRole('dialog', { name: 'Thêm người dùng' });
  // A company admin may give only its company's two roles.
  await expect(form.getByLabel('Vai trò').locator('option')).toHaveText([
    'Nhân viên',
    'Quản trị doanh nghiệp',
  ]);
  await form.getByLabel('Họ tên').fill('Võ Nhân Viên');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Vai trò').selectOption({ label: 'Nhân viên' });
  const since = Date.now() - 1000;
  await form.getByRole('button', { name: 'Lưu' }).click();
  await expect(page.getByText(`Đã gửi lời mời tới ${email}`)).toBeVisible();
  const row = page.getByRole('row', { name: /Võ Nhân Viên/ });
  await expect(row.getByRole('cell', { name: 'Nhân viên', exact: true })).toBeVisible();
  await expect(statuses.getByRole('button', { name: /Tất cả\s*2/, pressed: true })).toBeVisible();
  await statuses.getByRole('button', { name: /Đã xóa/ }).click();
  await expect(statuses.getByRole('button', { name: /Đã xóa/, pressed: true })).toBeVisible();
  await expect(statuses.getByRole('button', { name: /Tất cả/, pressed: false })).toBeVisible();
  await expect(page.getByRole('row', { name: /Võ Nhân Viên/ })).toHaveCount(0);
  await statuses.getByRole('button', { name: /Tất cả/ }).click();

  // The employee sets a password from the invitation (decision 087), which signs them in (decision 185).
  await forgetAccount(page);
  await page.goto(new URL(await resetLink(email, since)).pathname);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Chào mừng bạn đến với Công ty E2E' }),
  ).toBeVisible();
  await page.getByLabel('Mật khẩu', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Xác nhận mật khẩu').fill(PASSWORD);
  await page.getByRole('button', { name: 'Đặt mật khẩu và bắt đầu' }).click();
  await expect(page).not.toHaveURL(/\/auth\//);
  const menu = page.getByRole('navigation', { name: 'Menu chính' });
  await expect(menu.getByRole('link', { name: 'Quản lý sản phẩm' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Người dùng' })).toHaveCount(0);
  await openProducts(page);
  await page.getByRole('button', { name: 'Thêm sản phẩm' }).click();
  const product = page.getByRole('dialog', { name: 'Thêm sản phẩm' });
  await product.getByLabel('Tên sản phẩm', { exact: true }).fill('Nước mắm Phú Quốc');
  await product.getByRole('button', { name: 'Lưu' }).click();
  await expect(page.getByText('Đã thêm sản phẩm')).toBeVisible();
  await expect(page.getByRole('row', { name: /Nước mắm Phú Quốc/ })).toBeVisible();

  await page.goto('/users');
  await expect(page).not.toHaveURL(/\/users$/);
  await expect(page.getByRole('heading', { name: 'Người dùng', level: 1 })).toHaveCount(0);
});
