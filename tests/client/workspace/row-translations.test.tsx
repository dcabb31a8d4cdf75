import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CompanyLanguages } from '#client/features/translations/company-languages.tsx';
import { LotTranslations } from '#client/features/translations/lot-translations.tsx';
import {
  ProductTranslations,
  type TranslatableProduct,
} from '#client/features/translations/product-translations.tsx';
import { renderWithApi } from '../render-app.tsx';

const COMPANY = {
  id: 3,
  name: 'HTX Cà phê Cầu Đất',
  representative: 'Nguyễn Văn An',
  address: 'Xuân Trường, Đà Lạt, Lâm Đồng',
  email: 'htx@example.test',
  business_license: '5800000001',
  tax_code: null,
  gln: null,
  digital_link_qr: false,
  createdAt: '2026-11-27T00:00:00.000Z',
  updatedAt: '2026-11-27T00:00:00.000Z',
  translations: {},
  languages: ['en'],
};

const PRODUCT: TranslatableProduct = {
  id: 11,
  companyId: 3,
  name: 'Cà phê Arabica',
  origin: 'Cầu Đất, Lâm Đồng',
  category: null,
  unit: 'Túi',
  shelf_life: null,
  tags: ['rang mộc', 'hữu cơ'],
  trackings: [{ id: 41, date: '2024-04-20', activity: 'Thu hái', location: 'Cầu Đất', description: '' }],
  translations: { en: { name: 'Arabica coffee', tags: ['light roast'] } },
};

describe('[COMPANY_ADMIN][client][translations] a product, and the languages of the public pages', () => {
  it('[COMPANY_ADMIN][client][translations]: a product translation is sent as products.putTranslation wants it, tags as a list', async () => {
    const sent: unknown[] = [];
    renderWithApi(<ProductTranslations product={PRODUCT} />, {
      'companies.byId': () => COMPANY,
      'products.putTranslation': (input) => {
        sent.push(input);
        return {};
      },
    });
    const panel = screen.getByRole('tabpanel');
    expect((within(panel).getByLabelText('Tên sản phẩm English') as HTMLInputElement).value).toBe(
      'Arabica coffee',
    );
    expect((within(panel).getByLabelText('Thẻ English') as HTMLInputElement).value).toBe('light roast');
    // origin, unit, the step's activity and location.
    expect(screen.getByRole('tab', { name: /English/ }).textContent).toContain('Còn thiếu 4 trường');
    fireEvent.change(within(panel).getByLabelText('Thẻ English'), {
      target: { value: 'light roast, organic' },
    });
    const step = within(panel).getByRole('listitem', { name: /Bước 1/ });
    fireEvent.change(within(step).getByLabelText('Hoạt động English'), { target: { value: 'Picking' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Lưu bản dịch English' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      id: 11,
      lang: 'en',
      translation: {
        name: 'Arabica coffee',
        tags: ['light roast', 'organic'],
        steps: { '41': { activity: 'Picking' } },
      },
    });
  });

  it('[COMPANY_ADMIN][client][translations]: a language the company does not publish is still edited, with a note', async () => {
    renderWithApi(<ProductTranslations product={PRODUCT} />, { 'companies.byId': () => COMPANY });
    fireEvent.click(screen.getByRole('tab', { name: /简体中文/ }));
    expect(await screen.findByText(/简体中文 chưa được bật trên trang công khai/)).toBeTruthy();
  });

  it('[COMPANY_ADMIN][client][translations]: Vietnamese is always on; English and Chinese are chosen and saved with companies.setLanguages', async () => {
    const sent: unknown[] = [];
    renderWithApi(<CompanyLanguages companyId={3} />, {
      'companies.byId': () => COMPANY,
      'companies.setLanguages': (input) => {
        sent.push(input);
        return { ...COMPANY, languages: ['en', 'zh-Hans'] };
      },
    });
    const group = await screen.findByRole('group', { name: 'Ngôn ngữ trang công khai' });
    const vietnamese = within(group).getByLabelText('Tiếng Việt (luôn bật)') as HTMLInputElement;
    expect(vietnamese.checked && vietnamese.disabled).toBe(true);
    expect((within(group).getByLabelText('Tiếng Anh (English)') as HTMLInputElement).checked).toBe(true);
    const chinese = within(group).getByLabelText('Tiếng Trung giản thể (简体中文)') as HTMLInputElement;
    expect(chinese.checked).toBe(false);
    fireEvent.click(chinese);
    fireEvent.click(screen.getByRole('button', { name: 'Lưu ngôn ngữ' }));
    await waitFor(() => expect(sent).toEqual([{ id: 3, languages: ['en', 'zh-Hans'] }]));
  });
  it('[COMPANY_ADMIN][client][translations]: a recalled lot translates its recall reason and its own steps with lots.putTranslation', async () => {
    const sent: unknown[] = [];
    renderWithApi(<LotTranslations lotId={5} />, {
      'companies.byId': () => COMPANY,
      'lots.get': () => ({
        id: 5,
        companyId: 3,
        productId: 11,
        code: 'L2405A',
        unit: '',
        recallReason: 'Độ ẩm vượt ngưỡng',
        productName: 'Cà phê Arabica',
        events: [
          { id: 71, activity: 'Rang mẻ L2405A', location: 'Đà Lạt', date: '2024-05-03', description: '' },
        ],
        qrCodes: [],
        translations: {},
      }),
      'lots.putTranslation': (input) => {
        sent.push(input);
        return {};
      },
    });
    const panel = await screen.findByRole('tabpanel');
    // The recall reason and the step's activity and location; the lot has no unit to translate.
    expect(screen.getByRole('tab', { name: /English/ }).textContent).toContain('Còn thiếu 3 trường');
    expect(within(panel).queryByLabelText('Đơn vị English')).toBeNull();
    fireEvent.change(within(panel).getByLabelText('Lý do thu hồi English'), {
      target: { value: 'Moisture above the limit' },
    });
    const step = within(panel).getByRole('listitem', { name: /Bước 1/ });
    fireEvent.change(within(step).getByLabelText('Địa điểm English'), { target: { value: 'Da Lat' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Lưu bản dịch English' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      id: 5,
      lang: 'en',
      translation: { recallReason: 'Moisture above the limit', steps: { '71': { location: 'Da Lat' } } },
    });
  });
});
