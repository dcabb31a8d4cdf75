import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ImportPreview } from '#client/features/products/import-preview.tsx';
import type { ProductImportResult } from '#shared/schemas/productImport.ts';

const coffee = {
  row: 2,
  name: 'Cà phê Arabica',
  status: 'ACTIVE' as const,
  category: 'Cà phê',
  unit: 'Gói',
  tags: ['hữu cơ'],
  origin: 'Lâm Đồng',
  qr_code: null,
  trackings: [
    { activity: 'Thu hoạch', location: 'Cầu Đất', date: '2024-11-05', description: '' },
    { activity: 'Rang', location: 'Đà Lạt', date: '2024-11-20', description: '' },
  ],
};

const result = (over: Partial<ProductImportResult> = {}): ProductImportResult => ({
  dryRun: true,
  productCount: 1,
  stepCount: 2,
  products: [coffee],
  errorCount: 0,
  errors: [],
  imported: 0,
  ...over,
});

describe('[COMPANY_ADMIN][client][import preview]', () => {
  it('[COMPANY_ADMIN][client][import preview]: a clean file shows its counts, "ready" and each product with its timeline', () => {
    render(<ImportPreview result={result()} />);
    expect(screen.getByText('Tệp có 1 sản phẩm, 2 bước hành trình.')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Tệp hợp lệ, sẵn sàng nhập.');
    expect(screen.queryByRole('alert')).toBeNull();
    const table = screen.getByRole('table', { name: 'Xem trước sản phẩm' });
    const row = within(table).getByRole('row', { name: /Cà phê Arabica/ });
    expect(row.textContent).toContain('Đang hoạt động');
    expect(row.textContent).toContain('Thu hoạch (2024-11-05) → Rang (2024-11-20)');
  });

  it('[COMPANY_ADMIN][client][import preview]: row errors are listed with their row, the column in Vietnamese and the message', () => {
    render(
      <ImportPreview
        result={result({
          errorCount: 3,
          errors: [
            { row: 3, field: 'date', message: 'Ngày không hợp lệ (định dạng YYYY-MM-DD)' },
            { row: 4, field: 'name', message: 'Vui lòng nhập thông tin này' },
          ],
        })}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(
      within(alert).getByText('Có 3 lỗi: sửa tệp rồi chọn lại, chưa có sản phẩm nào được nhập.'),
    ).toBeTruthy();
    const rows = within(alert)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toEqual([
      'DòngCộtLỗi',
      '3NgàyNgày không hợp lệ (định dạng YYYY-MM-DD)',
      '4Tên sản phẩmVui lòng nhập thông tin này',
    ]);
    // Errors past the answered list are counted, not hidden.
    expect(within(alert).getByText('... và 1 lỗi khác')).toBeTruthy();
    expect(screen.queryByText('Tệp hợp lệ, sẵn sàng nhập.')).toBeNull();
  });

  it('[COMPANY_ADMIN][client][import preview]: a long file says only the first products are shown', () => {
    render(<ImportPreview result={result({ productCount: 5000, stepCount: 15000 })} />);
    expect(screen.getByText('Tệp có 5.000 sản phẩm, 15.000 bước hành trình.')).toBeTruthy();
    expect(screen.getByText('Chỉ hiển thị 1 sản phẩm đầu tiên.')).toBeTruthy();
  });
});
