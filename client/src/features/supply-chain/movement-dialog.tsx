import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { toast } from 'react-toastify';
import { vi } from '#shared/i18n/vi/index.ts';
import { supplyChainWorkspace as sc } from '#shared/i18n/vi/supply-chain-workspace.ts';
import { createReceiptInput, createShipmentInput } from '#shared/schemas/supply-chain.ts';
import { DOCUMENT_TYPES, type DocumentType } from '#shared/supply-chain.ts';
import { vietnamDay } from '#shared/vietnam-time.ts';
import { Field } from '#client/components/ui/field.tsx';
import { FormDialog } from '#client/components/ui/form-dialog.tsx';
import { SelectField } from '#client/components/ui/select-field.tsx';
import { type FieldErrors, serverErrors, zodErrors } from '#client/lib/form-errors.ts';
import { useTRPC } from '#client/lib/trpc.ts';
import { useDraft } from '#client/lib/use-draft.ts';
import { partnersPath } from './paths.ts';
import { QuantityUnitFields, showWarnings } from './quantity-fields.tsx';

const m = sc;

export type MovementKind = 'receipt' | 'shipment';

interface MovementForm {
  partnerId: string;
  supplierLotCode: string;
  quantity: string;
  unit: string;
  date: string;
  documentType: DocumentType | '';
  documentNumber: string;
}

/**
 * A receipt (one step back, from a supplier) or a shipment (one step forward, to a customer) of a lot. A
 * shipment beyond the lot's mass balance is saved and its warning shown.
 */
export function MovementDialog({
  kind,
  lotId,
  defaultUnit,
  open,
  onOpenChange,
}: {
  kind: MovementKind;
  lotId: number;
  /** The lot's own unit, when it names one of the list. */
  defaultUnit: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const words = kind === 'receipt' ? m.receipts : m.shipments;
  const partners = useQuery({
    ...trpc.partners.list.queryOptions({ kind: kind === 'receipt' ? 'SUPPLIER' : 'CUSTOMER', limit: 100 }),
    enabled: open,
  });
  const blank: MovementForm = {
    partnerId: '',
    supplierLotCode: '',
    quantity: '',
    unit: defaultUnit,
    date: vietnamDay(),
    documentType: '',
    documentNumber: '',
  };
  const { draft: form, setDraft: setForm, fill, dirty } = useDraft<MovementForm>(blank);
  const [errors, setErrors] = useState<FieldErrors>({});
  // biome-ignore lint/correctness/useExhaustiveDependencies: a blank form each time the dialog opens
  useEffect(() => {
    if (!open) return;
    setErrors({});
    fill(blank);
  }, [open]);

  const onSuccess = (saved: { warnings?: string[] }) => {
    toast.success(words.created);
    showWarnings(saved.warnings ?? []);
    void queryClient.invalidateQueries({ queryKey: trpc.supplyChain.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.lots.pathKey() });
    onOpenChange(false);
  };
  const onError = (err: unknown) => setErrors(serverErrors(err));
  const receipt = useMutation(trpc.receipts.create.mutationOptions({ onSuccess, onError }));
  const shipment = useMutation(trpc.shipments.create.mutationOptions({ onSuccess, onError }));

  function save() {
    const common = {
      lotId,
      partnerId: Number(form.partnerId),
      quantity: form.quantity.trim(),
      unit: form.unit,
      date: form.date,
      documentType: form.documentType || null,
      documentNumber: form.documentNumber.trim(),
    };
    const found: FieldErrors = {};
    if (!form.partnerId) found.partnerId = vi.validation.required;
    if (!form.unit) found.unit = m.units.invalid;
    const parsed =
      kind === 'receipt'
        ? createReceiptInput.safeParse({ ...common, supplierLotCode: form.supplierLotCode.trim() })
        : createShipmentInput.safeParse(common);
    const all = { ...(parsed.success ? {} : zodErrors(parsed.error)), ...found };
    if (!parsed.success || Object.keys(found).length) return setErrors(all);
    setErrors({});
    if (kind === 'receipt') receipt.mutate({ ...common, supplierLotCode: form.supplierLotCode.trim() });
    else shipment.mutate(common);
  }
  const set = <K extends keyof MovementForm>(key: K, value: MovementForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    // A field changed is checked again on save: its old error goes now.
    setErrors(({ [key]: _gone, ...rest }) => rest);
  };

  const options = (partners.data?.partners ?? []).map((p) => ({ value: String(p.id), label: p.name }));
  const partnerLabel = kind === 'receipt' ? m.receipts.supplier : m.shipments.customer;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      dirty={dirty}
      title={words.add}
      saveLabel={vi.workspace.common.save}
      saving={receipt.isPending || shipment.isPending}
      loading={partners.isLoading}
      onSave={save}
    >
      {options.length === 0 && (
        <p className="rounded-lg border border-dashed border-line p-3 text-sm text-ink">
          {words.noPartners}{' '}
          <Link href={partnersPath} className="text-primary underline">
            {m.partners.add}
          </Link>
        </p>
      )}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <SelectField
          label={partnerLabel}
          value={form.partnerId}
          placeholder={vi.workspace.common.none}
          options={options}
          required
          error={errors.partnerId}
          onChange={(e) => set('partnerId', e.target.value)}
          className="sm:col-span-2"
        />
        {kind === 'receipt' && (
          <Field
            label={m.receipts.supplierLotCode}
            value={form.supplierLotCode}
            maxLength={50}
            error={errors.supplierLotCode}
            onChange={(e) => set('supplierLotCode', e.target.value)}
          />
        )}
        <Field
          label={m.date}
          type="date"
          value={form.date}
          required
          error={errors.date}
          onChange={(e) => set('date', e.target.value)}
        />
        <QuantityUnitFields
          quantity={form.quantity}
          unit={form.unit}
          errors={errors}
          onQuantity={(v) => set('quantity', v)}
          onUnit={(v) => set('unit', v)}
        />
        <SelectField
          label={m.documentType}
          value={form.documentType}
          placeholder={m.noDocument}
          options={DOCUMENT_TYPES.map((d) => ({ value: d, label: m.documents.types[d] }))}
          error={errors.documentType}
          onChange={(e) => set('documentType', e.target.value as DocumentType | '')}
        />
        <Field
          label={m.documentNumber}
          value={form.documentNumber}
          maxLength={100}
          error={errors.documentNumber}
          onChange={(e) => set('documentNumber', e.target.value)}
        />
      </div>
    </FormDialog>
  );
}
