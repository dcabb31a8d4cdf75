/**
 * Farm plots on a phone (issue 34): a company admin adds a plot from a GeoJSON file (its outline and area
 * shown before saving), links it to a lot, fills the lot's EUDR facts and downloads the EUDR GeoJSON, which
 * holds the plot as the EU information system wants it. Every screen passes axe, fits 390 px and is
 * photographed.
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

/** About a hectare of coffee near Buôn Ma Thuột, [longitude, latitude], as QGIS saves one plot. */
const RING = [
  [108.050001, 12.680001],
  [108.050922, 12.680001],
  [108.050922, 12.680899],
  [108.050001, 12.680899],
  [108.050001, 12.680001],
];
const PLOT_FILE = JSON.stringify({
  type: 'FeatureCollection',
  features: [
    { type: 'Feature', properties: { name: 'Thửa 12' }, geometry: { type: 'Polygon', coordinates: [RING] } },
  ],
});

test("[COMPANY_ADMIN][e2e][plots]: a plot from a GeoJSON file, linked to a lot, in the lot's EUDR GeoJSON", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const owner = await newCompanyOwner(request, 'Chủ hợp tác xã');
  const coffee = await addProduct(request, owner.accessToken, { name: 'Cà phê nhân xanh' });
  const lot = await lotOf(request, owner.accessToken, coffee.id, 'XANH34');
  const shot = (name: string) => page.screenshot({ path: testInfo.outputPath(name), fullPage: true });
  await signIn(page, owner.email, PASSWORD);

  // The menu names the plots' page.
  await page.getByRole('button', { name: 'Mở menu', exact: true }).click();
  await page.getByRole('link', { name: 'Vùng trồng' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Vùng trồng' })).toBeVisible();
  await expect(page.getByText('Chưa có vùng trồng nào.')).toBeVisible();
  await expectNoAxeViolations(page, 'plots, empty (phone)');

  // A plot: its geometry from a file, its outline and area shown before saving.
  await page.getByRole('button', { name: 'Thêm vùng trồng' }).click();
  const form = page.getByRole('dialog', { name: 'Thêm vùng trồng' });
  await form.getByLabel('Tên vùng trồng').fill('Thửa Ea Tu 12');
  await form.getByLabel('Người sản xuất (hộ, trang trại)').fill('Hộ Y Khuê Niê');
  await expect(form.getByLabel('Hiện tên người sản xuất trên trang công khai')).not.toBeChecked();
  await form.getByLabel('Tỉnh, thành phố').fill('Đắk Lắk');
  await form.getByLabel('Mã số vùng trồng').fill('VN-DLK-0012');
  await form.getByLabel('Cây trồng').fill('Cà phê vối');
  await form.getByLabel('Diện tích khai báo (ha)').fill('0,1');
  await form.getByLabel('Chọn tệp .geojson hoặc .json').setInputFiles({
    name: 'thua-12.geojson',
    mimeType: 'application/geo+json',
    buffer: Buffer.from(PLOT_FILE),
  });
  // Ten times less than measured: refused beside the box before anything is sent.
  await expect(form.getByTestId('geometry-errors')).toContainText('chỉ cho phép lệch tối đa 10%');
  await form.getByLabel('Diện tích khai báo (ha)').fill('1');
  const preview = form.getByTestId('geometry-preview');
  await expect(preview.getByText('Tọa độ hợp lệ')).toBeVisible();
  await expect(preview.getByRole('img', { name: 'Hình dạng của vùng trồng Thửa Ea Tu 12' })).toBeVisible();
  await expect(preview.getByTestId('geodesic-area')).toHaveText(
    /Diện tích tính từ tọa độ: (0,99\d*|1(,0\d*)?) ha/,
  );
  await expectNoAxeViolations(page, 'plot form with its outline (phone)');
  await shot('plot-form-390.png');
  await form.getByTestId('geometry-field').screenshot({ path: testInfo.outputPath('plot-geometry-390.png') });
  await form.getByRole('button', { name: 'Lưu vùng trồng' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByText('Thêm vùng trồng thành công')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Thửa Ea Tu 12' })).toBeVisible();
  await expect(page.getByText('VN-DLK-0012')).toBeVisible();
  await expectNoAxeViolations(page, 'plots list (phone)');
  await expectFits(page);
  await shot('plots-list-390.png');

  // Two more from a CSV file: one with swapped coordinates imports nothing and names its line; fixed, both go in.
  await page.getByRole('button', { name: 'Nhập từ tệp' }).click();
  const importing = page.getByRole('dialog', { name: 'Nhập vùng trồng từ tệp' });
  const csvFile = (text: string) => ({
    name: 'vung-trong.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(text),
  });
  const picker = importing.getByLabel('Chọn tệp GeoJSON, KML, KMZ hoặc CSV');
  await picker.setInputFiles(
    csvFile(
      'name,lat,lon,province,areaHa\nThửa Cư Kuin 1,12.612345,108.112345,Đắk Lắk,0.5\nThửa Cư Kuin 2,108.112399,12.612399,Đắk Lắk,0.5\n',
    ),
  );
  await expect(importing.getByRole('alert')).toContainText('Dòng 3');
  await expect(importing.getByRole('button', { name: /^Nhập \d+ vùng trồng$/ })).toHaveCount(0);
  await expectNoAxeViolations(page, 'plots import with an error (phone)');
  await shot('plots-import-390.png');
  await picker.setInputFiles(
    csvFile(
      'name,lat,lon,province,areaHa\nThửa Cư Kuin 1,12.612345,108.112345,Đắk Lắk,0.5\nThửa Cư Kuin 2,12.612399,108.112399,Đắk Lắk,0.5\n',
    ),
  );
  await expect(importing.getByText('Tệp hợp lệ: 2 vùng trồng, chưa nhập')).toBeVisible();
  await importing.getByRole('button', { name: 'Nhập 2 vùng trồng' }).click();
  await expect(importing).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Thửa Cư Kuin 2' })).toBeVisible();
  await expectFits(page);

  // The lot grew on it.
  await page.goto(`/products/manage/${coffee.id}/lots/${lot.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Lô XANH34' })).toBeVisible();
  const plots = page.getByRole('region', { name: 'Vùng trồng' });
  await expect(plots.getByText('Lô chưa gắn vùng trồng nào.')).toBeVisible();
  await plots.getByRole('button', { name: 'Chọn vùng trồng' }).click();
  const choose = page.getByRole('dialog', { name: 'Chọn vùng trồng của lô' });
  await choose.getByLabel('Tìm vùng trồng').fill('Ea Tu');
  await choose.getByRole('checkbox', { name: /Thửa Ea Tu 12/ }).check();
  await expect(choose.getByRole('status')).toHaveText('Đã chọn 1 vùng trồng');
  await expectNoAxeViolations(page, 'lot plots checklist (phone)');
  await choose.getByRole('button', { name: 'Lưu vùng trồng của lô' }).click();
  await expect(choose).toBeHidden();
  await expect(plots.getByText('Thửa Ea Tu 12')).toBeVisible();
  await expect(plots.getByText(/Đắk Lắk · VN-DLK-0012 · 1 ha/)).toBeVisible();

  // Its EUDR facts.
  const eudr = page.getByRole('region', { name: 'Thông tin EUDR' });
  await eudr.getByLabel('Mã HS').fill('090111');
  await eudr.getByLabel('Số tham chiếu tờ khai (DDS)').fill('25VNXVV3VOAA5327');
  await eudr.getByLabel('Khối lượng tịnh (kg)').fill('1000');
  await eudr.getByRole('button', { name: 'Lưu thông tin EUDR' }).click();
  await expect(page.getByText('Đã lưu thông tin EUDR')).toBeVisible();
  await plots.scrollIntoViewIfNeeded();
  await expectNoAxeViolations(page, 'lot with its plots and EUDR facts (phone)');
  await expectFits(page);
  await shot('lot-plots-390.png');
  await plots.screenshot({ path: testInfo.outputPath('lot-plots-section-390.png') });
  await eudr.screenshot({ path: testInfo.outputPath('lot-eudr-section-390.png') });

  // The EUDR GeoJSON: one Feature for the plot, [longitude, latitude], its ring closed, the EU's properties.
  const download = page.waitForEvent('download');
  await eudr.getByRole('button', { name: 'Tải GeoJSON EUDR' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^eudr-XANH34.*\.geojson$/);
  const geojson = JSON.parse(await readFile(await file.path(), 'utf8')) as {
    type: string;
    features: {
      type: string;
      geometry: { type: string; coordinates: number[][][] };
      properties: Record<string, unknown>;
    }[];
  };
  expect(geojson.type).toBe('FeatureCollection');
  expect(geojson.features).toHaveLength(1);
  const [feature] = geojson.features;
  expect(feature?.geometry.type).toBe('Polygon');
  const ring = feature?.geometry.coordinates[0] ?? [];
  expect(ring[0]).toEqual(RING[0]);
  expect(ring.at(-1)).toEqual(ring[0]);
  expect(ring.length).toBeGreaterThanOrEqual(4);
  expect(feature?.properties).toMatchObject({
    ProducerName: 'Hộ Y Khuê Niê',
    ProducerCountry: 'VN',
    Area: 1,
    ProductionPlace: 'Thửa Ea Tu 12, Đắk Lắk',
  });

  // And its CSV, with the HS code saved above.
  const csvDownload = page.waitForEvent('download');
  await eudr.getByRole('button', { name: 'Tải CSV EUDR' }).click();
  const csv = await readFile(await (await csvDownload).path(), 'utf8');
  expect(csv).toContain('090111');
});
