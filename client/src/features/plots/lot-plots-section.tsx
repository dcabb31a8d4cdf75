import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { vi } from '#shared/i18n/vi/index.ts';
import { plotsWorkspace as pw } from '#shared/i18n/vi/plots-workspace.ts';
import { type LotEudr, type PlotView, setLotEudrInput } from '#shared/schemas/plots.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Field } from '#client/components/ui/field.tsx';
import { LoadFailed } from '#client/components/ui/load-failed.tsx';
import { EmptyLine, Section } from '#client/features/supply-chain/section.tsx';
import { apiDownload } from '#client/lib/api-fetch.ts';
import { type FieldErrors, serverErrors, zodErrors } from '#client/lib/form-errors.ts';
import { useTRPC } from '#client/lib/trpc.ts';
import { useDraft } from '#client/lib/use-draft.ts';
import { LotPlotsDialog } from './lot-plots-dialog.tsx';
import { plotArea, plotPlace } from './plot-facts.ts';
import { PlotOutline } from './plot-outline.tsx';

const t = pw.lot;
const c = vi.workspace.common;

function PlotLine({ plot, via }: { plot: PlotView; via?: string }) {
  return (
    <li className="flex items-center gap-3 border-b border-line py-2 text-sm last:border-0">
      <PlotOutline geometries={[plot.geometry]} size={40} />
      <div className="min-w-0 flex-1 [overflow-wrap:anywhere]">
        <p className="font-semibold text-ink">{plot.name}</p>
        <p className="text-ink-soft">{[plotPlace(plot), plotArea(plot), via].filter(Boolean).join(' · ')}</p>
      </div>
    </li>
  );
}

/**
 * A lot's "Vùng trồng" (issue 34): the plots it grew on, its own and those it has through the lots it was
 * made from (each saying through which), and the checklist that picks its own.
 */
export function LotPlotsSection({ lotId }: { lotId: number }) {
  const trpc = useTRPC();
  const answer = useQuery(trpc.plots.lotPlots.queryOptions({ lotId }));
  const [choosing, setChoosing] = useState(false);
  const data = answer.data;
  return (
    <Section
      title={t.title}
      testId="lot-plots"
      actions={
        <Button size="sm" onClick={() => setChoosing(true)} disabled={!data}>
          {t.choose}
        </Button>
      }
    >
      {answer.isError ? (
        <LoadFailed onRetry={() => void answer.refetch()} />
      ) : !data ? (
        <p role="status">{c.loading}</p>
      ) : data.plots.length === 0 && data.inherited.length === 0 ? (
        <EmptyLine>{t.empty}</EmptyLine>
      ) : (
        <div className="flex flex-col gap-3">
          {data.plots.length > 0 && (
            <div>
              <h3 className="text-base font-semibold text-ink">{`${t.own} (${data.plots.length})`}</h3>
              <ul>
                {data.plots.map((p) => (
                  <PlotLine key={p.id} plot={p} />
                ))}
              </ul>
            </div>
          )}
          {data.inherited.length > 0 && (
            <div>
              <h3 className="text-base font-semibold text-ink">{`${t.inherited} (${data.inherited.length})`}</h3>
              <ul>
                {data.inherited.map((i) => (
                  <PlotLine key={`${i.viaLotId}.${i.plot.id}`} plot={i.plot} via={t.via(i.viaLotCode)} />
                ))}
              </ul>
            </div>
          )}
        </div>
      )}
      <LotPlotsDialog
        lotId={lotId}
        ownIds={data?.plots.map((p) => p.id) ?? []}
        open={choosing}
        onOpenChange={setChoosing}
      />
    </Section>
  );
}

interface EudrForm {
  ddsReference: string;
  ddsVerification: string;
  hsCode: string;
  description: string;
  netMassKg: string;
  productionFrom: string;
  productionTo: string;
}

const blank: EudrForm = {
  ddsReference: '',
  ddsVerification: '',
  hsCode: '',
  description: '',
  netMassKg: '',
  productionFrom: '',
  productionTo: '',
};

const fromEudr = (e: LotEudr): EudrForm => ({
  ddsReference: e.ddsReference,
  ddsVerification: e.ddsVerification,
  hsCode: e.hsCode,
  description: e.description,
  netMassKg: e.netMassKg,
  productionFrom: e.productionFrom ?? '',
  productionTo: e.productionTo ?? '',
});

