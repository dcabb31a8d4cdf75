import type { SelectHTMLAttributes } from 'react';
import { controlClass, FieldFrame, type Labelled } from './field.tsx';

export type SelectFieldProps = Labelled<SelectHTMLAttributes<HTMLSelectElement>> & {
  options: readonly { value: string; label: string }[];
  /** A first, empty choice ('Tất cả', 'Không chọn'...). */
  placeholder?: string;
};

/** A labelled native select: keyboard, screen readers and phones handle it best. */
export function SelectField({
  label,
  options,
  error,
  placeholder,
  className,
  id,
  ...props
}: SelectFieldProps) {
  return (
    <FieldFrame label={label} error={error} id={id} className={className}>
      {(control) => (
        <select {...control} className={controlClass(error, 'h-11')} {...props}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}
