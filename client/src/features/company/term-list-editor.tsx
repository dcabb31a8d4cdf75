import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { vi } from '#shared/i18n/vi/index.ts';
import { Button } from '#client/components/ui/button.tsx';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { controlClass } from '#client/components/ui/field.tsx';
import { failureMessage } from '#client/lib/api-errors.ts';
import { errorData, useTRPC } from '#client/lib/trpc.ts';

const t = vi.workspace.company;
export type TermKind = 'categories' | 'units' | 'tags';

/**
 * One of the company's lists as chips: type a value and add it, or remove one with its ✕ after a
 * confirmation. A refused value (one differing from a listed value only in case) is explained under
 * the field, which keeps what was typed.
 */
export function TermListEditor({ kind, title }: { kind: TermKind; title: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // The three routers are alike but for their field's name; one type lets one component drive them.
  const procs = trpc.companies[kind] as unknown as typeof trpc.companies.categories;
  const list = useQuery(procs.list.queryOptions());
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: procs.list.queryKey() });
  const upsert = useMutation(
    procs.upsert.mutationOptions({
      trpc: { context: { silent: true } },
      onSuccess: () => {
        setValue('');
        setError(null);
        refresh();
      },
      onError: (err) => {
        const data = errorData(err);
        setError(
          Object.values(data.fields ?? {})[0] ??
            failureMessage({
              status: data.httpStatus ?? null,
              message: data.httpStatus ? err.message : null,
            }),
        );
      },
    }),
  );
  const remove = useMutation(
    procs.delete.mutationOptions({
      onSuccess: () => {
        setRemoving(null);
        refresh();
      },
    }),
  );
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
              onClick={() => setRemoving(v)}
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
          onChange={(e) => {
            setValue(e.target.value);
            setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          className={controlClass(error ?? undefined, 'h-10 min-w-0 flex-1')}
        />
        <Button type="submit" variant="outline" disabled={!value.trim() || upsert.isPending}>
          {vi.workspace.common.add}
        </Button>
      </form>
      {error && (
        <p id={`${inputId}-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={removing ? t.removeTitle(removing) : ''}
        message={t.removeMessage}
        confirmLabel={vi.workspace.common.delete}
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(body([removing]))}
      />
    </section>
  );
}
