/**
 * The supply chain on a phone (issue 31, decisions 200-202): a company admin adds a supplier and a customer,
 * records a receipt on lot A, makes lot B from lot A, ships lot B to the customer, recalls lot A, and sees
 * lot B marked "made from a recalled batch" and the recall scope naming lot B and the customer with the
 * quantity; the scope's CSV downloads. Every screen passes axe, fits 390 px and is photographed.
 */
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { PASSWORD, signIn } from './support/accounts.ts';
import { expectNoAxeViolations } from './support/a11y.ts';
import { addProduct, newCompanyOwner } from './support/company.ts';
import { expect, test } from './support/fixtures.ts';

test.use({ viewport: { width: 390, height: 844 } });

async function lotOf(request: APIRequestContext, token: string, productId: number, code: string) {
  const res = await request.post('/api/lots', {
    headers: { authorization: `Bearer ${token}` },
    data: { productId, code, quantity: 1000, unit: 'kg' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { id: number } }).data;
}

/** Nothing on the page scrolls sideways at 390 px. */
async function expectFits(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

test('[COMPANY_ADMIN][e2e][supply-chain]: supplier and customer, a receipt, a lot made from it, a shipment, a recall: the lot made from it is marked and the recall scope names the customer', async ({
  page,
  request,
  allowConsoleError,
}, testInfo) => {
  // Eleven screens, each through axe, on a 2-core machine.
  test.setTimeout(180_000);
  const owner = await newCompanyOwner(request, 'Chủ xưởng rang');
  const green = await addProduct(request, owner.accessToken, { name: 'Cà phê nhân xanh' });
  const roasted = await addProduct(request, owner.accessToken, { name: 'Cà phê rang xay' });
  const lotA = await lotOf(request, owner.accessToken, green.id, 'XANH01');
  const lotB = await lotOf(request, owner.accessToken, roasted.id, 'RANG01');
  const shot = (name: string) => page.screenshot({ path: testInfo.outputPath(name), fullPage: true });
  await signIn(page, owner.email, PASSWORD);

  // The menu names the partners' page.
  await page.getByRole('button', { name: 'Mở menu', exact: true }).click();
  await page.getByRole('link', { name: 'Đối tác' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Đối tác' })).toBeVisible();
  await expect(page.getByText('Chưa có đối tác nào.')).toBeVisible();
  await expectNoAxeViolations(page, 'partners, empty (phone)');

  // A supplier: a wrong tax code is refused beside its field, then saved.
  await page.getByRole('button', { name: 'Thêm đối tác' }).click();
  const form = page.getByRole('dialog', { name: 'Thêm đối tác' });
  await form.getByLabel('Tên đối tác').fill('Hợp tác xã Cà phê Ea Tu');
  await form.getByLabel('Loại', { exact: true }).selectOption('SUPPLIER');
  await form.getByLabel('Mã số thuế').fill('0312687879');
  await form.getByLabel('Điện thoại').fill('0262 3812 345');
  await form.getByLabel('Tỉnh, thành phố').fill('Đắk Lắk');
  await expect(form.getByLabel('Quốc gia')).toHaveValue('VN');
  const publicName = form.getByRole('group', { name: 'Hiện tên trên trang công khai' });
  await expect(publicName.getByLabel('Không')).toBeChecked();
  await form.getByRole('button', { name: 'Lưu đối tác' }).click();
  await expect(form.getByLabel('Mã số thuế')).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page, 'partner form with an error (phone)');
  await shot('partner-form-390.png');
  await form.getByLabel('Mã số thuế').fill('');
  await publicName.getByText('Có', { exact: true }).click();
  await form.getByRole('button', { name: 'Lưu đối tác' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByText('Thêm đối tác thành công')).toBeVisible();

  // A customer.
  await page.getByRole('button', { name: 'Thêm đối tác' }).click();
  await form.getByLabel('Tên đối tác').fill('Siêu thị Sài Gòn');
  await form.getByLabel('Loại', { exact: true }).selectOption('CUSTOMER');
  await form.getByLabel('Điện thoại').fill('028 3829 0000');
  await form.getByLabel('Email').fill('mua-hang@sieuthi.vn');
  await form.getByLabel('Địa chỉ').fill('1 Lê Lợi');
  await form.getByRole('button', { name: 'Lưu đối tác' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Siêu thị Sài Gòn' })).toBeVisible();
  // Edited from its card's menu: the form opens with what was saved.
  await page.getByRole('button', { name: 'Thao tác: Siêu thị Sài Gòn' }).click();
  await page.getByRole('menuitem', { name: 'Sửa' }).click();
  const edit = page.getByRole('dialog', { name: 'Sửa đối tác' });
  await expect(edit.getByLabel('Email')).toHaveValue('mua-hang@sieuthi.vn');
  await edit.getByLabel('Tỉnh, thành phố').fill('TP. Hồ Chí Minh');
  await edit.getByRole('button', { name: 'Lưu đối tác' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText('Cập nhật đối tác thành công')).toBeVisible();
  await expect(page.getByText('1 Lê Lợi, TP. Hồ Chí Minh')).toBeVisible();
  await page.getByLabel('Tìm kiếm').fill('ea tu');
  await expect(page.getByRole('heading', { name: 'Siêu thị Sài Gòn' })).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Hợp tác xã Cà phê Ea Tu' })).toBeVisible();
  await page.getByLabel('Tìm kiếm').fill('');
  await expect(page.getByRole('heading', { name: 'Siêu thị Sài Gòn' })).toBeVisible();
  await expectNoAxeViolations(page, 'partners list (phone)');
  await expectFits(page);
  await shot('partners-list-390.png');

  // Receipts from a file, from here: a file with an error imports nothing and says which line, a good
  // one is previewed, then imported whole.
  await page.getByRole('button', { name: 'Nhập phiếu nhận hàng' }).click();
  const importing = page.getByRole('dialog', { name: 'Nhập phiếu nhận hàng từ tệp' });
  const csvFile = (text: string) => ({
    name: 'phieu-nhan.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(text),
  });
  const picker = importing.getByLabel('Chọn tệp CSV hoặc XLSX');
  await picker.setInputFiles(
    csvFile(
      'lot,partner,quantity,unit,date\nXANH01,Hợp tác xã Cà phê Ea Tu,200,KGM,2024-05-03\nXANH01,Nông trại Không Có,5,KGM,2024-05-04\n',
    ),
  );
  await expect(importing.getByRole('alert')).toContainText(
    'Dòng 3: Không tìm thấy đối tác Nông trại Không Có',
  );
  await expect(importing.getByRole('button', { name: /^Nhập \d+ phiếu$/ })).toHaveCount(0);
  await expectNoAxeViolations(page, 'receipts import with an error (phone)');
  await shot('receipts-import-390.png');
  await picker.setInputFiles(
    csvFile('lot,partner,quantity,unit,date\nXANH01,Hợp tác xã Cà phê Ea Tu,200,KGM,2024-05-03\n'),
  );
  await expect(importing.getByText('Tệp hợp lệ: 1 phiếu, chưa nhập')).toBeVisible();
  await importing.getByRole('button', { name: 'Nhập 1 phiếu' }).click();
  await expect(importing).toBeHidden();
  await expect(page.getByText('Đã nhập 1 phiếu')).toBeVisible();

  // Lot A: a receipt from the supplier.
  await page.goto(`/products/manage/${green.id}/lots`);
  await page.getByRole('link', { name: 'XANH01' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lô XANH01' })).toBeVisible();
  await page.getByRole('button', { name: 'Ghi nhận nhận hàng' }).click();
  const receipt = page.getByRole('dialog', { name: 'Ghi nhận nhận hàng' });
  await receipt
    .getByLabel('Nhà cung cấp', { exact: true })
    .selectOption({ label: 'Hợp tác xã Cà phê Ea Tu' });
  await receipt.getByLabel('Mã lô của nhà cung cấp').fill('HTX-2024/05');
  await receipt.getByLabel('Số lượng').fill('1000,5');
  await expect(receipt.getByLabel('Đơn vị')).toHaveValue('KGM');
  await receipt.getByLabel('Ngày', { exact: true }).fill('2024-05-02');
  await receipt.getByLabel('Số chứng từ').fill('HD-0001');
  await receipt.getByRole('button', { name: 'Lưu', exact: true }).click();
  // A number without its type is refused beside the type.
  await expect(receipt.getByText('Vui lòng chọn loại chứng từ')).toBeVisible();
  await receipt.getByLabel('Loại chứng từ').selectOption('INVOICE');
  await expectNoAxeViolations(page, 'receipt form (phone)');
  await shot('receipt-form-390.png');
  await receipt.getByRole('button', { name: 'Lưu', exact: true }).click();
  await expect(receipt).toBeHidden();
  const receipts = page.getByTestId('receipts');
  await expect(receipts).toContainText('Hợp tác xã Cà phê Ea Tu');
  await expect(receipts).toContainText('1.000,5 kg');
  await expect(receipts).toContainText('Hóa đơn HD-0001');
  // The imported one too.
  await expect(receipts).toContainText('200 kg');

  // Lot B: made from lot A.
  await page.goto(`/products/manage/${roasted.id}/lots/${lotB.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Lô RANG01' })).toBeVisible();
  await page.getByRole('button', { name: 'Thêm lô nguyên liệu' }).click();
  const input = page.getByRole('dialog', { name: 'Thêm lô nguyên liệu' });
  await input.getByLabel('Tìm lô theo mã hoặc tên sản phẩm').fill('nhân xanh');
  await input.getByRole('radio', { name: /XANH01/ }).check();
  await input.getByLabel('Số lượng').fill('800');
  await input.getByLabel('Đơn vị').selectOption('KGM');
  await expectNoAxeViolations(page, 'input form (phone)');
  await shot('input-form-390.png');
  await input.getByRole('button', { name: 'Thêm lô nguyên liệu' }).click();
  await expect(input).toBeHidden();
  await expect(page.getByText('Đã thêm 1 lô nguyên liệu')).toBeVisible();
  await expect(page.getByTestId('inputs')).toContainText('XANH01');
  await expect(page.getByTestId('inputs')).toContainText('800 kg');

  // Lot B shipped to the customer, more than it has: saved, and warned.
  await page.getByRole('button', { name: 'Ghi nhận xuất hàng' }).click();
  const shipment = page.getByRole('dialog', { name: 'Ghi nhận xuất hàng' });
  await shipment.getByLabel('Khách hàng', { exact: true }).selectOption({ label: 'Siêu thị Sài Gòn' });
  await shipment.getByLabel('Số lượng').fill('1200');
  await shipment.getByLabel('Đơn vị').selectOption('KGM');
  await shipment.getByLabel('Ngày', { exact: true }).fill('2024-05-20');
  await shipment.getByLabel('Loại chứng từ').selectOption('DELIVERY_NOTE');
  await shipment.getByLabel('Số chứng từ').fill('PGH-77');
  await shipment.getByRole('button', { name: 'Lưu', exact: true }).click();
  await expect(shipment).toBeHidden();
  await expect(page.getByText(/^Đã lưu\. Cảnh báo cân đối/)).toBeVisible();
  await expect(page.getByTestId('shipments')).toContainText('Siêu thị Sài Gòn');
  await expect(page.getByTestId('balance')).toContainText('Cảnh báo cân đối');

  // The trace, backward then forward.
  const trace = page.getByTestId('trace');
  await expect(trace).toContainText('Cách 1 bước');
  await expect(trace.getByRole('link', { name: 'XANH01' })).toBeVisible();
  await expect(trace).toContainText('Hợp tác xã Cà phê Ea Tu');
  await expectNoAxeViolations(page, 'lot workspace page (phone)');
  await expectFits(page);
  await shot('lot-workspace-390.png');
  await trace.screenshot({ path: testInfo.outputPath('trace-390.png') });
  await trace.getByText('Truy xuôi (nơi đến)').click();
  await expect(trace).toContainText('Siêu thị Sài Gòn');
  await expect(trace).toContainText('Không có lô nào khác trên chuỗi theo hướng này.');

  // Hold and release lot B.
  await page.getByRole('button', { name: 'Tạm giữ', exact: true }).click();
  const hold = page.getByRole('dialog', { name: 'Tạm giữ lô RANG01?' });
  await hold.getByLabel('Lý do tạm giữ').fill('Chờ kết quả kiểm nghiệm');
  await expectNoAxeViolations(page, 'hold dialog (phone)');
  await hold.getByRole('button', { name: 'Tạm giữ' }).click();
  await expect(hold).toBeHidden();
  await expect(page.getByText('Lô đang bị tạm giữ: Chờ kết quả kiểm nghiệm')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ghi nhận xuất hàng' })).toBeDisabled();
  await page.getByRole('button', { name: 'Giải phóng' }).click();
  await page
    .getByRole('alertdialog', { name: 'Giải phóng lô RANG01?' })
    .getByRole('button', { name: 'Giải phóng' })
    .click();
  await expect(page.getByText('Đã giải phóng lô hàng')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ghi nhận xuất hàng' })).toBeEnabled();

  // Lot A recalled from its own page.
  await page.goto(`/products/manage/${green.id}/lots/${lotA.id}`);
  await expect(page.getByTestId('used-in')).toContainText('RANG01');
  await page.getByRole('button', { name: 'Thu hồi', exact: true }).click();
  const recall = page.getByRole('dialog', { name: 'Thu hồi lô XANH01?' });
  await recall.getByLabel('Lý do thu hồi').fill('Nhiễm nấm mốc');
  await recall.getByRole('button', { name: 'Thu hồi' }).click();
  await expect(recall).toBeHidden();
  await expect(page.getByText('Lô đã bị thu hồi: Nhiễm nấm mốc').first()).toBeVisible();

  // The recall scope: lot B and the customer with the quantity; its CSV.
  const scope = page.getByTestId('recall-scope');
  await expect(scope.getByRole('link', { name: 'RANG01' })).toBeVisible();
  await expect(scope).toContainText('Siêu thị Sài Gòn');
  await expect(scope).toContainText('1.200 kg');
  await expect(scope.getByRole('link', { name: '028 3829 0000' })).toBeVisible();
  await expectNoAxeViolations(page, 'recall scope (phone)');
  await expectFits(page);
  await scope.scrollIntoViewIfNeeded();
  await shot('recall-scope-390.png');
  await scope.screenshot({ path: testInfo.outputPath('recall-scope-section-390.png') });
  const download = page.waitForEvent('download');
  await scope.getByRole('button', { name: 'Tải CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('pham-vi-thu-hoi-XANH01.csv');
  const csv = await readFile(await file.path(), 'utf8');
  expect(csv).toContain('RANG01,Cà phê rang xay,1,Đang tạm giữ,Siêu thị Sài Gòn');
  expect(csv).toContain('1.200,kg,2024-05-20,Phiếu giao hàng PGH-77');

  // Lot B says it was made from a recalled batch.
  await scope.getByRole('link', { name: 'RANG01' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lô RANG01' })).toBeVisible();
  const marked = page.getByTestId('made-from-recalled');
  await expect(marked).toContainText('Làm từ lô đã bị thu hồi');
  await expect(marked).toContainText('XANH01');
  await expect(marked).toContainText('Nhiễm nấm mốc');
  await expect(page.getByText('Làm từ lô XANH01 đã bị thu hồi: Nhiễm nấm mốc').first()).toBeVisible();
  await expectNoAxeViolations(page, 'lot made from a recalled batch (phone)');
  await expectFits(page);
  await shot('lot-made-from-recalled-390.png');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: testInfo.outputPath('lot-made-from-recalled-top-390.png') });

  // The shopper's page of lot B (decision 200): the recalled input said first, where its goods came from
  // (the supplier named, since the company let it be), never the customer or a quantity.
  await page.goto(`/lots/${lotB.id}`);
  const banner = page.getByTestId('input-recall-banner');
  await expect(banner).toContainText('Lô hàng này được làm từ một lô nguyên liệu đã bị thu hồi');
  await expect(banner).toContainText('Lô nguyên liệu XANH01');
  await expect(banner).toContainText('Nhiễm nấm mốc');
  const origins = page.getByTestId('lot-origins');
  await expect(origins).toContainText('Cà phê nhân xanh — lô XANH01');
  await expect(origins).toContainText('Hợp tác xã Cà phê Ea Tu · Đắk Lắk, Việt Nam');
  await expect(page.locator('body')).not.toContainText('Siêu thị');
  await expect(page.locator('body')).not.toContainText('PGH-77');
  await expectNoAxeViolations(page, 'public lot page made from a recalled batch (phone)');
  await expectFits(page);
  await shot('public-lot-made-from-recalled-390.png');

  // A partner named on a receipt cannot be deleted: the server says why (the browser logs its 409).
  allowConsoleError(/status of 409/);
  await page.goto('/partners');
  await page.getByRole('button', { name: 'Thao tác: Hợp tác xã Cà phê Ea Tu' }).click();
  await page.getByRole('menuitem', { name: 'Xóa' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Xóa' }).click();
  await expect(page.getByText(/Đối tác đã có 2 phiếu nhận hoặc xuất hàng/)).toBeVisible();
});
