import { useId } from 'react';
import { cn } from '#client/lib/cn.ts';

/** A labelled group of radio buttons shown as segments ('Đang hoạt động' / 'Ngừng hoạt động', 'Có' / 'Không'). */
export function RadioChoice<V extends string>({
  label,
  value,
  options,
  onChange,
  className,
}: {
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
  className?: string;
}) {
  const name = useId();
  return (
    <fieldset className={cn('flex flex-col gap-1', className)}>
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
    </fieldset>
  );
}
