import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { vi } from '#shared/i18n/vi/index.ts';
import { companyDetailsSchema, updateCompanyInput } from '#shared/schemas/auth.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Field } from '#client/components/ui/field.tsx';
import { RadioChoice } from '#client/components/ui/radio-choice.tsx';
import { type FieldErrors, serverErrors, zodErrors } from '#client/lib/form-errors.ts';
import { useTRPC } from '#client/lib/trpc.ts';

const t = vi.workspace.company;
const FIELDS = [
  ['name', t.name],
  ['representative', t.representative],
  ['address', t.address],
  ['email', t.email],
  ['business_license', t.businessLicense],
] as const;
/** Identifiers a company may add (decision 125): optional, checked on both sides. */
const IDENTIFIERS = [
  ['tax_code', vi.lots.dataset.taxCode],
  ['gln', vi.lots.dataset.gln],
] as const;
type Profile = Record<(typeof FIELDS)[number][0] | (typeof IDENTIFIERS)[number][0], string> & {
  /** Print GS1 Digital Link QR codes (decision 131). */
  digital_link_qr: boolean;
};
const YES_NO = [
  { value: 'yes', label: vi.workspace.common.yes },
  { value: 'no', label: vi.workspace.common.no },
] as const;

/** The company's profile (what the public sees beside its products), saved with auth.updateCompany. */
export function CompanyProfileForm({ companyId }: { companyId: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const company = useQuery(trpc.companies.byId.queryOptions({ id: companyId }));
  const [form, setForm] = useState<Profile | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  useEffect(() => {
    if (company.data) {
      const { name, representative, address, email, business_license, tax_code, gln, digital_link_qr } =
        company.data;
      setForm({
        name,
        representative,
        address,
        email,
        business_license,
        tax_code: tax_code ?? '',
        gln: gln ?? '',
        digital_link_qr,
      });
    }
  }, [company.data]);
  const save = useMutation(
    trpc.auth.updateCompany.mutationOptions({
      onSuccess: () => {
        toast.success(t.saved);
        void queryClient.invalidateQueries({ queryKey: trpc.companies.byId.pathKey() });
      },
      onError: (err) => setErrors(serverErrors(err)),
    }),
  );
  if (!form) return <p role="status">{vi.workspace.common.loading}</p>;
  return (
    <section aria-labelledby="profile-title" className="rounded-lg border border-line bg-surface p-5">
      <h2 id="profile-title" className="mb-4 text-lg font-semibold text-ink">
        {t.profile}
      </h2>
      <form
        className="grid gap-3 sm:grid-cols-2"
        onSubmit={(e) => {
          e.preventDefault();
          const { tax_code, gln, digital_link_qr, ...details } = form;
          const parsed = companyDetailsSchema.safeParse(details);
          const ids = updateCompanyInput.safeParse({ tax_code, gln });
          if (!parsed.success || !ids.success) {
            return setErrors({
              ...(parsed.success ? {} : zodErrors(parsed.error)),
              ...(ids.success ? {} : zodErrors(ids.error)),
            });
          }
          setErrors({});
          save.mutate({ ...parsed.data, tax_code, gln, digital_link_qr });
        }}
      >
        {FIELDS.map(([key, label]) => (
          <Field
            key={key}
            label={label}
            type={key === 'email' ? 'email' : 'text'}
            value={form[key]}
            required
            error={errors[key]}
            onChange={(e) => setForm({ ...form, [key]: e.target.value })}
          />
        ))}
        {IDENTIFIERS.map(([key, label]) => (
          <Field
            key={key}
            label={label}
            inputMode="numeric"
            value={form[key]}
            error={errors[key]}
            onChange={(e) => setForm({ ...form, [key]: e.target.value })}
          />
        ))}
        <div className="flex flex-col gap-1 sm:col-span-2">
          <RadioChoice
            label={vi.gs1.digitalLinkQr}
            value={form.digital_link_qr ? 'yes' : 'no'}
            options={YES_NO}
            onChange={(v) => setForm({ ...form, digital_link_qr: v === 'yes' })}
          />
          <p className="text-sm text-ink-soft">{vi.gs1.digitalLinkQrHelp}</p>
        </div>
        <div className="sm:col-span-2">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? vi.workspace.common.saving : vi.workspace.common.save}
          </Button>
        </div>
      </form>
    </section>
  );
}
