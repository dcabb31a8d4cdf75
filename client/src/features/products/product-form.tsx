import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { vi } from '#shared/i18n/vi/index.ts';
import { dayOfDate } from '#shared/vietnam-time.ts';
import { createProductInput } from '#shared/schemas/products.ts';
import { FormDialog } from '#client/components/ui/form-dialog.tsx';
import { Field } from '#client/components/ui/field.tsx';
import { RadioChoice } from '#client/components/ui/radio-choice.tsx';
import { SelectField } from '#client/components/ui/select-field.tsx';
import { type FieldErrors, serverErrors, zodErrors } from '#client/lib/form-errors.ts';
import { useTRPC } from '#client/lib/trpc.ts';
import { useSession } from '#client/session/SessionProvider.tsx';
import { CompanyPicker, type PickedCompany } from '#client/features/company/company-picker.tsx';
import { useDraft } from '#client/lib/use-draft.ts';
import { ImageGallery } from './image-gallery.tsx';
import { ProductDataset } from '#client/features/lots/product-dataset.tsx';
import { ProductQr } from './product-qr.tsx';
import { TagPicker } from './tag-picker.tsx';
import { TimelineEditor } from './timeline-editor.tsx';
import { newStepKey, type ProductDetail, type TimelineStep } from './types.ts';
import { optionsOf, useCompanyLists } from './use-company-lists.ts';

const t = vi.workspace.products;
const c = vi.workspace.common;

interface FormState {
  name: string;
  images: string[];
  status: 'ACTIVE' | 'INACTIVE';
  category: string;
  unit: string;
  tags: string[];
  origin: string;
  gtin: string;
  brand: string;
  standards: string;
  shelfLife: string;
  trackings: TimelineStep[];
}

/**
 * A new product: "Đang hoạt động", so that its first printed label shows it to buyers (the API keeps the
 * data model's INACTIVE for callers that say nothing); the form says what the other choice means.
 */
const blank: FormState = {
  name: '',
  images: [],
  status: 'ACTIVE',
  category: '',
  unit: '',
  tags: [],
  origin: '',
  gtin: '',
  brand: '',
  standards: '',
  shelfLife: '',
  trackings: [],
};

function fromProduct(p: ProductDetail): FormState {
  return {
    name: p.name,
    images: p.images,
    status: p.status,
    category: p.category ?? '',
    unit: p.unit ?? '',
    tags: p.tags,
    origin: p.origin ?? '',
    gtin: p.gtin ?? '',
    brand: p.brand ?? '',
    standards: p.standards ?? '',
    shelfLife: p.shelf_life ?? '',
    trackings: p.trackings.map((s) => ({
      key: newStepKey(),
      activity: s.activity,
      location: s.location ?? '',
      // A step saved with a time shows its day in Vietnam in the date input.
      date: dayOfDate(s.date) ?? s.date.slice(0, 10),
      description: s.description ?? '',
    })),
  };
}

/** What a save sends: the whole product, gallery and timeline included (the server replaces them together). */
function bodyOf(f: FormState) {
  return {
    name: f.name,
    images: f.images,
    image: f.images[0] ?? null,
    status: f.status,
    category: f.category,
    unit: f.unit,
    tags: f.tags,
    origin: f.origin,
    gtin: f.gtin,
    brand: f.brand,
    standards: f.standards,
    shelf_life: f.shelfLife,
    trackings: f.trackings.map(({ key: _key, ...s }) => s),
  };
}

/**
 * Create (productId null) or edit a product in a dialog. An edit sends the `version` it loaded, so
 * a save over someone else's newer one is refused (409, with the server's Vietnamese message).
 */
