import { useId } from 'react';
import { cn } from '#client/lib/cn.ts';

/**
 * A labelled group of radio buttons shown as segments ('Đang hoạt động' / 'Ngừng hoạt động', 'Có' / 'Không'),
 * with an optional line under them saying what a choice means (the group's description).
 */
export function RadioChoice<V extends string>({
  label,
  value,
  options,
  onChange,
  className,
  hint,
}: {
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
  className?: string;
  hint?: string;
}) {
  const name = useId();
  const hintId = `${name}-hint`;
  return (
    <fieldset className={cn('flex flex-col gap-1', className)} aria-describedby={hint ? hintId : undefined}>
      <legend className="mb-1 text-sm font-medium text-ink">{label}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((o) => (
          <label
            key={o.value}
            className={cn(
              'flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm',
              value === o.value ? 'border-primary bg-primary-light text-ink' : 'border-line text-ink-soft',
            )}
          >
            <input
              type="radio"
              name={name}
              value={o.value}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
              className="accent-[var(--primary)]"
            />
            {o.label}
          </label>
        ))}
      </div>
      {hint && (
        <p id={hintId} className="text-sm text-ink-soft">
          {hint}
        </p>
      )}
    </fieldset>
  );
}
