import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LotPlots } from '#client/features/lots/lot-plots.tsx';
import type { PublicLotAnswer } from '#client/features/lots/types.ts';
import { OUTLINE_VIEW_BOX } from '#shared/plots/public-outline.ts';

type Lot = PublicLotAnswer['lot'];
type Plot = Lot['plots'][number];

const plot = (fields: Partial<Plot> & { id: number; name: string }): Plot => ({
  country: 'VN',
  province: '',
  plantingAreaCode: '',
  packingHouseCode: '',
  crop: '',
  areaHa: null,
  producerName: null,
  outline: null,
  ...fields,
});

const lot = (fields: Partial<Lot>): Lot => ({
  id: 5,
  code: 'ROAST1',
  productionDate: null,
  expiryDate: null,
  expiryKind: 'EXPIRY',
  recalled: false,
  recalledAt: null,
  recallReason: null,
  inputRecallCode: null,
  inputRecallReason: null,
  translations: {},
  events: [],
  origins: [],
  plots: [],
  inputs: [],
  ...fields,
});

/**
 * The public lot page's growing areas (decision 219): each plot's outline is an image named for the plot,
 * its codes and area in Vietnamese, the producer only when the answer carries it; an input lot's plots
 * under that lot; nothing at all for a lot without plots (or a copy kept before plots existed).
 */
describe('[GUEST][client][plots] the lot page’s growing areas', () => {
  it('[GUEST][client][plots]: draws each plot’s outline as a named image beside its codes, area and producer', () => {
    render(
      <LotPlots
        lot={lot({
          plots: [
            plot({
              id: 1,
              name: 'Lô đất Ea Tu 1',
              province: 'Đắk Lắk',
              plantingAreaCode: 'VN-DLK-0123',
              packingHouseCode: 'VN-DLK-PH-07',
              crop: 'Cà phê Robusta',
              areaHa: 1.25,
              producerName: 'Hộ ông Y Bhin Niê',
              outline: 'M10 10L90 10L90 90L10 90Z',
            }),
            plot({ id: 2, name: 'Giếng Cư Kuin', areaHa: 2 }),
          ],
        })}
      />,
    );
    const section = screen.getByRole('region', { name: 'Vùng trồng' });
    const image = within(section).getByRole('img', { name: 'Sơ đồ ranh giới vùng trồng Lô đất Ea Tu 1' });
    expect(image.getAttribute('viewBox')).toBe(OUTLINE_VIEW_BOX);
    expect(image.querySelector('path')?.getAttribute('d')).toBe('M10 10L90 10L90 90L10 90Z');
    const [first, second] = within(section).getAllByTestId('lot-plot');
    expect(first!.textContent).toContain('Đắk Lắk, Việt Nam');
    expect(first!.textContent).toContain('Mã số vùng trồngVN-DLK-0123');
    expect(first!.textContent).toContain('Mã số cơ sở đóng góiVN-DLK-PH-07');
    expect(first!.textContent).toContain('1,25 ha');
    expect(first!.textContent).toContain('Hộ ông Y Bhin Niê');
    // No outline: said in words, no empty image; no producer, no province: no empty rows.
    expect(within(second!).queryByRole('img')).toBeNull();
    expect(second!.textContent).toContain('Chưa có sơ đồ');
    expect(second!.textContent).toContain('2 ha');
    expect(second!.textContent).not.toContain('Hộ/cơ sở sản xuất');
    expect(second!.textContent).not.toContain('Mã số vùng trồng');
  });

  it('[GUEST][client][plots]: an input lot’s plots come under that lot; a lot without plots has no section', () => {
    const { unmount } = render(
      <LotPlots
        lot={lot({
          inputs: [
            {
              code: 'GREEN1',
              productName: 'Cà phê nhân xanh',
              origins: [],
              plots: [plot({ id: 3, name: 'Nương Ea H’Leo' })],
            },
            { code: 'GREEN2', productName: 'Cà phê nhân xanh', origins: [], plots: [] },
          ],
        })}
      />,
    );
    const section = screen.getByRole('region', { name: 'Vùng trồng' });
    expect(within(section).getByRole('heading', { name: 'Từ Cà phê nhân xanh — lô GREEN1' })).toBeTruthy();
    expect(within(section).queryByText(/GREEN2/)).toBeNull();
    expect(within(section).getByText('Nương Ea H’Leo')).toBeTruthy();
    unmount();

    const empty = render(<LotPlots lot={lot({})} />);
    expect(empty.container.innerHTML).toBe('');
    empty.unmount();
    // A copy the phone kept before plots existed.
    const kept = { ...lot({}), plots: undefined, inputs: [{ code: 'X', productName: 'Y', origins: [] }] };
    expect(render(<LotPlots lot={kept as unknown as Lot} />).container.innerHTML).toBe('');
  });
});
