/**
 * Lots on a phone (decision 126): a company creates a lot of its product and its QR code, a visitor
 * opens the lot's public page, the company recalls the lot, and the next scan of the lot's code shows
 * the red recall banner before anything else; so does the lot page. Each screen passes axe.
 */
import type { APIRequestContext } from '@playwright/test';
import { gs1CheckDigit } from '#shared/gs1/identifiers.ts';
import { createActiveUser, signIn } from './support/accounts.ts';
import { expectNoAxeViolations } from './support/a11y.ts';
import { expect, test } from './support/fixtures.ts';

test.use({ viewport: { width: 390, height: 844 } });

/** A GTIN-13 of its own per journey: one GTIN names one product in the whole app (decision 125). */
function freshGtin(): string {
  const body = `893${String(Date.now() % 1e9).padStart(9, '0')}`;
  return `${body}${gs1CheckDigit(body)}`;
}

async function productOf(request: APIRequestContext, token: string) {
  const res = await request.post('/api/products', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      name: 'Cà phê hạt Arabica',
      status: 'ACTIVE',
      gtin: freshGtin(),
      origin: 'Cầu Đất, Lâm Đồng',
      trackings: [{ activity: 'Thu hái', location: 'Cầu Đất', date: '2024-04-20', description: '' }],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { id: number } }).data;
}

