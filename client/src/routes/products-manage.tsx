import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { toast } from 'react-toastify';
import { vi } from '#shared/i18n/vi/index.ts';
import { PRODUCT_PAGE_SIZE } from '#shared/constants.ts';
import { Button } from '#client/components/ui/button.tsx';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { PageHeading } from '#client/components/ui/page-heading.tsx';
import { TableOrState } from '#client/components/ui/data-table.tsx';
import { Pagination } from '#client/components/ui/pagination.tsx';
import { ImportDialog } from '#client/features/products/import-dialog.tsx';
import {
  initialProductFilters,
  ProductFilters,
  type ProductFilterState,
} from '#client/features/products/product-filters.tsx';
import { ProductFormDialog } from '#client/features/products/product-form.tsx';
import { ProductTable } from '#client/features/products/product-table.tsx';
import type { ProductRow } from '#client/features/products/types.ts';
import { useCompanyLists } from '#client/features/products/use-company-lists.ts';
import { useDebounced } from '#client/features/products/use-debounced.ts';
import { ProductTranslationsDialog } from '#client/features/translations/product-translations-dialog.tsx';
import { useTRPC } from '#client/lib/trpc.ts';
import { useSession } from '#client/session/SessionProvider.tsx';

const t = vi.workspace.products;
const c = vi.workspace.common;

/**
 * '/products/manage?new=1' (the empty dashboard's "Thêm sản phẩm đầu tiên") opens the create dialog
 * once, then drops the query so a reload or Back does not open it again.
 */
function useOpenCreateFromLink(open: () => void) {
  const [path, navigate] = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival
  useEffect(() => {
    if (!new URLSearchParams(window.location.search).has('new')) return;
    navigate(path, { replace: true });
    open();
  }, []);
}

/** '/products/manage': the company's products, their editor, QR codes and the multiple upload. */
export default function ProductsManagePage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { state } = useSession();
  const lists = useCompanyLists();
  const [filters, setFilters] = useState<ProductFilterState>(initialProductFilters);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  const [importing, setImporting] = useState(false);
  const [translating, setTranslating] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<ProductRow | null>(null);
  const search = useDebounced(filters.search.trim());
  useOpenCreateFromLink(() => setEditing(null));

  const list = useQuery({
    ...trpc.products.list.queryOptions({
      page,
      limit: PRODUCT_PAGE_SIZE,
      sortBy: filters.sortBy,
      orderBy: filters.orderBy,
      ...(search ? { search } : {}),
      ...(filters.status ? { status: filters.status } : {}),
      ...(filters.category ? { category: filters.category } : {}),
    }),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation(
    trpc.products.delete.mutationOptions({
      onSuccess: () => {
        toast.success(t.deleted);
        setDeleting(null);
        void queryClient.invalidateQueries({ queryKey: trpc.products.pathKey() });
      },
    }),
  );

  // Products are created in a company: staff in their own, a SUPER_ADMIN in the one it picks in the form.
  const pageIds = (list.data?.products ?? []).map((p) => p.id);
  const dataset = useQuery({
    ...trpc.lots.datasetStatus.queryOptions({ productIds: pageIds }),
    enabled: pageIds.length > 0,
    placeholderData: keepPreviousData,
  });
  const missing = new Map((dataset.data ?? []).map((r) => [r.productId, r.missing]));
  const canAdd = state.currentUser?.companyId != null || state.currentUser?.role === 'SUPER_ADMIN';
  const products = list.data?.products ?? [];
  const filtered = !!(search || filters.status || filters.category);
  return (
    <div>
      <PageHeading title={t.title}>
        {canAdd && (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => setImporting(true)}>
              {t.import}
            </Button>
            <Button onClick={() => setEditing(null)}>{t.add}</Button>
          </div>
        )}
      </PageHeading>
      <ProductFilters
        value={filters}
        categories={lists.categories}
        onChange={(next) => {
          setFilters(next);
          setPage(1);
        }}
      />
      <TableOrState
        loading={list.isLoading}
        failed={list.isError}
        onRetry={() => void list.refetch()}
        empty={products.length === 0 && (filtered ? t.noMatch : t.empty)}
      >
        <ProductTable
          products={products}
          showCompany={state.currentUser?.role === 'SUPER_ADMIN'}
          missing={missing}
          onEdit={(p) => setEditing(p.id)}
          onTranslate={(p) => setTranslating(p.id)}
          onDelete={setDeleting}
        />
      </TableOrState>
      <Pagination page={page} pageSize={PRODUCT_PAGE_SIZE} total={list.data?.total ?? 0} onPage={setPage} />

      <ProductFormDialog
        productId={editing ?? null}
        open={editing !== undefined}
        onOpenChange={(open) => !open && setEditing(undefined)}
      />
      <ProductTranslationsDialog productId={translating} onClose={() => setTranslating(null)} />
      <ImportDialog open={importing} onOpenChange={setImporting} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t.deleteTitle}
        message={deleting ? t.deleteMessage(deleting.name) : ''}
        confirmLabel={c.delete}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
      />
    </div>
  );
}
