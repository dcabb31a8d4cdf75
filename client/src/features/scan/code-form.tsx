import { type FormEvent, useState } from 'react';
import { vi } from '#shared/i18n/vi/index.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Field } from '#client/components/ui/field.tsx';

const t = vi.publicPages.scan;

/** A code typed from under the label, for a damaged print: the same path as a scanned text. */
export function CodeForm({ disabled, onCode }: { disabled: boolean; onCode: (text: string) => void }) {
  const [value, setValue] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (value.trim()) onCode(value);
  };
  return (
    <form onSubmit={submit} className="flex items-end gap-2">
      <Field
        label={t.manualLabel}
        name="code"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        className="flex-1"
      />
      <Button type="submit" variant="outline" className="h-11" disabled={disabled}>
        {t.manualSubmit}
      </Button>
    </form>
  );
}
