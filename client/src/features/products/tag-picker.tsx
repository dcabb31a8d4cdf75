import { useId } from 'react';
import { vi } from '../../../../shared/i18n/vi/index.ts';
import { FieldError } from '../../components/ui/field.tsx';
import { cn } from '../../lib/cn.ts';

const t = vi.workspace.products;

/** The company's tags as toggle chips (checkboxes underneath); tags the product has that left the list stay shown. */
export function TagPicker({
  available,
  value,
  onChange,
  error,
}: {
  available: readonly string[];
  value: string[];
  onChange: (tags: string[]) => void;
  error?: string;
}) {
  const errorId = useId();
  const all = [...new Set([...available, ...value])];
  const toggle = (tag: string) =>
    onChange(value.includes(tag) ? value.filter((x) => x !== tag) : [...value, tag]);
  return (
    <fieldset className="flex flex-col gap-1" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-sm font-medium text-ink">{t.tags}</legend>
      {all.length === 0 && <p className="text-sm text-ink-soft">{t.noListValues}</p>}
      <div className="flex flex-wrap gap-2">
        {all.map((tag) => {
          const on = value.includes(tag);
          return (
            <label
              key={tag}
              className={cn(
                'cursor-pointer rounded-full border px-3 py-1 text-sm',
                on ? 'border-primary bg-primary-light text-ink' : 'border-line text-ink-soft',
              )}
            >
              <input type="checkbox" className="sr-only" checked={on} onChange={() => toggle(tag)} />
              {tag}
            </label>
          );
        })}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