const FIELDS: {
  key: keyof EudrForm;
  label: string;
  max: number;
  type?: string;
  inputMode?: 'numeric' | 'decimal';
}[] = [
  { key: 'ddsReference', label: t.ddsReference, max: 100 },
  { key: 'ddsVerification', label: t.ddsVerification, max: 100 },
  { key: 'hsCode', label: t.hsCode, max: 10, inputMode: 'numeric' },
  { key: 'netMassKg', label: t.netMassKg, max: 20, inputMode: 'decimal' },
  { key: 'description', label: t.description, max: 500 },
  { key: 'productionFrom', label: t.productionFrom, max: 10, type: 'date' },
  { key: 'productionTo', label: t.productionTo, max: 10, type: 'date' },
];

/**
 * A lot's EUDR facts (issue 34): the importer's due-diligence numbers and what the EUDR CSV states (HS code,
 * description, net mass, production dates), saved here; and the lot's two EUDR files, fetched with the
 * session's token as the recall scope's CSV is.
 */
export function LotEudrSection({ lotId, lotCode }: { lotId: number; lotCode: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const answer = useQuery(trpc.plots.lotEudr.queryOptions({ lotId }));
  const { draft: form, setDraft: setForm, fill, dirty } = useDraft<EudrForm>(blank);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [downloading, setDownloading] = useState<'geojson' | 'csv' | null>(null);
  const saved = answer.data?.updatedAt;
  // biome-ignore lint/correctness/useExhaustiveDependencies: filled when the saved facts change, not at each render
  useEffect(() => {
    if (answer.data) fill(fromEudr(answer.data));
  }, [saved, answer.data === undefined]);

  const save = useMutation(
    trpc.plots.setLotEudr.mutationOptions({
      onSuccess: () => {
        toast.success(t.eudrSaved);
        void queryClient.invalidateQueries({ queryKey: trpc.plots.lotEudr.queryKey({ lotId }) });
      },
      onError: (err) => setErrors(serverErrors(err)),
    }),
  );
  function submit() {
    const body = { lotId, ...form, netMassKg: form.netMassKg.trim().replace(',', '.') };
    const parsed = setLotEudrInput.safeParse(body);
    if (!parsed.success) return setErrors(zodErrors(parsed.error));
    setErrors({});
    save.mutate(body);
  }
  const download = async (kind: 'geojson' | 'csv') => {
    setDownloading(kind);
    try {
      await apiDownload(
        `/api/lots/${lotId}/eudr.${kind}`,
        kind === 'geojson' ? t.geojsonFile(lotCode) : t.csvFile(lotCode),
      );
    } catch {
      // Toasted by apiDownload, in the server's words (a lot without plots, a file over 25 MB).
    } finally {
      setDownloading(null);
    }
  };

  return (
    <Section
      title={t.eudr}
      testId="lot-eudr"
      actions={
        <>
          <Button
            variant="outline"
            size="sm"
            onClick={() => void download('geojson')}
            disabled={downloading !== null}
          >
            {t.downloadGeojson}
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={() => void download('csv')}
            disabled={downloading !== null}
          >
            {t.downloadCsv}
          </Button>
        </>
      }
    >
      {answer.isError ? (
        <LoadFailed onRetry={() => void answer.refetch()} />
      ) : !answer.data ? (
        <p role="status">{c.loading}</p>
      ) : (
        <form
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <p className="text-sm text-ink-soft">{t.eudrHint}</p>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            {FIELDS.map((f) => (
              <Field
                key={f.key}
                label={f.label}
                value={form[f.key]}
                maxLength={f.max}
                type={f.type}
                inputMode={f.inputMode}
                error={errors[f.key]}
                className={f.key === 'description' ? 'sm:col-span-2' : undefined}
                onChange={(e) => {
                  const value = e.target.value;
                  setForm((old) => ({ ...old, [f.key]: value }));
                  setErrors(({ [f.key]: _gone, ...rest }) => rest);
                }}
              />
            ))}
          </div>
          <div>
            <Button type="submit" disabled={save.isPending || !dirty}>
              {save.isPending ? c.saving : t.saveEudr}
            </Button>
          </div>
        </form>
      )}
    </Section>
  );
}