export function ProductFormDialog({
  productId,
  open,
  onOpenChange,
}: {
  productId: number | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { state } = useSession();
  // A SUPER_ADMIN names the company of a new product; an edited product keeps its own.
  const picksCompany = state.currentUser?.role === 'SUPER_ADMIN';
  const [company, setCompany] = useState<PickedCompany | null>(null);
  const editing = productId !== null;
  const detail = useQuery({
    ...trpc.products.get.queryOptions({ id: productId ?? 0 }),
    enabled: open && editing,
  });
  const lists = useCompanyLists(editing ? detail.data?.companyId : company?.id);
  const { draft: form, setDraft: setForm, fill, dirty } = useDraft<FormState>(blank);
  const [errors, setErrors] = useState<FieldErrors>({});

  // Fill the form once per opening (a refetch in the background must not wipe what is being typed).
  const loadedVersion = detail.data?.version;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens or another product/version loads
  useEffect(() => {
    if (!open) return;
    setErrors({});
    if (!editing) setCompany(null);
    fill(editing && detail.data ? fromProduct(detail.data) : blank);
  }, [open, productId, loadedVersion]);

  const done = (message: string) => {
    toast.success(message);
    void queryClient.invalidateQueries({ queryKey: trpc.products.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.companies.pathKey() });
    // The list's Thông tư 02/2024 column (decision 127).
    void queryClient.invalidateQueries({ queryKey: trpc.lots.pathKey() });
    onOpenChange(false);
  };
  const create = useMutation(trpc.products.create.mutationOptions({ onSuccess: () => done(t.created) }));
  const update = useMutation(trpc.products.update.mutationOptions({ onSuccess: () => done(t.updated) }));
  const saving = create.isPending || update.isPending;

  function save() {
    const body = bodyOf(form);
    const parsed = createProductInput.safeParse(body);
    const missingCompany = picksCompany && !editing && !company;
    if (!parsed.success || missingCompany) {
      setErrors({
        ...(parsed.success ? {} : zodErrors(parsed.error)),
        ...(missingCompany ? { companyId: vi.products.companyRequired } : {}),
      });
      return;
    }
    setErrors({});
    const onError = (err: unknown) => setErrors(serverErrors(err));
    if (editing && detail.data) {
      update.mutate({ ...body, id: detail.data.id, version: detail.data.version }, { onError });
    } else {
      create.mutate(picksCompany && company ? { ...body, companyId: company.id } : body, { onError });
    }
  }

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      dirty={dirty}
      title={editing ? t.editTitle : t.createTitle}
      saveLabel={c.save}
      saving={saving}
      loading={editing && !detail.data}
      onSave={save}
    >
      {picksCompany && !editing && (
        <CompanyPicker
          value={company}
          onChange={(picked) => {
            setCompany(picked);
            // Another company's lists: choices of the previous one no longer apply.
            setForm((f) => ({ ...f, category: '', unit: '', tags: [] }));
          }}
          error={errors.companyId}
        />
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          label={t.name}
          value={form.name}
          required
          maxLength={200}
          error={errors.name}
          onChange={(e) => set('name', e.target.value)}
        />
        <Field
          label={t.origin}
          value={form.origin}
          maxLength={300}
          error={errors.origin}
          onChange={(e) => set('origin', e.target.value)}
        />
        <SelectField
          label={t.category}
          value={form.category}
          placeholder={c.none}
          options={optionsOf(lists.categories, form.category)}
          error={errors.category}
          onChange={(e) => set('category', e.target.value)}
        />
        <SelectField
          label={t.unit}
          value={form.unit}
          placeholder={c.none}
          options={optionsOf(lists.units, form.unit)}
          error={errors.unit}
          onChange={(e) => set('unit', e.target.value)}
        />
      </div>
      <RadioChoice
        label={t.status}
        value={form.status}
        options={[
          { value: 'ACTIVE', label: c.active },
          { value: 'INACTIVE', label: c.inactive },
        ]}
        onChange={(v) => set('status', v)}
        hint={t.statusHint}
      />
      <ProductDataset
        part="publish"
        form={form}
        productId={editing ? productId : null}
        companyId={
          editing ? detail.data?.companyId : (company?.id ?? state.currentUser?.companyId ?? undefined)
        }
      />
      <TagPicker
        available={lists.tags}
        value={form.tags}
        onChange={(v) => set('tags', v)}
        error={errors.tags}
      />
      <ImageGallery
        name={form.name}
        images={form.images}
        onChange={(v) => set('images', v)}
        error={errors.images}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          label={vi.lots.dataset.gtinLabel}
          value={form.gtin}
          inputMode="numeric"
          maxLength={14}
          error={errors.gtin}
          onChange={(e) => set('gtin', e.target.value)}
        />
        <Field
          label={vi.lots.dataset.brand}
          value={form.brand}
          maxLength={200}
          error={errors.brand}
          onChange={(e) => set('brand', e.target.value)}
        />
        <Field
          label={vi.lots.dataset.standards}
          value={form.standards}
          maxLength={500}
          placeholder={vi.lots.dataset.standardsHint}
          error={errors.standards}
          onChange={(e) => set('standards', e.target.value)}
        />
        <Field
          label={vi.lots.dataset.shelfLife}
          value={form.shelfLife}
          maxLength={100}
          placeholder={vi.lots.dataset.shelfLifeHint}
          error={errors.shelf_life}
          onChange={(e) => set('shelfLife', e.target.value)}
        />
      </div>
      <TimelineEditor steps={form.trackings} onChange={(v) => set('trackings', v)} errors={errors} />
      <ProductDataset
        part="checklist"
        form={form}
        productId={editing ? productId : null}
        companyId={
          editing ? detail.data?.companyId : (company?.id ?? state.currentUser?.companyId ?? undefined)
        }
      />
      {editing && detail.data && <ProductQr product={detail.data} />}
    </FormDialog>
  );
}
