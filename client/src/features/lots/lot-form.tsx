import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { vi } from '#shared/i18n/vi/index.ts';
import { dayOfDate } from '#shared/vietnam-time.ts';
import { createLotInput, EXPIRY_KINDS, type ExpiryKind } from '#shared/schemas/lots.ts';
import { FormDialog } from '#client/components/ui/form-dialog.tsx';
import { Field } from '#client/components/ui/field.tsx';
import { SelectField } from '#client/components/ui/select-field.tsx';
import { TimelineEditor } from '#client/features/products/timeline-editor.tsx';
import { newStepKey, type TimelineStep } from '#client/features/products/types.ts';
import { type FieldErrors, serverErrors, zodErrors } from '#client/lib/form-errors.ts';
import { useTRPC } from '#client/lib/trpc.ts';
import { useDraft } from '#client/lib/use-draft.ts';
import type { LotDetail } from './types.ts';

const t = vi.lots.workspace;

interface LotForm {
  code: string;
  productionDate: string;
  expiryDate: string;
  expiryKind: ExpiryKind;
  quantity: string;
  unit: string;
  events: TimelineStep[];
}

const blank: LotForm = {
  code: '',
  productionDate: '',
  expiryDate: '',
  expiryKind: 'EXPIRY',
  quantity: '',
  unit: '',
  events: [],
};

function fromLot(l: LotDetail): LotForm {
  return {
    code: l.code,
    productionDate: l.productionDate ?? '',
    expiryDate: l.expiryDate ?? '',
    expiryKind: l.expiryKind,
    quantity: l.quantity === null ? '' : String(l.quantity),
    unit: l.unit ?? '',
    events: l.events.map((e) => ({
      key: newStepKey(),
      id: e.id,
      activity: e.activity,
      location: e.location,
      date: dayOfDate(e.date) ?? e.date.slice(0, 10),
      description: e.description,
    })),
  };
}

function bodyOf(f: LotForm) {
  const quantity = f.quantity.trim() === '' ? null : Number(f.quantity.replace(',', '.'));
  return {
    code: f.code.trim(),
    productionDate: f.productionDate || null,
    expiryDate: f.expiryDate || null,
    expiryKind: f.expiryKind,
    quantity: quantity !== null && Number.isNaN(quantity) ? -1 : quantity,
    unit: f.unit,
    events: f.events.map(({ key: _key, ...e }) => e),
  };
}

/** The lot's errors keyed like the timeline editor reads them ('events.1.date' -> 'trackings.1.date'). */
const forEditor = (errors: FieldErrors): FieldErrors =>
  Object.fromEntries(Object.entries(errors).map(([k, v]) => [k.replace(/^events\./, 'trackings.'), v]));

/** Create (lotId null) or edit a lot of a product: code, dates, quantity and its own journey. */
export function LotFormDialog({
  productId,
  lotId,
  open,
  onOpenChange,
}: {
  productId: number;
  lotId: number | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const editing = lotId !== null;
  const detail = useQuery({ ...trpc.lots.get.queryOptions({ id: lotId ?? 0 }), enabled: open && editing });
  const { draft: form, setDraft: setForm, fill, dirty } = useDraft<LotForm>(blank);
  const [errors, setErrors] = useState<FieldErrors>({});
  const loadedVersion = detail.data?.version;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens or another lot/version loads
  useEffect(() => {
    if (!open) return;
    setErrors({});
    fill(editing && detail.data ? fromLot(detail.data) : blank);
  }, [open, lotId, loadedVersion]);

  const done = (message: string) => {
    toast.success(message);
    void queryClient.invalidateQueries({ queryKey: trpc.lots.pathKey() });
    onOpenChange(false);
  };
  const onError = (err: unknown) => setErrors(forEditor(serverErrors(err)));
  const create = useMutation(
    trpc.lots.create.mutationOptions({ onSuccess: () => done(vi.lots.created), onError }),
  );
  const update = useMutation(
    trpc.lots.update.mutationOptions({ onSuccess: () => done(vi.lots.updated), onError }),
  );
  const saving = create.isPending || update.isPending;

  function save() {
    const body = bodyOf(form);
    const parsed = createLotInput.safeParse({ ...body, productId });
    if (!parsed.success) return setErrors(forEditor(zodErrors(parsed.error)));
    setErrors({});
    if (editing && detail.data) update.mutate({ ...body, id: detail.data.id, version: detail.data.version });
    else create.mutate({ ...body, productId });
  }
  const set = <K extends keyof LotForm>(key: K, value: LotForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      dirty={dirty}
      title={editing ? t.edit : t.add}
      saveLabel={t.save}
      saving={saving}
      loading={editing && !detail.data}
      onSave={save}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          label={t.code}
          value={form.code}
          required
          maxLength={20}
          autoCapitalize="characters"
          error={errors.code}
          onChange={(e) => set('code', e.target.value)}
        />
        <Field
          label={t.productionDate}
          type="date"
          value={form.productionDate}
          error={errors.productionDate}
          onChange={(e) => set('productionDate', e.target.value)}
        />
        <Field
          label={t.expiryDate}
          type="date"
          value={form.expiryDate}
          error={errors.expiryDate}
          onChange={(e) => set('expiryDate', e.target.value)}
        />
        <SelectField
          label={t.expiryKind}
          value={form.expiryKind}
          options={EXPIRY_KINDS.map((k) => ({ value: k, label: vi.lots.expiryKinds[k] }))}
          onChange={(e) => set('expiryKind', e.target.value as ExpiryKind)}
        />
        <Field
          label={t.quantity}
          inputMode="decimal"
          value={form.quantity}
          error={errors.quantity}
          onChange={(e) => set('quantity', e.target.value)}
        />
        <Field
          label={t.unit}
          value={form.unit}
          maxLength={50}
          error={errors.unit}
          onChange={(e) => set('unit', e.target.value)}
        />
      </div>
      <p className="text-sm text-ink-soft">{t.events}</p>
      <TimelineEditor steps={form.events} onChange={(v) => set('events', v)} errors={errors} />
    </FormDialog>
  );
}
