import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi as vitest } from 'vitest';
import { LotEudrSection, LotPlotsSection } from '#client/features/plots/lot-plots-section.tsx';
import type { LotEudr, PlotView } from '#shared/schemas/plots.ts';
import { renderWithApi } from '../render-app.tsx';

const plot = (id: number, name: string, over: Partial<PlotView> = {}): PlotView => ({
  id,
  companyId: 1,
  name,
  producerName: 'Hộ Y Khuê',
  producerPublic: false,
  country: 'VN',
  province: 'Đắk Lắk',
  plantingAreaCode: `VN-DLK-00${id}`,
  packingHouseCode: '',
  crop: 'Cà phê',
  areaHa: 1.5,
  geometry: { type: 'Point', coordinates: [108.050001, 12.680001] },
  areaHaGeodesic: null,
  warnings: [],
  version: 1,
  createdAt: '2026-11-27T00:00:00.000Z',
  updatedAt: '2026-11-27T00:00:00.000Z',
  ...over,
});

const EA_TU = plot(1, 'Thửa Ea Tu');
const CU_MGAR = plot(2, 'Thửa Cư M’gar', { province: 'Đắk Lắk', areaHa: null, areaHaGeodesic: 2.25 });
const KRONG = plot(3, 'Thửa Krông Pắc');

const lotPlots = {
  lotId: 7,
  plots: [EA_TU],
  inherited: [{ plot: KRONG, viaLotId: 5, viaLotCode: 'XANH01' }],
  truncated: false,
};

