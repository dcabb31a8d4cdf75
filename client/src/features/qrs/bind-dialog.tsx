import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { vi } from '#shared/i18n/vi/index.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog, DialogCancel } from '#client/components/ui/dialog.tsx';
import { Field } from '#client/components/ui/field.tsx';
import { SelectField } from '#client/components/ui/select-field.tsx';
import { useTRPC } from '#client/lib/trpc.ts';
import { useDebounced } from '#client/features/products/use-debounced.ts';

const t = vi.workspace.qrs;
const c = vi.workspace.common;

/** Binds a free code to one of the company's products, found by search. */
export function BindDialog({ code, onClose }: { code: string | null; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [productId, setProductId] = useState('');
  const term = useDebounced(search.trim());
  const products = useQuery({
    ...trpc.products.list.queryOptions({
      page: 1,
      limit: 50,
      sortBy: 'name',
      orderBy: 'asc',
      ...(term ? { search: term } : {}),
    }),
    enabled: code !== null,
  });
  const bind = useMutation(
    trpc.shortLinks.bind.mutationOptions({
      onSuccess: () => {
        toast.success(t.bound_ok);
        void queryClient.invalidateQueries({ queryKey: trpc.shortLinks.pathKey() });
        setProductId('');
        setSearch('');
        onClose();
      },
    }),
  );
  return (
    <Dialog
      open={code !== null}
      onOpenChange={(o) => {
        if (o) return;
        setProductId('');
        setSearch('');
        onClose();
      }}
      dirty={productId !== ''}
      size="sm"
      title={code ? t.bindTitle(code) : ''}
      footer={
        <>
          <DialogCancel />
          <Button
            disabled={!productId || bind.isPending}
            onClick={() => code && bind.mutate({ code, productId: Number(productId) })}
          >
            {t.bind}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        <Field
          label={t.searchProduct}
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <SelectField
          label={t.pickProduct}
          value={productId}
          placeholder={c.none}
          options={(products.data?.products ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
          onChange={(e) => setProductId(e.target.value)}
        />
      </div>
    </Dialog>
  );
}
