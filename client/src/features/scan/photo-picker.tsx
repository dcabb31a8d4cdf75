import { type ChangeEvent, useId } from 'react';
import { vi } from '../../../../shared/i18n/vi/index.ts';
import { buttonVariants } from '../../components/ui/button.tsx';

const t = vi.publicPages.scan;

/** The fallback when there is no camera: a photo of the code, decoded by the server (POST /api/products/scan-qr). */
export function PhotoPicker({ disabled, onFile }: { disabled: boolean; onFile: (file: File) => void }) {
  const id = useId();
  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = ''; // the same photo may be chosen again after a failure
    if (file) onFile(file);
  };
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-ink-soft">{t.orPhoto}</p>
      <label
        htmlFor={id}
        className={buttonVariants({ variant: 'outline', size: 'lg' })}
        aria-disabled={disabled}
      >
        {t.choosePhoto}
      </label>
      <input
        id={id}
        type="file"
        accept="image/*"
        capture="environment"
        className="sr-only"
        disabled={disabled}
        onChange={onChange}
        data-testid="scan-photo-input"
      />
    </div>
  );
}
