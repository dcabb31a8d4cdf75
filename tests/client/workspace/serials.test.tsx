import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SerialBatchView } from '#shared/schemas/serials.ts';
import { httpError, renderApp, userOf, validToken } from '../render-app.tsx';

const batch = (over: Partial<SerialBatchView>): SerialBatchView => ({
  id: 1,
  companyId: 3,
  productId: 7,
  productName: 'Cà phê Arabica',
  gtin: '08930000000017',
  lotId: null,
  lotCode: null,
  count: 10,
  withPin: false,
  status: 'READY',
  generated: 10,
  failure: null,
  voidedAt: null,
  voids: [],
  createdAt: '2026-11-27T05:00:00.000Z',
  finishedAt: '2026-11-27T05:00:01.000Z',
  ...over,
});

/** A company admin on /serials, with the page's answers canned and `more` on top. */
function openSerials(more: Record<string, (input: unknown) => unknown> = {}) {
  const created: unknown[] = [];
  const view = renderApp('/serials', {
    'auth.me': () => ({ ...userOf('COMPANY_ADMIN'), companyId: 3 }),
    'serials.listBatches': () => ({
      items: [
        batch({ id: 2, productName: 'Mật ong rừng', lotId: 4, lotCode: 'L-2026-01', count: 1_000_000 }),
        batch({ id: 1, status: 'GENERATING', generated: 4, withPin: true }),
      ],
      nextCursor: null,
    }),
    'serials.getBatch': () => batch({ id: 1, status: 'GENERATING', generated: 6, withPin: true }),
    'serials.suspects': () => ({ threshold: 5, items: [], byProvince: [] }),
    'serials.listReports': () => ({ items: [], nextBefore: null }),
    'products.list': () => ({ products: [{ id: 7, name: 'Cà phê Arabica' }], total: 1 }),
    'lots.list': () => [{ id: 4, code: 'L-2026-01' }],
    'serials.createBatch': (input) => {
      created.push(input);
      return batch({ id: 3, status: 'GENERATING', generated: 0 });
    },
    ...more,
  });
  return { ...view, created };
}

async function openForm() {
  fireEvent.click(await screen.findByRole('button', { name: 'Tạo lô mã' }));
  return screen.findByRole('dialog', { name: 'Tạo lô mã từng sản phẩm' });
}

async function pickProduct(dialog: HTMLElement) {
  const product = within(dialog).getByLabelText('Sản phẩm') as HTMLSelectElement;
  await waitFor(() => expect(within(product).getByRole('option', { name: 'Cà phê Arabica' })).toBeTruthy());
  fireEvent.change(product, { target: { value: '7' } });
}

