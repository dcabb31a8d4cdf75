import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import {
  fieldsOut,
  type SavedTranslation,
  stepsOut,
  type TranslatedField,
  type TranslatedStep,
  type TranslationDraft,
} from '#client/features/translations/model.ts';
import { TranslationEditor } from '#client/features/translations/translation-editor.tsx';
import type { TranslationLanguage } from '#shared/i18n/languages.ts';
import type { Translations } from '#shared/translations.ts';

const FIELDS: TranslatedField[] = [
  { key: 'name', label: 'Tên sản phẩm', vietnamese: 'Cà phê Arabica Cầu Đất', maxLength: 200 },
  { key: 'origin', label: 'Xuất xứ', vietnamese: 'Lâm Đồng', maxLength: 300 },
  // Nothing to translate: never missing, and not shown.
  { key: 'unit', label: 'Đơn vị', vietnamese: '', maxLength: 50 },
];
const STEPS: TranslatedStep[] = [
  { id: 7, date: '2024-04-20', activity: 'Thu hái', location: 'Cầu Đất', description: null },
  { id: 9, date: '2024-05-02', activity: 'Rang', location: null, description: null },
];

function open(
  saved: Translations<SavedTranslation> = {},
  onSave: (lang: TranslationLanguage, draft: TranslationDraft) => Promise<unknown> = async () => ({}),
) {
  const sent: { lang: TranslationLanguage; fields: Record<string, string>; steps: unknown }[] = [];
  const removed: TranslationLanguage[] = [];
  render(
    <TranslationEditor
      title="Bản dịch sản phẩm"
      fields={FIELDS}
      steps={STEPS}
      saved={saved}
      onSave={async (lang, draft) => {
        sent.push({ lang, fields: fieldsOut(draft), steps: stepsOut(STEPS, draft) });
        return onSave(lang, draft);
      }}
      onRemove={async (lang) => {
        removed.push(lang);
      }}
    />,
  );
  return { sent, removed };
}

const tab = (name: RegExp) => screen.getByRole('tab', { name });

describe('[COMPANY_ADMIN][client][translations] the side-by-side translation editor', () => {
  it('[COMPANY_ADMIN][client][translations]: each tab says how many fields its language lacks, and the count drops as they are typed', () => {
    open({ 'zh-Hans': { fields: { name: '阿拉比卡咖啡' }, steps: { '7': { activity: '采摘' } } } });
    // name, origin, and the steps' activity (2) and location (1): five fields with Vietnamese text.
    expect(tab(/English/).textContent).toContain('Còn thiếu 5 trường');
    expect(tab(/简体中文/).textContent).toContain('Còn thiếu 3 trường');
    expect(tab(/English/).getAttribute('aria-selected')).toBe('true');

    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByText('Cà phê Arabica Cầu Đất').getAttribute('lang')).toBe('vi');
    const name = within(panel).getByLabelText('Tên sản phẩm English');
    expect(name.getAttribute('lang')).toBe('en');
    // The field without Vietnamese text is not offered.
    expect(within(panel).queryByLabelText('Đơn vị English')).toBeNull();

    fireEvent.change(name, { target: { value: 'Cau Dat Arabica coffee' } });
    const step1 = within(panel).getByRole('listitem', { name: /Bước 1/ });
    fireEvent.change(within(step1).getByLabelText('Hoạt động English'), { target: { value: 'Picking' } });
    expect(tab(/English/).textContent).toContain('Còn thiếu 3 trường');
    expect(screen.getByText('Có thay đổi chưa lưu')).toBeTruthy();

    // What was typed in English stays while Chinese is looked at.
    fireEvent.click(tab(/简体中文/));
    const zhName = within(screen.getByRole('tabpanel')).getByLabelText('Tên sản phẩm 简体中文');
    expect((zhName as HTMLInputElement).value).toBe('阿拉比卡咖啡');
    expect(zhName.getAttribute('lang')).toBe('zh-Hans');
    fireEvent.click(tab(/English/));
    expect(
      (within(screen.getByRole('tabpanel')).getByLabelText('Tên sản phẩm English') as HTMLInputElement).value,
    ).toBe('Cau Dat Arabica coffee');
  });

  it('[COMPANY_ADMIN][client][translations]: saving sends the language, its fields trimmed and its steps by id, the empty ones left out', async () => {
    const { sent } = open();
    const panel = screen.getByRole('tabpanel');
    fireEvent.change(within(panel).getByLabelText('Tên sản phẩm English'), {
      target: { value: '  Cau Dat Arabica coffee ' },
    });
    const step2 = within(panel).getByRole('listitem', { name: /Bước 2/ });
    fireEvent.change(within(step2).getByLabelText('Hoạt động English'), { target: { value: 'Roasting' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Lưu bản dịch English' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      lang: 'en',
      fields: { name: 'Cau Dat Arabica coffee' },
      steps: { '9': { activity: 'Roasting' } },
    });
  });

  it("[COMPANY_ADMIN][client][translations]: the server's 400 is shown on the field it names, a step's too", async () => {
    const refusal = 'Tên sản phẩm không được dài quá 200 ký tự';
    open({}, async () => {
      throw TRPCClientError.from({
        error: {
          message: refusal,
          code: -32600,
          data: {
            httpStatus: 400,
            fields: {
              'translation.name': refusal,
              'translation.steps.9.activity': 'Quá dài',
              'translation.steps.7': 'Bước 7 không thuộc sản phẩm này',
            },
          },
        },
      });
    });
    const panel = screen.getByRole('tabpanel');
    fireEvent.change(within(panel).getByLabelText('Tên sản phẩm English'), { target: { value: 'x' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Lưu bản dịch English' }));
    const name = within(panel).getByLabelText('Tên sản phẩm English');
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(within(panel).getByText(refusal)).toBeTruthy();
    expect(name.getAttribute('aria-describedby')).toContain(within(panel).getByText(refusal).id);
    // The focus moves in an effect after the render that marked the field: waited for, not assumed.
    await waitFor(() => expect(document.activeElement).toBe(name));
    const step2 = within(panel).getByRole('listitem', { name: /Bước 2/ });
    expect(within(step2).getByLabelText('Hoạt động English').getAttribute('aria-invalid')).toBe('true');
    expect(within(step2).getByText('Quá dài')).toBeTruthy();
    const step1 = within(panel).getByRole('listitem', { name: /Bước 1/ });
    expect(within(step1).getByText('Bước 7 không thuộc sản phẩm này')).toBeTruthy();
  });

  it('[COMPANY_ADMIN][client][translations]: removing a saved language asks first, and Hủy removes nothing', async () => {
    const { removed } = open({ en: { fields: { name: 'Arabica coffee' } } });
    const panel = screen.getByRole('tabpanel');
    fireEvent.click(within(panel).getByRole('button', { name: 'Xóa bản dịch English' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Xóa bản dịch English?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hủy' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(removed).toEqual([]);
    fireEvent.click(within(panel).getByRole('button', { name: 'Xóa bản dịch English' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Xóa' }));
    await waitFor(() => expect(removed).toEqual(['en']));
    // Nothing saved in Chinese: nothing to remove.
    fireEvent.click(tab(/简体中文/));
    expect(within(screen.getByRole('tabpanel')).queryByRole('button', { name: /Xóa bản dịch/ })).toBeNull();
  });

  it('[COMPANY_ADMIN][client][translations]: arrow keys move between the language tabs', () => {
    open();
    const en = tab(/English/);
    en.focus();
    fireEvent.keyDown(en, { key: 'ArrowRight' });
    expect(tab(/简体中文/).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(tab(/简体中文/));
  });
});
