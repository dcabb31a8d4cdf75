import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog, DialogCancel } from '#client/components/ui/dialog.tsx';
import { Field } from '#client/components/ui/field.tsx';
import { SelectField } from '#client/components/ui/select-field.tsx';
import { useDebounced } from '#client/features/products/use-debounced.ts';
import { type FieldErrors, serverErrors, zodErrors } from '#client/lib/form-errors.ts';
import { useTRPC } from '#client/lib/trpc.ts';
import { serials as serialMessages } from '#shared/i18n/vi/serials.ts';
import { serialsWorkspace as sw } from '#shared/i18n/vi/serials-workspace.ts';
import { createSerialBatchInput, type SerialBatchView } from '#shared/schemas/serials.ts';
import { MAX_BATCH_COUNT } from '#shared/serials.ts';

const EMPTY = { search: '', productId: '', lotId: '', count: '', withPin: false };

/**
 * A new batch: the product (found by search), optionally one of its lots, how many codes (checked by the
 * server's own schema before sending, so the limits read the same) and whether each gets a PIN.
 */
export function BatchFormDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (batch: SerialBatchView) => void;
}) {
  const trpc = useTRPC();
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const term = useDebounced(form.search.trim());
  const products = useQuery({
    ...trpc.products.list.queryOptions({
      page: 1,
      limit: 50,
      sortBy: 'name',
      orderBy: 'asc',
      ...(term ? { search: term } : {}),
    }),
    enabled: open,
  });
  const productId = Number(form.productId);
  const lots = useQuery({
    ...trpc.lots.list.queryOptions({ productId }),
    enabled: open && productId > 0,
  });
  const close = () => {
    setForm(EMPTY);
    setErrors({});
    onClose();
  };
  const create = useMutation(
    trpc.serials.createBatch.mutationOptions({
      // Shown in the form, beside the field it is about, not toasted.
      trpc: { context: { silent: true } },
      onSuccess: (batch) => {
        toast.success(serialMessages.created);
        setForm(EMPTY);
        setErrors({});
        onCreated(batch);
      },
      onError: (err) => {
        const fields = serverErrors(err);
        setErrors(Object.keys(fields).length ? fields : { _: err.message });
      },
    }),
  );
  // A field's error goes once the field is changed: it no longer says what the field holds.
  const set = (patch: Partial<typeof EMPTY>) => {
    setForm((f) => ({ ...f, ...patch }));
    setErrors((e) => {
      const left = { ...e };
      for (const key of Object.keys(patch)) delete left[key];
      delete left._;
      return left;
    });
  };
  const submit = () => {
    if (!form.productId) {
      setErrors({ productId: sw.productRequired });
      return;
    }
    const parsed = createSerialBatchInput.safeParse({
      productId: productId,
      lotId: form.lotId ? Number(form.lotId) : null,
      count: form.count.trim() === '' ? Number.NaN : Number(form.count.replace(/[.\s]/g, '')),
      withPin: form.withPin,
    });
    if (!parsed.success) {
      setErrors(zodErrors(parsed.error));
      return;
    }
    setErrors({});
    create.mutate(parsed.data);
  };
  const lotRows = lots.data ?? [];
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && close()}
      dirty={form.productId !== '' || form.count !== ''}
      size="sm"
      title={sw.createTitle}
      footer={
        <>
          <DialogCancel />
          <Button type="submit" form="serial-batch-form" disabled={create.isPending}>
            {create.isPending ? sw.creating : sw.submit}
          </Button>
        </>
      }
    >
      <form
        id="serial-batch-form"
        noValidate
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Field
          label={sw.searchProduct}
          type="search"
          value={form.search}
          onChange={(e) => set({ search: e.target.value })}
        />
        <SelectField
          label={sw.product}
          value={form.productId}
          placeholder={sw.pickProduct}
          error={errors.productId}
          options={(products.data?.products ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
          onChange={(e) => set({ productId: e.target.value, lotId: '' })}
        />
        <SelectField
          label={sw.lot}
          value={form.lotId}
          placeholder={sw.noLot}
          disabled={!form.productId}
          error={errors.lotId}
          options={lotRows.map((l) => ({ value: String(l.id), label: l.code }))}
          onChange={(e) => set({ lotId: e.target.value })}
        />
        <Field
          label={sw.count}
          inputMode="numeric"
          autoComplete="off"
          value={form.count}
          error={errors.count}
          {...(errors.count ? {} : { 'aria-describedby': 'serial-count-hint' })}
          onChange={(e) => set({ count: e.target.value })}
        />
        {!errors.count && (
          <p id="serial-count-hint" className="-mt-2 text-sm text-ink-soft">
            {sw.countHint(MAX_BATCH_COUNT.toLocaleString('vi-VN'))}
          </p>
        )}
        <label className="flex min-h-11 items-start gap-3 text-sm text-ink">
          <input
            type="checkbox"
            className="mt-1 h-5 w-5"
            checked={form.withPin}
            onChange={(e) => set({ withPin: e.target.checked })}
          />
          <span>
            {sw.withPin}
            <span className="block text-ink-soft">{sw.withPinHint}</span>
          </span>
        </label>
        {errors._ && (
          <p role="alert" className="text-sm text-danger">
            {errors._}
          </p>
        )}
      </form>
    </Dialog>
  );
}
