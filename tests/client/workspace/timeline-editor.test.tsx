import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TimelineEditor } from '#client/features/products/timeline-editor.tsx';
import type { TimelineStep } from '#client/features/products/types.ts';

const step = (activity: string, date = '2024-01-01'): TimelineStep => ({
  key: activity,
  activity,
  location: '',
  date,
  description: '',
});

/** The editor under a parent that keeps its steps, as the product form does; `saved` shows what a save would send. */
function Harness({ initial, errors }: { initial: TimelineStep[]; errors?: Record<string, string> }) {
  const [steps, setSteps] = useState(initial);
  return (
    <>
      <TimelineEditor steps={steps} onChange={setSteps} errors={errors} />
      <output data-testid="saved">{steps.map((s) => `${s.activity}@${s.date}`).join('|')}</output>
    </>
  );
}

const saved = () => screen.getByTestId('saved').textContent;

describe('[COMPANY_ADMIN][client][timeline editor]', () => {
  it('[COMPANY_ADMIN][client][timeline editor]: says the timeline is empty, then adds steps that can be typed into', () => {
    render(<Harness initial={[]} />);
    expect(screen.getByText('Chưa có bước nào trong hành trình.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Thêm bước' }));
    fireEvent.click(screen.getByRole('button', { name: 'Thêm bước' }));
    const second = screen.getByRole('listitem', { name: 'Bước 2' });
    fireEvent.change(within(second).getByLabelText('Hoạt động'), { target: { value: 'Đóng gói' } });
    fireEvent.change(within(second).getByLabelText('Ngày'), { target: { value: '2024-03-02' } });
    fireEvent.change(within(second).getByLabelText('Địa điểm'), { target: { value: 'Huế' } });
    expect(saved()).toMatch(/^@\d{4}-\d{2}-\d{2}\|Đóng gói@2024-03-02$/);
    expect(screen.queryByText('Chưa có bước nào trong hành trình.')).toBeNull();
  });

  it('[COMPANY_ADMIN][client][timeline editor]: moves steps up and down, and the ends cannot move further', () => {
    render(<Harness initial={[step('Thu hoạch'), step('Rang'), step('Đóng gói')]} />);
    expect((screen.getByRole('button', { name: 'Đưa bước 1 lên' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Đưa bước 3 xuống' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Đưa bước 3 lên' }));
    expect(saved()).toBe('Thu hoạch@2024-01-01|Đóng gói@2024-01-01|Rang@2024-01-01');
    fireEvent.click(screen.getByRole('button', { name: 'Đưa bước 1 xuống' }));
    expect(saved()).toBe('Đóng gói@2024-01-01|Thu hoạch@2024-01-01|Rang@2024-01-01');
    // The fields follow their step: step 1's input now holds "Đóng gói".
    const first = screen.getByRole('listitem', { name: 'Bước 1' });
    expect((within(first).getByLabelText('Hoạt động') as HTMLInputElement).value).toBe('Đóng gói');
  });

  it('[COMPANY_ADMIN][client][timeline editor]: removes the chosen step only', () => {
    render(<Harness initial={[step('Thu hoạch'), step('Rang'), step('Đóng gói')]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Xóa bước 2' }));
    expect(saved()).toBe('Thu hoạch@2024-01-01|Đóng gói@2024-01-01');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it("[COMPANY_ADMIN][client][timeline editor]: shows a step's field errors beside the field", () => {
    render(
      <Harness
        initial={[step('Thu hoạch'), step('')]}
        errors={{ 'trackings.1.activity': 'Vui lòng nhập thông tin này' }}
      />,
    );
    const second = screen.getByRole('listitem', { name: 'Bước 2' });
    const input = within(second).getByLabelText('Hoạt động');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(within(second).getByText('Vui lòng nhập thông tin này')).toBeTruthy();
    const first = screen.getByRole('listitem', { name: 'Bước 1' });
    expect(within(first).getByLabelText('Hoạt động').getAttribute('aria-invalid')).toBeNull();
  });
});
