import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import { toast } from 'react-toastify';
import { DEFAULT_COUNTRY } from '#shared/countries.ts';
import { plotsWorkspace as t } from '#shared/i18n/vi/plots-workspace.ts';
import { type PlotView, plotInput } from '#shared/schemas/plots.ts';
import { Field } from '#client/components/ui/field.tsx';
import { FormDialog } from '#client/components/ui/form-dialog.tsx';
import { useDebounced } from '#client/features/products/use-debounced.ts';
import { PlaceFields } from '#client/features/supply-chain/place-fields.tsx';
import { ApiError } from '#client/lib/api-fetch.ts';
import { type FieldErrors, serverErrors, zodErrors } from '#client/lib/form-errors.ts';
import { errorData, useTRPC } from '#client/lib/trpc.ts';
import { useDraft } from '#client/lib/use-draft.ts';
import { GeometryField } from './geometry-field.tsx';
import { areaOfText, checkGeometryText } from './geometry-text.ts';

export interface PlotForm {
  name: string;
  producerName: string;
  producerPublic: boolean;
  country: string;
  province: string;
  plantingAreaCode: string;
  packingHouseCode: string;
  crop: string;
  areaHa: string;
  geometry: string;
}

export const blankPlot: PlotForm = {
  name: '',
  producerName: '',
  producerPublic: false,
  country: DEFAULT_COUNTRY,
  province: '',
  plantingAreaCode: '',
  packingHouseCode: '',
  crop: '',
  areaHa: '',
  geometry: '',
};

const fromPlot = (p: PlotView): PlotForm => ({
  name: p.name,
  producerName: p.producerName,
  producerPublic: p.producerPublic,
  country: p.country,
  province: p.province,
  plantingAreaCode: p.plantingAreaCode,
  packingHouseCode: p.packingHouseCode,
  crop: p.crop,
  areaHa: p.areaHa === null ? '' : String(p.areaHa).replace('.', ','),
  geometry: JSON.stringify(p.geometry),
});

/** The body a save sends (plotInput), or the faults that keep it from being sent. */
export function plotBody(f: PlotForm): { body: Record<string, unknown>; errors: FieldErrors } {
  const areaHa = areaOfText(f.areaHa);
  const check = checkGeometryText(f.geometry, Number.isNaN(areaHa) ? null : areaHa, f.country);
  const body = {
    name: f.name.trim(),
    producerName: f.producerName.trim(),
    producerPublic: f.producerPublic,
    country: f.country,
    province: f.province.trim(),
    plantingAreaCode: f.plantingAreaCode.trim(),
    packingHouseCode: f.packingHouseCode.trim(),
    crop: f.crop.trim(),
    areaHa,
    // The checked geometry: [lon, lat] pairs only, out of whatever Feature or collection held it.
    geometry: check?.geometry ?? null,
  };
  const parsed = plotInput.safeParse(body);
  const errors: FieldErrors = parsed.success ? {} : zodErrors(parsed.error);
  if (!check) errors.geometry = t.geometryRequired;
  else if (check.errors.length) errors.geometry = check.errors[0] ?? t.geometryRequired;
  return { body, errors };
}

/** Create (plotId null) or edit a plot: every field, the geometry checked live, errors beside each. */
export function PlotFormDialog({
  plotId,
  open,
  onOpenChange,
}: {
  plotId: number | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const editing = plotId !== null;
  const detail = useQuery({ ...trpc.plots.get.queryOptions({ id: plotId ?? 0 }), enabled: open && editing });
  const { draft: form, setDraft: setForm, fill, dirty } = useDraft<PlotForm>(blankPlot);
  const [errors, setErrors] = useState<FieldErrors>({});
  const hintId = useId();
  const loadedVersion = detail.data?.version;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens or another plot/version loads
  useEffect(() => {
    if (!open) return;
    setErrors({});
    fill(editing && detail.data ? fromPlot(detail.data) : blankPlot);
  }, [open, plotId, loadedVersion]);

  // Checked once the typing pauses: the outline, the area and the faults do not flicker (nor are announced)
  // at every key.
  const settled = useDebounced(form.geometry, 250);
  const declared = areaOfText(form.areaHa);
  const check = useMemo(
    () =>
      checkGeometryText(settled, declared === null || Number.isNaN(declared) ? null : declared, form.country),
    [settled, declared, form.country],
  );

  const done = (message: string) => {
    toast.success(message);
    void queryClient.invalidateQueries({ queryKey: trpc.plots.pathKey() });
    onOpenChange(false);
  };
  // The server's 400 (a geometry fault named with the plot) stays beside its field, not only in a toast.
  const onError = (err: unknown) => {
    const fields = serverErrors(err);
    const status = errorData(err).httpStatus ?? (err instanceof ApiError ? err.status : null);
    const message = err instanceof Error ? err.message : '';
    setErrors(Object.keys(fields).length || status !== 400 || !message ? fields : { geometry: message });
  };
  const create = useMutation(
    trpc.plots.create.mutationOptions({ onSuccess: () => done(t.created), onError }),
  );
  const update = useMutation(
    trpc.plots.update.mutationOptions({ onSuccess: () => done(t.updated), onError }),
  );
  const saving = create.isPending || update.isPending;

  function save() {
    const { body, errors: found } = plotBody(form);
    if (Object.keys(found).length) return setErrors(found);
    setErrors({});
    const input = body as Parameters<typeof create.mutate>[0];
    if (editing && detail.data) update.mutate({ ...input, id: detail.data.id, version: detail.data.version });
    else create.mutate(input);
  }
  const set = <K extends keyof PlotForm>(key: K, value: PlotForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    // A field changed is checked again on save: its old error goes now.
    setErrors(({ [key]: _gone, ...rest }) => rest);
  };
  const text = (key: Exclude<keyof PlotForm, 'producerPublic'>, label: string, max: number) => (
    <Field
      label={label}
      value={form[key]}
      maxLength={max}
      error={errors[key]}
      onChange={(e) => set(key, e.target.value)}
    />
  );

  // The live check shows the geometry's faults; the save's own (empty box, the server's) are added to them.
  const geometryError =
    errors.geometry && !check?.errors.includes(errors.geometry) ? errors.geometry : undefined;
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
        <div className="flex flex-col gap-2 sm:col-span-2">
          {text('producerName', t.producerName, 200)}
          <label className="flex min-h-11 items-center gap-3 text-sm text-ink">
            <input
              type="checkbox"
              className="h-5 w-5 shrink-0 accent-[var(--primary)]"
              checked={form.producerPublic}
              aria-describedby={`${hintId}-public-hint`}
              onChange={(e) => set('producerPublic', e.target.checked)}
            />
            {t.producerPublic}
          </label>
          <p id={`${hintId}-public-hint`} className="text-sm text-ink-soft">
            {t.producerPublicHint}
          </p>
        </div>
        <PlaceFields
          labels={t}
          province={form.province}
          country={form.country}
          errors={errors}
          onProvince={(v) => set('province', v)}
          onCountry={(v) => set('country', v)}
        />
        {text('plantingAreaCode', t.plantingAreaCode, 50)}
        {text('packingHouseCode', t.packingHouseCode, 50)}
        {text('crop', t.crop, 100)}
        <Field
          label={t.areaHa}
          value={form.areaHa}
          inputMode="decimal"
          maxLength={20}
          error={errors.areaHa}
          onChange={(e) => set('areaHa', e.target.value)}
        />
      </div>
      <GeometryField
        text={form.geometry}
        onText={(value) => set('geometry', value)}
        check={check}
        serverError={geometryError}
        name={form.name.trim()}
      />
    </FormDialog>
  );
}
