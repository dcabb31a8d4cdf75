import { type ChangeEvent, useId } from 'react';
import { buttonVariants } from '#client/components/ui/button.tsx';
import { usePublicStrings } from '#client/i18n/language.tsx';
import { cn } from '#client/lib/cn.ts';

/** The fallback when there is no camera: a photo of the code, read on the phone first (use-scan-flow.ts). */
export function PhotoPicker({ disabled, onFile }: { disabled: boolean; onFile: (file: File) => void }) {
  const t = usePublicStrings().scan;
  const id = useId();
  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = ''; // the same photo may be chosen again after a failure
    if (file) onFile(file);
  };
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-ink-soft">{t.orPhoto}</p>
      {/* The input comes first so that its focus can show on the label it hides behind (peer-*). */}
      <input
        id={id}
        type="file"
        accept="image/*"
        capture="environment"
        className="peer sr-only"
        disabled={disabled}
        onChange={onChange}
        data-testid="scan-photo-input"
      />
      <label
        htmlFor={id}
        className={cn(
          buttonVariants({ variant: 'outline', size: 'lg' }),
          'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary',
        )}
        aria-disabled={disabled}
      >
        {t.choosePhoto}
      </label>
    </div>
  );
}
