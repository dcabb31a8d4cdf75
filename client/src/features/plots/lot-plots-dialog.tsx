import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { toast } from 'react-toastify';
import { vi } from '#shared/i18n/vi/index.ts';
import { plotsWorkspace as pw } from '#shared/i18n/vi/plots-workspace.ts';
import { Field, FieldError } from '#client/components/ui/field.tsx';
import { FormDialog } from '#client/components/ui/form-dialog.tsx';
import { useDebounced } from '#client/features/products/use-debounced.ts';
import { cn } from '#client/lib/cn.ts';
import { serverErrors } from '#client/lib/form-errors.ts';
import { useTRPC } from '#client/lib/trpc.ts';
import { plotArea, plotPlace } from './plot-facts.ts';
import { PlotOutline } from './plot-outline.tsx';

const t = pw.lot;
const SHOWN = 50;

/**
 * "Chọn vùng trồng": the company's plots as a checklist, found by name, province or code; the lot's own
 * plots start ticked, and a tick survives a search that hides its plot. Saving sends the whole list.
 */
export function LotPlotsDialog({
  lotId,
  ownIds,
  open,
  onOpenChange,
}: {
  lotId: number;
  ownIds: readonly number[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const [error, setError] = useState<string | undefined>(undefined);
  const q = useDebounced(search.trim());
  const errorId = useId();
  const found = useQuery({
    ...trpc.plots.list.queryOptions({ limit: SHOWN, ...(q ? { q } : {}) }),
    enabled: open,
    placeholderData: keepPreviousData,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: filled when the dialog opens, not at each refetch of the lot's plots
  useEffect(() => {
    if (!open) return;
    setSearch('');
    setPicked(new Set(ownIds));
    setError(undefined);
  }, [open]);

  const save = useMutation(
    trpc.plots.setLotPlots.mutationOptions({
      onSuccess: () => {
        toast.success(t.saved);
        void queryClient.invalidateQueries({ queryKey: trpc.plots.pathKey() });
        onOpenChange(false);
      },
      onError: (err) =>
        setError(Object.values(serverErrors(err))[0] ?? (err instanceof Error ? err.message : undefined)),
    }),
  );
  const toggle = (id: number, on: boolean) =>
    setPicked((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const dirty = picked.size !== ownIds.length || ownIds.some((id) => !picked.has(id));

  const plots = found.data?.items ?? [];
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      dirty={dirty}
      title={t.chooseTitle}
      saveLabel={t.save}
      saving={save.isPending}
      loading={false}
      onSave={() => save.mutate({ lotId, plotIds: [...picked] })}
    >
      <p className="text-sm text-ink-soft">{t.chooseHint}</p>
      <Field
        label={t.find}
        type="search"
        placeholder={pw.searchHint}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      <fieldset className="flex flex-col gap-2" aria-describedby={errorId}>
        <legend className="mb-1 text-sm font-medium text-ink">{t.found}</legend>
        <p role="status" className="text-sm text-ink">
          {found.isLoading ? vi.workspace.common.loading : t.picked(picked.size)}
        </p>
        {!found.isLoading && plots.length === 0 && (
          <p className="text-sm text-ink-soft">{q ? t.noneFound : t.noPlots}</p>
        )}
        <ul className="flex max-h-80 flex-col gap-2 overflow-y-auto">
          {plots.map((p) => (
            <li key={p.id}>
              <label
                className={cn(
                  'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border px-3 py-2 text-sm',
                  picked.has(p.id) ? 'border-primary bg-primary-light text-ink' : 'border-line text-ink',
                )}
              >
                <input
                  type="checkbox"
                  className="h-5 w-5 shrink-0 accent-[var(--primary)]"
                  checked={picked.has(p.id)}
                  onChange={(e) => toggle(p.id, e.target.checked)}
                />
                <PlotOutline geometries={[p.geometry]} size={40} />
                <span className="min-w-0 flex-1 [overflow-wrap:anywhere]">
                  <span className="block font-semibold">{p.name}</span>
                  <span className="block text-ink-soft">
                    {[plotPlace(p), plotArea(p)].filter(Boolean).join(' · ')}
                  </span>
                </span>
              </label>
            </li>
          ))}
        </ul>
        <FieldError id={errorId} message={error} />
      </fieldset>
    </FormDialog>
  );
}