describe('[COMPANY_ADMIN][client][plots] a lot\'s "Vùng trồng" section', () => {
  it('[COMPANY_ADMIN][client][plots]: lists its own plots and those inherited, each inherited one naming the lot it comes through', async () => {
    renderWithApi(<LotPlotsSection lotId={7} />, { 'plots.lotPlots': () => lotPlots });
    const section = await screen.findByRole('region', { name: 'Vùng trồng' });
    await within(section).findByText('Thửa Ea Tu');
    expect(within(section).getByText('Gắn trực tiếp (1)')).toBeTruthy();
    expect(within(section).getByText('Từ các lô nguyên liệu (1)')).toBeTruthy();
    expect(within(section).getByText('Thửa Krông Pắc')).toBeTruthy();
    expect(within(section).getByText(/qua lô XANH01/)).toBeTruthy();
    expect(within(section).getByText(/Đắk Lắk · VN-DLK-001 · 1,5 ha/)).toBeTruthy();
  });

  it('[COMPANY_ADMIN][client][plots]: a lot without plots says so', async () => {
    renderWithApi(<LotPlotsSection lotId={7} />, {
      'plots.lotPlots': () => ({ ...lotPlots, plots: [], inherited: [] }),
    });
    expect(await screen.findByText('Lô chưa gắn vùng trồng nào.')).toBeTruthy();
  });

  it('[COMPANY_ADMIN][client][plots]: the checklist starts with the own plots ticked, searches, and saves the whole list', async () => {
    const asked: unknown[] = [];
    const saved: unknown[] = [];
    renderWithApi(<LotPlotsSection lotId={7} />, {
      'plots.lotPlots': () => lotPlots,
      'plots.list': (input) => {
        asked.push(input);
        const q = (input as { q?: string }).q;
        const all = [EA_TU, CU_MGAR, KRONG];
        return { items: q ? all.filter((p) => p.name.includes(q)) : all, nextCursor: null };
      },
      'plots.setLotPlots': (input) => {
        saved.push(input);
        return { lotId: 7 };
      },
    });
    const section = await screen.findByRole('region', { name: 'Vùng trồng' });
    await within(section).findByText('Thửa Ea Tu');
    fireEvent.click(within(section).getByRole('button', { name: 'Chọn vùng trồng' }));
    const dialog = await screen.findByRole('dialog', { name: 'Chọn vùng trồng của lô' });
    const box = (name: string) => within(dialog).getByRole('checkbox', { name: new RegExp(name) });
    await within(dialog).findByText('Thửa Cư M’gar');
    expect((box('Thửa Ea Tu') as HTMLInputElement).checked).toBe(true);
    expect((box('Thửa Cư M’gar') as HTMLInputElement).checked).toBe(false);
    expect(within(dialog).getByText(/2,25 ha \(theo tọa độ\)/)).toBeTruthy();
    fireEvent.click(box('Thửa Cư M’gar'));
    expect(within(dialog).getByRole('status').textContent).toBe('Đã chọn 2 vùng trồng');

    // A search hides a ticked plot; its tick stays.
    fireEvent.change(within(dialog).getByLabelText('Tìm vùng trồng'), { target: { value: 'Krông' } });
    await waitFor(() => expect(within(dialog).queryByText('Thửa Ea Tu')).toBeNull());
    expect(asked.at(-1)).toMatchObject({ q: 'Krông' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Lưu vùng trồng của lô' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({ lotId: 7, plotIds: [1, 2] });
  });
});

const eudr: LotEudr = {
  lotId: 7,
  lotCode: 'RANG01',
  ddsReference: '',
  ddsVerification: '',
  hsCode: '0901',
  description: '',
  netMassKg: '',
  productionFrom: null,
  productionTo: null,
  plotCount: 2,
  updatedAt: null,
};

describe("[COMPANY_ADMIN][client][plots] a lot's EUDR section", () => {
  const click = HTMLAnchorElement.prototype.click;
  afterEach(() => {
    vitest.unstubAllGlobals();
    HTMLAnchorElement.prototype.click = click;
  });

  it('[COMPANY_ADMIN][client][plots]: a wrong HS code is refused beside its field; good facts are saved', async () => {
    const saved: unknown[] = [];
    renderWithApi(<LotEudrSection lotId={7} lotCode="RANG01" />, {
      'plots.lotEudr': () => eudr,
      'plots.setLotEudr': (input) => {
        saved.push(input);
        return eudr;
      },
    });
    const section = await screen.findByRole('region', { name: 'Thông tin EUDR' });
    const hs = await within(section).findByLabelText('Mã HS');
    // Filled from the saved facts once they arrive.
    await waitFor(() => expect((hs as HTMLInputElement).value).toBe('0901'));
    fireEvent.change(hs, { target: { value: '09' } });
    fireEvent.change(within(section).getByLabelText('Số tham chiếu tờ khai (DDS)'), {
      target: { value: '25FRXVV3VOAA5327' },
    });
    fireEvent.change(within(section).getByLabelText('Khối lượng tịnh (kg)'), { target: { value: '1200,5' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Lưu thông tin EUDR' }));
    await waitFor(() => expect(hs.getAttribute('aria-invalid')).toBe('true'));
    expect(saved).toEqual([]);
    fireEvent.change(hs, { target: { value: '090111' } });
    fireEvent.change(within(section).getByLabelText('Sản xuất từ ngày'), { target: { value: '2026-03-01' } });
    fireEvent.change(within(section).getByLabelText('Đến ngày'), { target: { value: '2026-05-31' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Lưu thông tin EUDR' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({
      lotId: 7,
      ddsReference: '25FRXVV3VOAA5327',
      hsCode: '090111',
      netMassKg: '1200.5',
      productionFrom: '2026-03-01',
      productionTo: '2026-05-31',
    });
  });

  it("[COMPANY_ADMIN][client][plots]: the EUDR GeoJSON is fetched with the session's token and saved under the server's name", async () => {
    localStorage.setItem('session', JSON.stringify({ accessToken: 'tok', permissions: [] }));
    const fetched: { url: string; auth: string | null }[] = [];
    vitest.stubGlobal(
      'fetch',
      vitest.fn(async (url: string, init: RequestInit) => {
        fetched.push({ url, auth: new Headers(init.headers).get('Authorization') });
        return new Response('{"type":"FeatureCollection","features":[]}', {
          headers: { 'Content-Disposition': 'attachment; filename="eudr-RANG01.geojson"' },
        });
      }),
    );
    const clicked: string[] = [];
    URL.createObjectURL = () => 'blob:eudr';
    URL.revokeObjectURL = () => {};
    HTMLAnchorElement.prototype.click = function click(this: HTMLAnchorElement) {
      clicked.push(this.download);
    };
    renderWithApi(<LotEudrSection lotId={7} lotCode="RANG01" />, { 'plots.lotEudr': () => eudr });
    const section = await screen.findByRole('region', { name: 'Thông tin EUDR' });
    fireEvent.click(within(section).getByRole('button', { name: 'Tải GeoJSON EUDR' }));
    await waitFor(() => expect(clicked).toEqual(['eudr-RANG01.geojson']));
    expect(fetched).toEqual([{ url: '/api/lots/7/eudr.geojson', auth: 'Bearer tok' }]);
  });
});
