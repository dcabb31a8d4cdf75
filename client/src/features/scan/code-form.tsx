import { type FormEvent, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Field } from '#client/components/ui/field.tsx';
import { usePublicStrings } from '#client/i18n/language.tsx';

/** A code typed from under the label, for a damaged print: the same path as a scanned text. */
export function CodeForm({ disabled, onCode }: { disabled: boolean; onCode: (text: string) => void }) {
  const t = usePublicStrings().scan;
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
        // min-w-0: a long label in English or Chinese wraps instead of pushing the button past 320 px.
        className="min-w-0 flex-1"
      />
      <Button type="submit" variant="outline" className="h-11 shrink-0 whitespace-nowrap" disabled={disabled}>
        {t.manualSubmit}
      </Button>
    </form>
  );
}
