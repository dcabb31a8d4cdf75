import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PhotoField } from '#client/features/serials/photo-field.tsx';
import { vi } from '#shared/i18n/vi/index.ts';

const m = vi.serialVerdict;
const describedBy = (el: HTMLElement) =>
  document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent;

/** The fake report's photo on the verdict page: a button in the page's words, not the browser's English one. */
describe('[client][serials]: the verdict page photo field', () => {
  it('[GUEST][serials]: named and described in Vietnamese, shows the chosen file, and sends it with the form', () => {
    render(
      <form data-testid="form">
        <PhotoField
          name="file"
          label={m.reportPhoto}
          pick={m.reportPhotoPick}
          none={m.reportPhotoNone}
          required
        />
      </form>,
    );
    const input = screen.getByLabelText(`${m.reportPhoto} ${m.reportPhotoPick}`) as HTMLInputElement;
    expect(input.type).toBe('file');
    expect(input.required).toBe(true);
    // Hidden from the eye, not from the keyboard or a screen reader.
    expect(input.className).toContain('sr-only');
    expect(input.tabIndex).not.toBe(-1);
    expect(describedBy(input)).toBe(m.reportPhotoNone);
    // The button is the label of the input: pressing it opens the picker.
    expect(screen.getByText(m.reportPhotoPick).closest('label')?.htmlFor).toBe(input.id);

    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'cua-hang-ben-thanh.jpg', {
      type: 'image/jpeg',
    });
    fireEvent.change(input, { target: { files: [photo] } });
    expect(screen.getByTestId('photo-chosen').textContent).toBe('cua-hang-ben-thanh.jpg');
    expect(describedBy(input)).toBe('cua-hang-ben-thanh.jpg');
    // The form sends it under the name the server reads (jsdom keeps no real file list to send here).
    expect(input.form).toBe(screen.getByTestId('form'));
    expect(input.name).toBe('file');
  });
});
