import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { PlotFormDialog } from '#client/features/plots/plot-form.tsx';
import { renderWithApi } from '../render-app.tsx';

/** A square of about one hectare near Buôn Ma Thuột, [longitude, latitude], closed. */
const SQUARE = {
  type: 'Polygon',
  coordinates: [
    [
      [108.050001, 12.680001],
      [108.050922, 12.680001],
      [108.050922, 12.680899],
      [108.050001, 12.680899],
      [108.050001, 12.680001],
    ],
  ],
};
const swap = (ring: number[][]) => ring.map(([lon, lat]) => [lat, lon]);

function open(answers: Record<string, (input: unknown) => unknown> = {}) {
  const sent: unknown[] = [];
  renderWithApi(<PlotFormDialog plotId={null} open onOpenChange={() => {}} />, {
    'plots.create': (input) => {
      sent.push(input);
      return { id: 1 };
    },
    ...answers,
  });
  const dialog = screen.getByRole('dialog', { name: 'Thêm vùng trồng' });
  const geometry = within(dialog).getByLabelText('Tọa độ (GeoJSON)');
  const type = (text: string) => fireEvent.change(geometry, { target: { value: text } });
  const save = () => fireEvent.click(within(dialog).getByRole('button', { name: 'Lưu vùng trồng' }));
  return { dialog, geometry, type, save, sent };
}