test('a lot is created with its own code, its page opens, and after a recall its code shows the banner first', async ({
  page,
  request,
}, testInfo) => {
  const owner = await createActiveUser(request, { business: true, name: 'Chủ HTX' });
  const product = await productOf(request, owner.accessToken);
  await signIn(page, owner.email, owner.password);

  await page.goto(`/products/manage/${product.id}/lots`);
  await expect(page.getByRole('heading', { level: 1, name: /Lô hàng: Cà phê hạt Arabica/ })).toBeVisible();
  await expect(page.getByText('Sản phẩm chưa có lô hàng nào.')).toBeVisible();
  await page.getByRole('button', { name: 'Thêm lô hàng' }).click();
  const form = page.getByRole('dialog', { name: 'Thêm lô hàng' });
  await form.getByLabel('Mã lô (GS1 AI 10)').fill('Lô 1');
  await form.getByLabel('Ngày sản xuất').fill('2024-05-02');
  await form.getByLabel('Hạn dùng', { exact: true }).fill('2025-05-02');
  await form.getByRole('button', { name: 'Thêm bước' }).click();
  const step = form.getByRole('listitem', { name: 'Bước 1' });
  await step.getByLabel('Hoạt động').fill('Rang mẻ L2405A');
  await step.getByLabel('Địa điểm').fill('Xưởng rang Đà Lạt');
  await step.getByLabel('Ngày', { exact: true }).fill('2024-05-03');
  await form.getByRole('button', { name: 'Lưu lô hàng' }).click();
  // A code with a diacritic and a space is refused in Vietnamese, and what was typed stays.
  await expect(form.getByText(/Mã lô chỉ gồm chữ cái không dấu/)).toBeVisible();
  await form.getByLabel('Mã lô (GS1 AI 10)').fill('L2405A');
  await form.getByRole('button', { name: 'Lưu lô hàng' }).click();
  await expect(form).toBeHidden();

  await page.getByRole('button', { name: 'Thao tác: L2405A' }).click();
  await page.getByRole('menuitem', { name: 'Tạo mã QR cho lô' }).click();
  await expect(page.getByText('Tạo mã QR cho lô hàng thành công')).toBeVisible();
  await expect(page.getByText('Đang lưu hành')).toBeVisible();
  await expectNoAxeViolations(page, 'lots list (phone)');
  await page.screenshot({ path: testInfo.outputPath('lots-list-390.png'), fullPage: true });

  const lots = await request.get(`/api/lots?productId=${product.id}`, {
    headers: { authorization: `Bearer ${owner.accessToken}` },
  });
  const [lot] = ((await lots.json()) as { data: { id: number; qrCodes: { code: string }[] }[] }).data;
  const code = lot?.qrCodes[0]?.code ?? '';
  expect(code).not.toBe('');

  // The lot's public page, before any recall: its code and dates, no banner.
  await page.getByRole('button', { name: 'Thao tác: L2405A' }).click();
  await page.getByRole('menuitem', { name: 'Trang công khai' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lô L2405A' })).toBeVisible();
  await expect(page.getByText('02/05/2024')).toBeVisible();
  await expect(page.getByTestId('recall-banner')).toHaveCount(0);
  // The lot's own step follows the product's shared one.
  await expect(page.getByTestId('timeline')).toContainText('Thu hái');
  await expect(page.getByTestId('lot-timeline')).toContainText('Rang mẻ L2405A');
  await expectNoAxeViolations(page, 'lot page (phone)');

  // The recall, with its reason.
  await page.goto(`/products/manage/${product.id}/lots`);
  await page.getByRole('button', { name: 'Thao tác: L2405A' }).click();
  await page.getByRole('menuitem', { name: 'Thu hồi' }).click();
  const recall = page.getByRole('dialog', { name: 'Thu hồi lô L2405A?' });
  await recall.getByLabel('Lý do thu hồi').fill('Phát hiện nấm mốc trong mẫu kiểm tra');
  await expectNoAxeViolations(page, 'recall dialog (phone)');
  await page.screenshot({ path: testInfo.outputPath('lots-recall-dialog-390.png') });
  await recall.getByRole('button', { name: 'Thu hồi' }).click();
  await expect(recall).toBeHidden();
  await expect(page.getByText('Đã thu hồi', { exact: true })).toBeVisible();

  // A scan of the lot's printed code: the banner comes first, with the reason.
  await page.goto(`/redirect/${code}`);
  const banner = page.getByTestId('recall-banner');
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('Lô hàng này đã bị thu hồi');
  await expect(banner).toContainText('Phát hiện nấm mốc trong mẫu kiểm tra');
  const bannerBox = await banner.boundingBox();
  const nameBox = await page.getByRole('heading', { level: 1, name: 'Cà phê hạt Arabica' }).boundingBox();
  expect(bannerBox && nameBox && bannerBox.y < nameBox.y).toBe(true);
  await expectNoAxeViolations(page, 'scan of a recalled lot (phone)');
  await page.screenshot({ path: testInfo.outputPath('lot-scan-recalled-390.png'), fullPage: true });

  // The lot page says it too, first.
  await page.goto(`/lots/${lot?.id}`);
  await expect(page.getByTestId('recall-banner')).toContainText('Lô hàng này đã bị thu hồi');
  await expectNoAxeViolations(page, 'recalled lot page (phone)');
  await page.screenshot({ path: testInfo.outputPath('lot-page-recalled-390.png'), fullPage: true });
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(390);
});

test('the product form checks the GTIN and says which Thông tư 02/2024 items are missing before publishing', async ({
  page,
  request,
}, testInfo) => {
  const owner = await createActiveUser(request, { business: true, name: 'Chủ cơ sở' });
  await signIn(page, owner.email, owner.password);
  await page.goto('/products/manage');
  await page.getByRole('button', { name: 'Thêm sản phẩm' }).first().click();
  const form = page.getByRole('dialog', { name: 'Thêm sản phẩm' });
  await form.getByLabel('Tên sản phẩm', { exact: true }).fill('Trà Shan tuyết');
  // The company profile gives the producer and its address: 2 of the 10 items, plus the QR code.
  await expect(form.getByTestId('dataset-summary')).toHaveText(
    'Còn thiếu 6 mục thông tin theo Thông tư 02/2024/TT-BKHCN',
  );
  await form.getByText('Đang hoạt động', { exact: true }).click();
  await expect(form.getByTestId('dataset-missing')).toContainText('Nhãn hiệu, thương hiệu');
  await form.getByLabel(/Mã GTIN/).fill('8930000000018');
  await form.getByLabel('Nhãn hiệu, thương hiệu').fill('Shan Việt');
  await form.getByRole('button', { name: 'Lưu', exact: true }).click();
  await expect(form.getByText('Mã GTIN không hợp lệ: sai số kiểm tra')).toBeVisible();
  await expect(form.getByTestId('dataset-missing')).not.toContainText('Nhãn hiệu');
  await expectNoAxeViolations(page, 'product form with the Thông tư 02/2024 checklist (phone)');
  await page.screenshot({ path: testInfo.outputPath('product-form-390.png'), fullPage: true });
  await form.getByLabel(/Mã GTIN/).fill(freshGtin());
  await form.getByRole('button', { name: 'Lưu', exact: true }).click();
  await expect(form).toBeHidden();
  // The list names what is still missing.
  await expect(page.getByText('Thiếu 5 mục')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('product-list-390.png'), fullPage: true });
});

test('a company chooses Digital Link QR codes: its lot code carries /01/{gtin}/10/{lot}, which opens the lot page, recall first', async ({
  page,
  request,
}, testInfo) => {
  const owner = await createActiveUser(request, { business: true, name: 'Chủ HTX Gạo' });
  const auth = { authorization: `Bearer ${owner.accessToken}` };
  const gtin = freshGtin();
  const created = await request.post('/api/products', {
    headers: auth,
    data: { name: 'Gạo ST25', status: 'ACTIVE', gtin, trackings: [] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const product = ((await created.json()) as { data: { id: number } }).data;
  const lotRes = await request.post('/api/lots', {
    headers: auth,
    data: { productId: product.id, code: 'LOT2611' },
  });
  const lot = ((await lotRes.json()) as { data: { id: number } }).data;
  expect((await request.post(`/api/lots/${lot.id}/qr-codes`, { headers: auth })).status()).toBe(201);
  await signIn(page, owner.email, owner.password);

  // The setting, Có/Không, in the company's settings.
  await page.goto('/company/settings/');
  const choice = page.getByRole('group', { name: 'In mã QR theo chuẩn GS1 Digital Link' });
  await expect(choice.getByLabel('Không')).toBeChecked();
  await choice.getByText('Có', { exact: true }).click();
  await page.getByRole('button', { name: 'Lưu', exact: true }).first().click();
  await expect(page.getByText('Đã lưu thông tin doanh nghiệp')).toBeVisible();
  await expectNoAxeViolations(page, 'company settings with the Digital Link choice (phone)');
  await page.screenshot({
    path: testInfo.outputPath('company-settings-digital-link-390.png'),
    fullPage: true,
  });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // What the lot's label carries now.
  const lots = await request.get(`/api/lots?productId=${product.id}`, { headers: auth });
  const url =
    ((await lots.json()) as { data: { qrCodes: { url: string }[] }[] }).data[0]?.qrCodes[0]?.url ?? '';
  expect(new URL(url).pathname).toBe(`/01/${gtin.padStart(14, '0')}/10/LOT2611`);

  await request.post(`/api/lots/${lot.id}/recall`, { headers: auth, data: { reason: 'Nhiễm khuẩn' } });
  // A phone's camera opens the Digital Link: the lot page, the banner first.
  await page.goto(new URL(url).pathname);
  await expect(page).toHaveURL(new RegExp(`/lots/${lot.id}$`));
  await expect(page.getByTestId('recall-banner')).toContainText('Nhiễm khuẩn');
  await expectNoAxeViolations(page, 'lot page reached by its Digital Link (phone)');
});

test('an EPCIS event imported into a lot is shown by its step and stays as it came when the company edits the lot', async ({
  page,
  request,
}, testInfo) => {
  const owner = await createActiveUser(request, { business: true, name: 'Chủ kho lạnh' });
  const auth = { authorization: `Bearer ${owner.accessToken}` };
  const product = await productOf(request, owner.accessToken);
  const lotRes = await request.post('/api/lots', {
    headers: auth,
    data: { productId: product.id, code: 'K2405' },
  });
  const lot = ((await lotRes.json()) as { data: { id: number } }).data;
  const gtin = (
    (await (await request.get(`/api/products/${product.id}`, { headers: auth })).json()) as {
      data: { gtin: string };
    }
  ).data.gtin;
  // Received at a dock of one place (its read point), kept in another (its business location), with the
  // sender's own field: what an outside EPCIS system writes.
  const event = {
    type: 'ObjectEvent',
    eventID: 'urn:uuid:9b1c2d3e-4f50-4a61-8b72-93a4b5c6d7e8',
    eventTime: '2024-05-04T06:45:10.125+07:00',
    eventTimeZoneOffset: '+07:00',
    action: 'OBSERVE',
    quantityList: [{ epcClass: `https://id.gs1.org/01/${gtin}/10/K2405`, quantity: 30, uom: 'KGM' }],
    bizStep: 'receiving',
    disposition: 'in_progress',
    readPoint: { id: 'urn:epc:id:sgln:893000.000002.3' },
    bizLocation: { id: 'https://id.gs1.org/414/8930000000019' },
    'kho:nhietDo': '2.5',
  };
  const imported = await request.post(`/api/lots/${lot.id}/epcis`, {
    headers: { ...auth, 'content-type': 'application/ld+json' },
    data: {
      '@context': [
        'https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld',
        { kho: 'https://kho.example.vn/voc/' },
      ],
      type: 'EPCISDocument',
      schemaVersion: '2.0',
      creationDate: '2024-05-04T07:00:00+07:00',
      epcisBody: { eventList: [event] },
    },
  });
  expect(imported.status(), await imported.text()).toBe(200);

  await signIn(page, owner.email, owner.password);
  await page.goto(`/products/manage/${product.id}/lots`);
  await page.getByRole('button', { name: 'Thao tác: K2405' }).click();
  await page.getByRole('menuitem', { name: 'Sửa', exact: true }).click();
  const form = page.getByRole('dialog', { name: 'Sửa lô hàng' });
  await expect(form.getByRole('listitem', { name: 'Bước 1' }).getByLabel('Hoạt động')).toHaveValue(
    'Nhận hàng',
  );
  await form.getByLabel('Số lượng').fill('30');
  await expectNoAxeViolations(page, 'lot form with an imported step (phone)');
  await page.screenshot({ path: testInfo.outputPath('lot-form-imported-step-390.png'), fullPage: true });
  await form.getByRole('button', { name: 'Lưu lô hàng' }).click();
  await expect(form).toBeHidden();

  // The export gives the event back field by field; the lot page shows it as a step of the journey.
  const exported = (await (await request.get(`/api/epcis/lots/${lot.id}`)).json()) as {
    epcisBody: { eventList: Array<Record<string, unknown>> };
  };
  expect(exported.epcisBody.eventList.find((e) => e.eventID === event.eventID)).toEqual(event);
  await page.goto(`/lots/${lot.id}`);
  await expect(page.getByTestId('lot-timeline')).toContainText('Nhận hàng');
  await expectNoAxeViolations(page, 'lot page with an imported step (phone)');
  await page.screenshot({ path: testInfo.outputPath('lot-page-imported-step-390.png'), fullPage: true });
});
