/**
 * Where a lot grew, on a shopper's phone (issue 34, decision 219): a company links two plots to a lot over
 * REST (one with its producer public, one private), and a guest opens the lot's page by its address. The
 * page is the light page, within its 70 kB of gzipped JavaScript; each plot's outline is an image named for
 * the plot, drawn without a map service; the private producer's name is nowhere on the page. Light and dark
 * looks pass axe and fit 390 px, and are photographed.
 */
import type { APIRequestContext } from '@playwright/test';
import { expectAccessiblePage, storeTheme } from './support/a11y.ts';
import { addProduct, newCompanyOwner } from './support/company.ts';
import { expect, test } from './support/fixtures.ts';
import { pageScripts } from './support/scripts.ts';

test.use({ viewport: { width: 390, height: 844 } });


async function call(
  request: APIRequestContext,
  token: string,
  method: 'post' | 'put',
  path: string,
  data: unknown,
) {
  const res = await request.fetch(path, {
    method,
    headers: { authorization: `Bearer ${token}` },
    data,
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return ((await res.json()) as { data: { id: number } }).data;
}

test('[GUEST][e2e][plots]: a lot’s page shows where it grew: outlines named for their plots, codes, the producer only when public', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const owner = await newCompanyOwner(request, 'Chủ hợp tác xã');
  const token = owner.accessToken;
  const product = await addProduct(request, token, { name: 'Cà phê Robusta Đắk Lắk' });
  const lot = await call(request, token, 'post', '/api/lots', { productId: product.id, code: 'RB2611' });
  const shown = await call(request, token, 'post', '/api/plots', {
    name: 'Vườn Ea Tu 1',
    producerName: 'Hợp tác xã Ea Tu',
    producerPublic: true,
    province: 'Đắk Lắk',
    plantingAreaCode: 'VN-DLK-0123',
    packingHouseCode: 'VN-DLK-PH-07',
    crop: 'Cà phê Robusta',
    geometry: {
      type: 'Polygon',
      coordinates: [
        [
          [108.051234, 12.681234],
          [108.053234, 12.681534],
          [108.053934, 12.683234],
          [108.052134, 12.684034],
          [108.050734, 12.682834],
          [108.051234, 12.681234],
        ],
      ],
    },
  });
  const hidden = await call(request, token, 'post', '/api/plots', {
    name: 'Nương Cư Kuin',
    producerName: 'Hộ ông Y Bhin Niê',
    province: 'Đắk Lắk',
    plantingAreaCode: 'VN-DLK-0456',
    crop: 'Cà phê Robusta',
    areaHa: 1.5,
    geometry: { type: 'Point', coordinates: [108.071234, 12.601234] },
  });
  await call(request, token, 'put', `/api/lots/${lot.id}/plots`, { plotIds: [shown.id, hidden.id] });

  for (const look of [{}, { colorScheme: 'dark' as const }]) {
    await storeTheme(page, look);
    await page.goto(`/lots/${lot.id}`);
    const section = page.getByRole('region', { name: 'Vùng trồng' });
    await expect(section).toBeVisible();
    await expect(section.getByRole('img', { name: 'Sơ đồ ranh giới vùng trồng Vườn Ea Tu 1' })).toBeVisible();
    await expect(
      section.getByRole('img', { name: 'Sơ đồ ranh giới vùng trồng Nương Cư Kuin' }),
    ).toBeVisible();
    await expect(section.getByText('VN-DLK-0123')).toBeVisible();
    await expect(section.getByText('Hợp tác xã Ea Tu')).toBeVisible();
    await expect(section.getByText('1,5 ha')).toBeVisible();
    await expect(page.locator('body')).not.toContainText('Y Bhin');
    await page.waitForLoadState('networkidle');
    expect((await pageScripts(page)).kb).toBeLessThanOrEqual(70);
    await expectAccessiblePage(page, `lot page with plots ${JSON.stringify(look)}`);
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({
      path: testInfo.outputPath(`lot-plots-${'colorScheme' in look ? 'dark' : 'light'}.png`),
      fullPage: true,
    });
  }
});