describe('[COMPANY_ADMIN][client][plots] the plot form checks its geometry as it is typed', () => {
  it('[COMPANY_ADMIN][client][plots]: a valid polygon shows its outline and its geodesic area before saving', async () => {
    const { dialog, geometry, type } = open();
    type(JSON.stringify(SQUARE));
    const preview = await within(dialog).findByTestId('geometry-preview');
    expect(within(preview).getByRole('img', { name: 'Hình dạng của vùng trồng Xem trước' })).toBeTruthy();
    const area = within(preview).getByTestId('geodesic-area').textContent ?? '';
    const ha = Number(/([\d,]+) ha/.exec(area)?.[1]?.replace(',', '.'));
    expect(ha).toBeGreaterThan(0.95);
    expect(ha).toBeLessThan(1.05);
    expect(within(preview).getByText('Tọa độ hợp lệ')).toBeTruthy();
    expect(geometry.getAttribute('aria-invalid')).toBeNull();
  });

  it('[COMPANY_ADMIN][client][plots]: a Feature pasted from a GIS tool is read for its geometry', async () => {
    const { dialog, type } = open();
    type(JSON.stringify({ type: 'Feature', properties: { name: 'Thửa 1' }, geometry: SQUARE }));
    expect(await within(dialog).findByTestId('geometry-preview')).toBeTruthy();
  });

  it('[COMPANY_ADMIN][client][plots]: a .geojson file of one feature, as QGIS saves it, fills the box and is checked', async () => {
    const { dialog, geometry } = open();
    const collection = {
      type: 'FeatureCollection',
      features: [{ type: 'Feature', properties: {}, geometry: SQUARE }],
    };
    const file = new File([JSON.stringify(collection)], 'thua.geojson', { type: 'application/geo+json' });
    fireEvent.change(within(dialog).getByLabelText('Chọn tệp .geojson hoặc .json'), {
      target: { files: [file] },
    });
    expect(await within(dialog).findByTestId('geometry-preview')).toBeTruthy();
    expect((geometry as HTMLTextAreaElement).value).toContain('FeatureCollection');
  });

  it('[COMPANY_ADMIN][client][plots]: a collection of several plots is sent to the import', async () => {
    const { dialog, type } = open();
    const feature = { type: 'Feature', properties: {}, geometry: SQUARE };
    type(JSON.stringify({ type: 'FeatureCollection', features: [feature, feature] }));
    expect((await within(dialog).findByTestId('geometry-errors')).textContent).toMatch(/nhập tệp/);
  });

  it('[COMPANY_ADMIN][client][plots]: text that is not JSON is said beside the box and nothing is sent', async () => {
    const { dialog, geometry, type, save, sent } = open();
    fireEvent.change(within(dialog).getByLabelText('Tên vùng trồng'), { target: { value: 'Thửa A' } });
    type('{"type": "Polygon", "coordinates": [[[108.05, 12.68]');
    const errors = await within(dialog).findByTestId('geometry-errors');
    expect(errors.textContent).toMatch(/JSON/);
    expect(geometry.getAttribute('aria-invalid')).toBe('true');
    save();
    expect(sent).toEqual([]);
  });

  it('[COMPANY_ADMIN][client][plots]: swapped coordinates (latitude 108) are named as swapped', async () => {
    const { dialog, type, save, sent } = open();
    fireEvent.change(within(dialog).getByLabelText('Tên vùng trồng'), { target: { value: 'Thửa A' } });
    type(JSON.stringify({ ...SQUARE, coordinates: [swap(SQUARE.coordinates[0] ?? [])] }));
    const errors = await within(dialog).findByTestId('geometry-errors');
    expect(errors.textContent).toMatch(/đảo/);
    expect(within(dialog).queryByTestId('geometry-preview')).toBeNull();
    save();
    expect(sent).toEqual([]);
  });

  it('[COMPANY_ADMIN][client][plots]: an open ring and a declared area far from the measured one are faults', async () => {
    const { dialog, type } = open();
    const ring = SQUARE.coordinates[0] ?? [];
    type(JSON.stringify({ type: 'Polygon', coordinates: [ring.slice(0, 4)] }));
    expect((await within(dialog).findByTestId('geometry-errors')).textContent).toMatch(/khép kín|4 vị trí/);
    type(JSON.stringify(SQUARE));
    await within(dialog).findByTestId('geometry-preview');
    fireEvent.change(within(dialog).getByLabelText('Diện tích khai báo (ha)'), { target: { value: '2,5' } });
    expect((await within(dialog).findByTestId('geometry-errors')).textContent).toMatch(/10%/);
  });

  it('[COMPANY_ADMIN][client][plots]: a point outside Vietnam is a warning, not a fault', async () => {
    const { dialog, type } = open();
    type(JSON.stringify({ type: 'Point', coordinates: [2.352222, 48.856614] }));
    const warnings = await within(dialog).findByTestId('geometry-warnings');
    expect(warnings.textContent).toMatch(/ngoài khung toạ độ của Việt Nam/);
    expect(within(dialog).queryByTestId('geometry-errors')).toBeNull();
    expect(within(dialog).getByTestId('geodesic-area').textContent).toMatch(/Một điểm/);
  });

  it('[COMPANY_ADMIN][client][plots]: a valid form sends the geometry and the declared area with a decimal comma', async () => {
    const { dialog, type, save, sent } = open();
    fireEvent.change(within(dialog).getByLabelText('Tên vùng trồng'), { target: { value: 'Thửa Ea Tu 1' } });
    fireEvent.change(within(dialog).getByLabelText('Người sản xuất (hộ, trang trại)'), {
      target: { value: 'Hộ Y Khuê' },
    });
    fireEvent.click(within(dialog).getByLabelText('Hiện tên người sản xuất trên trang công khai'));
    fireEvent.change(within(dialog).getByLabelText('Mã số vùng trồng'), { target: { value: 'VN-DLK-0012' } });
    fireEvent.change(within(dialog).getByLabelText('Diện tích khai báo (ha)'), { target: { value: '1,02' } });
    type(JSON.stringify({ type: 'Feature', properties: {}, geometry: SQUARE }));
    await within(dialog).findByTestId('geometry-preview');
    save();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      name: 'Thửa Ea Tu 1',
      producerName: 'Hộ Y Khuê',
      producerPublic: true,
      country: 'VN',
      plantingAreaCode: 'VN-DLK-0012',
      areaHa: 1.02,
      geometry: SQUARE,
    });
  });

  it("[COMPANY_ADMIN][client][plots]: the server's 400 stays beside the geometry", async () => {
    const refusal =
      'Vùng trồng «Thửa A»: Vòng 1 tự cắt: cạnh bắt đầu ở vị trí 1 cắt cạnh bắt đầu ở vị trí 3.';
    const { dialog, geometry, type, save } = open({
      'plots.create': () => {
        throw TRPCClientError.from({
          error: { message: refusal, code: -32600, data: { httpStatus: 400, fields: { geometry: refusal } } },
        });
      },
    });
    fireEvent.change(within(dialog).getByLabelText('Tên vùng trồng'), { target: { value: 'Thửa A' } });
    type(JSON.stringify(SQUARE));
    await within(dialog).findByTestId('geometry-preview');
    save();
    expect((await within(dialog).findByTestId('geometry-errors')).textContent).toContain(refusal);
    expect(geometry.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('dialog', { name: 'Thêm vùng trồng' })).toBeTruthy();
  });

  it('[COMPANY_ADMIN][client][plots]: an empty box is refused on save, beside the box', async () => {
    const { dialog, save, sent } = open();
    fireEvent.change(within(dialog).getByLabelText('Tên vùng trồng'), { target: { value: 'Thửa A' } });
    save();
    expect((await within(dialog).findByTestId('geometry-errors')).textContent).toContain(
      'Vui lòng nhập tọa độ của vùng trồng',
    );
    expect(sent).toEqual([]);
  });

  it('[COMPANY_ADMIN][client][plots]: editing opens with what was saved and sends it back with its version', async () => {
    const sent: unknown[] = [];
    renderWithApi(<PlotFormDialog plotId={5} open onOpenChange={() => {}} />, {
      'plots.get': () => ({
        id: 5,
        companyId: 1,
        name: 'Thửa Ea Tu 12',
        producerName: 'Hộ Y Khuê',
        producerPublic: true,
        country: 'VN',
        province: 'Đắk Lắk',
        plantingAreaCode: 'VN-DLK-0012',
        packingHouseCode: '',
        crop: 'Cà phê',
        areaHa: 0.99,
        geometry: SQUARE,
        areaHaGeodesic: 0.9938,
        warnings: [],
        version: 3,
        createdAt: '2026-11-27T00:00:00.000Z',
        updatedAt: '2026-11-27T00:00:00.000Z',
      }),
      'plots.update': (input) => {
        sent.push(input);
        return { id: 5 };
      },
    });
    const dialog = screen.getByRole('dialog', { name: 'Sửa vùng trồng' });
    const name = await within(dialog).findByLabelText('Tên vùng trồng');
    await waitFor(() => expect((name as HTMLInputElement).value).toBe('Thửa Ea Tu 12'));
    expect((within(dialog).getByLabelText('Diện tích khai báo (ha)') as HTMLInputElement).value).toBe('0,99');
    expect(
      (within(dialog).getByLabelText('Hiện tên người sản xuất trên trang công khai') as HTMLInputElement)
        .checked,
    ).toBe(true);
    await within(dialog).findByTestId('geometry-preview');
    fireEvent.change(within(dialog).getByLabelText('Cây trồng'), { target: { value: 'Cà phê vối' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Lưu vùng trồng' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ id: 5, version: 3, crop: 'Cà phê vối', areaHa: 0.99, geometry: SQUARE });
  });
});
