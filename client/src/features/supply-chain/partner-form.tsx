import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { vi } from '#shared/i18n/vi/index.ts';
import { supplyChainWorkspace as sc } from '#shared/i18n/vi/supply-chain-workspace.ts';
import { DEFAULT_COUNTRY } from '#shared/countries.ts';
import { createPartnerInput } from '#shared/schemas/partners.ts';
import { PARTNER_KINDS, type PartnerKind } from '#shared/supply-chain.ts';
import { FormDialog } from '#client/components/ui/form-dialog.tsx';
import { Field } from '#client/components/ui/field.tsx';
import { RadioChoice } from '#client/components/ui/radio-choice.tsx';
import { SelectField } from '#client/components/ui/select-field.tsx';
import { CompanyPicker, type PickedCompany } from '#client/features/company/company-picker.tsx';
import { type FieldErrors, serverErrors, zodErrors } from '#client/lib/form-errors.ts';
import { useTRPC } from '#client/lib/trpc.ts';
import { useDraft } from '#client/lib/use-draft.ts';
import { useSession } from '#client/session/SessionProvider.tsx';
import { PlaceFields } from './place-fields.tsx';
import type { PartnerRow } from './types.ts';

const t = sc.partners;
const c = vi.workspace.common;

interface PartnerForm {
  name: string;
  kind: PartnerKind;
  taxCode: string;
  gln: string;
  phone: string;
  email: string;
  address: string;
  province: string;
  country: string;
  publicName: 'yes' | 'no';
}

const blank: PartnerForm = {
  name: '',
  kind: 'SUPPLIER',
  taxCode: '',
  gln: '',
  phone: '',
  email: '',
  address: '',
  province: '',
  country: DEFAULT_COUNTRY,
  publicName: 'no',
};

const fromPartner = (p: PartnerRow): PartnerForm => ({
  name: p.name,
  kind: p.kind,
  taxCode: p.taxCode ?? '',
  gln: p.gln ?? '',
  phone: p.phone,
  email: p.email,
  address: p.address,
  province: p.province,
  country: p.country,
  publicName: p.publicName ? 'yes' : 'no',
});

const bodyOf = (f: PartnerForm) => ({
  name: f.name.trim(),
  kind: f.kind,
  taxCode: f.taxCode.trim(),
  gln: f.gln.trim(),
  phone: f.phone.trim(),
  email: f.email.trim(),
  address: f.address.trim(),
  province: f.province.trim(),
  country: f.country,
  publicName: f.publicName === 'yes',
});

/** Create (partnerId null) or edit a supplier or customer: every field, errors beside each. */
export function PartnerFormDialog({
  partnerId,
  open,
  onOpenChange,
}: {
  partnerId: number | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const editing = partnerId !== null;
  // A SUPER_ADMIN names the company a new partner belongs to; a company's staff add to their own.
  const picksCompany = useSession().state.currentUser?.role === 'SUPER_ADMIN';
  const [company, setCompany] = useState<PickedCompany | null>(null);
  const detail = useQuery({
    ...trpc.partners.get.queryOptions({ id: partnerId ?? 0 }),
    enabled: open && editing,
  });
  const { draft: form, setDraft: setForm, fill, dirty } = useDraft<PartnerForm>(blank);
  const [errors, setErrors] = useState<FieldErrors>({});
  const loadedVersion = detail.data?.version;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens or another partner/version loads
  useEffect(() => {
    if (!open) return;
    setErrors({});
    setCompany(null);
    fill(editing && detail.data ? fromPartner(detail.data) : blank);
  }, [open, partnerId, loadedVersion]);

  const done = (message: string) => {
    toast.success(message);
    void queryClient.invalidateQueries({ queryKey: trpc.partners.pathKey() });
    onOpenChange(false);
  };
  const onError = (err: unknown) => setErrors(serverErrors(err));
  const create = useMutation(
    trpc.partners.create.mutationOptions({ onSuccess: () => done(t.created), onError }),
  );
  const update = useMutation(
    trpc.partners.update.mutationOptions({ onSuccess: () => done(t.updated), onError }),
  );
  const saving = create.isPending || update.isPending;

  function save() {
    const body = bodyOf(form);
    const parsed = createPartnerInput.safeParse(body);
    const missingCompany = picksCompany && !editing && !company;
    if (!parsed.success || missingCompany)
      return setErrors({
        ...(parsed.success ? {} : zodErrors(parsed.error)),
        ...(missingCompany ? { companyId: t.companyRequired } : {}),
      });
    setErrors({});
    if (editing && detail.data) update.mutate({ ...body, id: detail.data.id, version: detail.data.version });
    else create.mutate(company ? { ...body, companyId: company.id } : body);
  }
  const set = <K extends keyof PartnerForm>(key: K, value: PartnerForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    // A field changed is checked again on save: its old error goes now.
    setErrors(({ [key]: _gone, ...rest }) => rest);
  };

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
      {picksCompany && !editing && (
        <CompanyPicker value={company} onChange={setCompany} error={errors.companyId} />
      )}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Field
          label={t.name}
          value={form.name}
          required
          maxLength={200}
          error={errors.name}
          onChange={(e) => set('name', e.target.value)}
          className="sm:col-span-2"
        />
        <SelectField
          label={t.kind}
          value={form.kind}
          error={errors.kind}
          options={PARTNER_KINDS.map((k) => ({ value: k, label: t.kinds[k] }))}
          onChange={(e) => set('kind', e.target.value as PartnerKind)}
        />
        <Field
          label={t.taxCode}
          value={form.taxCode}
          inputMode="numeric"
          maxLength={20}
          error={errors.taxCode}
          onChange={(e) => set('taxCode', e.target.value)}
        />
        <Field
          label={t.gln}
          value={form.gln}
          inputMode="numeric"
          maxLength={13}
          error={errors.gln}
          onChange={(e) => set('gln', e.target.value)}
        />
        <Field
          label={t.phone}
          type="tel"
          value={form.phone}
          error={errors.phone}
          onChange={(e) => set('phone', e.target.value)}
        />
        <Field
          label={t.email}
          type="email"
          value={form.email}
          error={errors.email}
          onChange={(e) => set('email', e.target.value)}
        />
        <Field
          label={t.address}
          value={form.address}
          maxLength={500}
          error={errors.address}
          onChange={(e) => set('address', e.target.value)}
          className="sm:col-span-2"
        />
        <PlaceFields
          labels={t}
          province={form.province}
          country={form.country}
          errors={errors}
          onProvince={(v) => set('province', v)}
          onCountry={(v) => set('country', v)}
        />
      </div>
      <RadioChoice
        label={t.publicName}
        value={form.publicName}
        options={[
          { value: 'yes', label: c.yes },
          { value: 'no', label: c.no },
        ]}
        hint={t.publicNameHint}
        onChange={(v) => set('publicName', v)}
      />
    </FormDialog>
  );
}
