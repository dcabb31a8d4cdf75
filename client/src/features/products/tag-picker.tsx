import { useId, useRef } from 'react';
import { vi } from '#shared/i18n/vi/index.ts';
import { Icon } from '#client/components/ui/icon.tsx';
import { FieldError } from '#client/components/ui/field.tsx';
import { cn } from '#client/lib/cn.ts';

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
  // A tag the product had that is not in the company's list stays shown once unticked, so it can be
  // ticked again before saving (the picker lives as long as the dialog).
  const seen = useRef(new Set<string>());
  for (const tag of value) seen.current.add(tag);
  const all = [...new Set([...available, ...seen.current])];
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
                // The checkbox is visually hidden: its keyboard focus is drawn on the chip around it.
                'cursor-pointer rounded-full border px-3 py-1 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary',
                on ? 'border-primary bg-primary-light font-medium text-ink' : 'border-line text-ink-soft',
              )}
            >
              <input type="checkbox" className="sr-only" checked={on} onChange={() => toggle(tag)} />
              {on && <Icon name="check" className="me-1 inline h-4 w-4 align-[-3px]" />}
              {tag}
            </label>
          );
        })}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
