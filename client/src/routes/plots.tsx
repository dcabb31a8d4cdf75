import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { countryName } from '#shared/countries.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import { plotsWorkspace as t } from '#shared/i18n/vi/plots-workspace.ts';
import type { PlotView } from '#shared/schemas/plots.ts';
import { Button } from '#client/components/ui/button.tsx';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import {
  type Column,
  DataTable,
  editDeleteActions,
  TableOrState,
} from '#client/components/ui/data-table.tsx';
import { Field } from '#client/components/ui/field.tsx';
import { PageHeading } from '#client/components/ui/page-heading.tsx';
import { PlotFormDialog } from '#client/features/plots/plot-form.tsx';
import { PlotImportDialog } from '#client/features/plots/plot-import-dialog.tsx';
import { PlotOutline } from '#client/features/plots/plot-outline.tsx';
import { plotArea } from '#client/features/plots/plot-facts.ts';
import { useDebounced } from '#client/features/products/use-debounced.ts';
import { useTRPC, useTRPCClient } from '#client/lib/trpc.ts';

const c = vi.workspace.common;
const PAGE_SIZE = 50;

const COLUMNS: Column<PlotView>[] = [
  {
    header: t.outline,
    card: 'image',
    cell: (p) => <PlotOutline geometries={[p.geometry]} size={48} />,
  },
  {
    header: t.name,
    rowHeader: true,
    className: 'font-semibold text-ink [overflow-wrap:anywhere]',
    cell: (p) => p.name,
  },
  {
    header: t.province,
    className: '[overflow-wrap:anywhere]',
    cell: (p) => [p.province, p.country === 'VN' ? '' : countryName(p.country)].filter(Boolean).join(', '),
  },
  {
    header: t.plantingAreaCodeShort,
    className: 'font-mono [overflow-wrap:anywhere]',
    cell: (p) => p.plantingAreaCode,
  },
  { header: t.crop, className: '[overflow-wrap:anywhere]', cell: (p) => p.crop },
  { header: t.area, className: 'whitespace-nowrap', cell: plotArea },
];

/** '/plots': the company's farm plots (issue 34), their form with the geometry checked live, and the import. */
export default function PlotsPage() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<PlotView | null>(null);
  const [importing, setImporting] = useState(false);
  const q = useDebounced(search.trim());

  const input = { limit: PAGE_SIZE, ...(q ? { q } : {}) };
  // Paged by hand rather than with infiniteQueryOptions, which adds `direction` (and a null cursor) to an
  // input the server holds to its exact keys; under the plots' key, so every plots change refreshes it.
  const list = useInfiniteQuery({
    queryKey: [...trpc.plots.list.queryKey(input), 'pages'],
    queryFn: ({ pageParam }) =>
      client.plots.list.query({ ...input, ...(pageParam ? { cursor: pageParam } : {}) }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const remove = useMutation(
    trpc.plots.delete.mutationOptions({
      onSuccess: () => {
        toast.success(t.deleted);
        setDeleting(null);
        void queryClient.invalidateQueries({ queryKey: trpc.plots.pathKey() });
      },
      // The server's refusal (a plot some lot grew on) is toasted in its own words.
      onError: () => setDeleting(null),
    }),
  );

  const plots = list.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <div>
      <PageHeading title={t.title}>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setImporting(true)}>
            {t.import.open}
          </Button>
          <Button onClick={() => setEditing(null)}>{t.add}</Button>
        </div>
      </PageHeading>
      <div role="search" className="mb-4">
        <Field
          label={c.search}
          type="search"
          placeholder={t.searchHint}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      <TableOrState
        loading={list.isLoading}
        failed={list.isError}
        onRetry={() => void list.refetch()}
        empty={plots.length === 0 && (q ? t.noMatch : t.empty)}
      >
        <DataTable
          rows={plots}
          rowKey={(p) => p.id}
          rowName={(p) => p.name}
          columns={COLUMNS}
          actions={(p) =>
            editDeleteActions({
              name: p.name,
              onEdit: () => setEditing(p.id),
              onDelete: () => setDeleting(p),
            })
          }
        />
      </TableOrState>
      {list.hasNextPage && (
        <div className="mt-4 flex justify-center">
          <Button
            variant="outline"
            onClick={() => void list.fetchNextPage()}
            disabled={list.isFetchingNextPage}
          >
            {list.isFetchingNextPage ? c.loading : t.more}
          </Button>
        </div>
      )}

      <PlotFormDialog
        plotId={editing ?? null}
        open={editing !== undefined}
        onOpenChange={(open) => !open && setEditing(undefined)}
      />
      <PlotImportDialog open={importing} onOpenChange={setImporting} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={deleting ? t.deleteTitle(deleting.name) : ''}
        message={t.deleteText}
        confirmLabel={c.delete}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
      />
    </div>
  );
}
