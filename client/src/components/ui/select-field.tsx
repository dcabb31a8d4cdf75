import { type SelectHTMLAttributes, useId } from 'react';
import { cn } from '../../lib/cn.ts';

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  options: readonly { value: string; label: string }[];
  error?: string;
  /** A first, empty choice ('Tất cả', 'Không chọn'...). */
  placeholder?: string;
}

/** A labelled native select: keyboard, screen readers and phones handle it best. */
export function SelectField({ label, options, error, placeholder, className, id, ...props }: SelectFieldProps) {
  const autoId = useId();
  const selectId = id ?? autoId;
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={selectId} className="text-sm font-medium text-ink">
        {label}
      </label>
      <select
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${selectId}-error` : undefined}
        className={cn(
          'h-11 rounded-lg border border-line bg-surface px-3 text-ink outline-none focus:border-primary focus:ring-2 focus:ring-primary/30',
          error && 'border-red-600',
        )}
        {...props}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${selectId}-error`} className="text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
