import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { vi } from '../../../../shared/i18n/vi/index.ts';
import { Button } from '../../components/ui/button.tsx';
import { controlClass } from '../../components/ui/field.tsx';
import { useTRPC } from '../../lib/trpc.ts';

const t = vi.workspace.company;
export type TermKind = 'categories' | 'units' | 'tags';

/** One of the company's lists as chips: type a value and add it, or remove one with its ✕. */
export function TermListEditor({ kind, title }: { kind: TermKind; title: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // The three routers are alike but for their field's name; one type lets one component drive them.
  const procs = trpc.companies[kind] as unknown as typeof trpc.companies.categories;
  const list = useQuery(procs.list.queryOptions());
  const [value, setValue] = useState('');
  const refresh = () => void queryClient.invalidateQueries({ queryKey: procs.list.queryKey() });
  const upsert = useMutation(
    procs.upsert.mutationOptions({
      onSuccess: () => {
        setValue('');
        refresh();
      },
    }),
  );
  const remove = useMutation(procs.delete.mutationOptions({ onSuccess: refresh }));
  // The three lists take their values under their own field name ({ categories }, { units }, { tags }).
  const body = (values: string[]) => ({ [kind]: values }) as never;
  const inputId = `term-${kind}`;
  return (
    <section aria-labelledby={`${inputId}-title`} className="flex flex-col gap-2">
      <h3 id={`${inputId}-title`} className="font-semibold text-ink">
        {title}
      </h3>
      <ul className="flex flex-wrap gap-2">
        {(list.data ?? []).map((v) => (
          <li
            key={v}
            className="flex items-center gap-1 rounded-full bg-primary-light py-1 ps-3 pe-1 text-sm text-ink"
          >
            {v}
            <button
              type="button"
              aria-label={t.removeValue(v)}
              className="min-h-6 min-w-6 rounded-full px-1.5 hover:bg-surface/60 focus-visible:outline-2 focus-visible:outline-primary"
              onClick={() => remove.mutate(body([v]))}
            >
              ✕
            </button>
          </li>
        ))}
        {list.data?.length === 0 && <li className="text-sm text-ink-soft">{t.emptyList}</li>}
      </ul>
      <form
        className="flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (value.trim()) upsert.mutate(body([value.trim()]));
        }}
      >
        <label htmlFor={inputId} className="sr-only">
          {t.newValue(title)}
        </label>
        <input
          id={inputId}
          value={value}
          placeholder={t.newValue(title)}
          maxLength={100}
          onChange={(e) => setValue(e.target.value)}
          className={controlClass(undefined, 'h-10 min-w-0 flex-1')}
        />
        <Button type="submit" variant="outline" disabled={!value.trim() || upsert.isPending}>
          {vi.workspace.common.add}
        </Button>
      </form>
    </section>
  );
}