describe('[COMPANY_ADMIN][client][serials]: the serial batches page', () => {
  beforeEach(() => {
    localStorage.setItem('session', JSON.stringify({ accessToken: validToken(), permissions: [] }));
  });

  it('[COMPANY_ADMIN][serials]: lists each batch with its product, lot, count, PIN and status, and a batch being generated with its progress', async () => {
    openSerials();
    expect(await screen.findByRole('heading', { name: 'Mã từng sản phẩm' })).toBeTruthy();
    expect(await screen.findByText('Mật ong rừng')).toBeTruthy();
    expect(screen.getByText('L-2026-01')).toBeTruthy();
    expect(screen.getByText('1.000.000')).toBeTruthy();
    expect(screen.getByText('Sẵn sàng')).toBeTruthy();
    expect(screen.getByText('Đang sinh mã')).toBeTruthy();
    // getBatch is polled while the batch is generating: its newer progress replaces the list's.
    expect(await screen.findByText('Đã sinh 6 / 10 mã')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Tiến độ sinh mã: Cà phê Arabica' })).toBeTruthy();
  }, 20_000);

  it('[COMPANY_ADMIN][serials]: an empty list says how to start', async () => {
    openSerials({ 'serials.listBatches': () => ({ items: [], nextCursor: null }) });
    expect(await screen.findByText('Chưa có lô mã nào. Bấm "Tạo lô mã" để bắt đầu.')).toBeTruthy();
  });

  it('[COMPANY_ADMIN][serials]: the form asks for a product and a count of 1 to 1,000,000 before sending anything', async () => {
    const { created } = openSerials();
    const dialog = await openForm();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tạo' }));
    expect(await within(dialog).findByText('Vui lòng chọn sản phẩm')).toBeTruthy();
    await pickProduct(dialog);
    const count = within(dialog).getByLabelText('Số lượng mã');
    for (const bad of ['0', '1000001', '2.5x', '']) {
      fireEvent.change(count, { target: { value: bad } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Tạo' }));
      expect(await within(dialog).findByText('Số lượng mã phải từ 1 đến 1.000.000')).toBeTruthy();
      expect(count.getAttribute('aria-invalid')).toBe('true');
    }
    expect(created).toEqual([]);
  }, 20_000);

  it('[COMPANY_ADMIN][serials]: a valid form sends the product, the lot, the count and the PIN choice', async () => {
    const { created } = openSerials();
    const dialog = await openForm();
    await pickProduct(dialog);
    const lot = within(dialog).getByLabelText('Lô hàng (không bắt buộc)') as HTMLSelectElement;
    await waitFor(() => expect(within(lot).getByRole('option', { name: 'L-2026-01' })).toBeTruthy());
    fireEvent.change(lot, { target: { value: '4' } });
    fireEvent.change(within(dialog).getByLabelText('Số lượng mã'), { target: { value: '1.000.000' } });
    fireEvent.click(within(dialog).getByLabelText(/Kèm mã PIN/));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tạo' }));
    await waitFor(() =>
      expect(created).toEqual([{ productId: 7, lotId: 4, count: 1_000_000, withPin: true }]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Tạo lô mã từng sản phẩm' })).toBeNull());
  });

  it("[COMPANY_ADMIN][serials]: the server's refusal is shown in the form", async () => {
    openSerials({
      'serials.createBatch': httpError(
        409,
        'Công ty đang tạo một lô mã serial khác: vui lòng đợi lô đó xong rồi thử lại',
      ),
    });
    const dialog = await openForm();
    await pickProduct(dialog);
    fireEvent.change(within(dialog).getByLabelText('Số lượng mã'), { target: { value: '10' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tạo' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Công ty đang tạo một lô mã serial khác: vui lòng đợi lô đó xong rồi thử lại',
    );
  });
  it('[COMPANY_ADMIN][serials]: the watch lists suspect items with their reason, opens by province and fake reports', async () => {
    openSerials({
      'serials.suspects': () => ({
        threshold: 7,
        items: [
          {
            serial: 'ABCDEFGHJKLM',
            batchId: 2,
            productId: 7,
            productName: 'Mật ong rừng',
            count: 9,
            firstVerifiedAt: '2026-11-20T03:00:00.000Z',
            firstProvince: 'Hà Nội',
            suspectAt: '2026-11-26T03:00:00.000Z',
            suspectReason: 'FAR',
          },
        ],
        byProvince: [
          { province: 'Hà Nội', opens: 12 },
          { province: null, opens: 3 },
        ],
      }),
      'serials.listReports': () => ({
        items: [
          {
            id: 5,
            serial: 'ZZZZZZZZZZZZ',
            issued: false,
            shopName: 'Tạp hóa Minh Anh',
            note: 'Nhãn mờ',
            photo: null,
            province: 'Cần Thơ',
            provinceApproximate: true,
            createdAt: '2026-11-26T04:00:00.000Z',
          },
        ],
        nextBefore: null,
      }),
    });
    expect(await screen.findByText('ABCDEFGHJKLM')).toBeTruthy();
    expect(screen.getByText('Quét ở hai tỉnh cách xa nhau trong 2 giờ')).toBeTruthy();
    expect(screen.getByText('Không rõ')).toBeTruthy();
    expect(await screen.findByText('Tạp hóa Minh Anh')).toBeTruthy();
    expect(screen.getByText('ZZZZZZZZZZZZ (Mã không do công ty phát hành)')).toBeTruthy();
    expect(screen.getByText('Cần Thơ (ước tính)')).toBeTruthy();
    expect((screen.getByLabelText('Ngưỡng cảnh báo (số lượt quét)') as HTMLInputElement).value).toBe('7');
  }, 20_000);
});
