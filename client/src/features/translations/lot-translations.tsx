import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LoadFailed } from '#client/components/ui/load-failed.tsx';
import { useTRPC } from '#client/lib/trpc.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import { translationsWorkspace as t } from '#shared/i18n/vi/translations-workspace.ts';
import type { LotTranslation, StepTranslations, Translations } from '#shared/translations.ts';
import { fieldsOut, type SavedTranslation, stepsOut, type TranslatedField } from './model.ts';
import { TranslationEditor } from './translation-editor.tsx';
import { usePublished } from './use-published.ts';

function savedOf(translations: Translations<LotTranslation>): Translations<SavedTranslation> {
  const out: Translations<SavedTranslation> = {};
  for (const [lang, own] of Object.entries(translations) as [keyof typeof translations, LotTranslation][]) {
    const { steps, ...fields } = own;
    out[lang] = { fields, steps };
  }
  return out;
}

/** A lot's translations (its unit, its recall's reason, its own steps), saved with lots.putTranslation. */
export function LotTranslations({ lotId }: { lotId: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const lot = useQuery(trpc.lots.get.queryOptions({ id: lotId }));
  const published = usePublished(lot.data?.companyId);
  const put = useMutation(trpc.lots.putTranslation.mutationOptions());
  const remove = useMutation(trpc.lots.deleteTranslation.mutationOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.lots.pathKey() });
  if (lot.isError) return <LoadFailed onRetry={() => void lot.refetch()} />;
  if (!lot.data) return <p role="status">{vi.workspace.common.loading}</p>;
  const data = lot.data;
  const fields: TranslatedField[] = [
    { key: 'unit', label: t.lotUnit, vietnamese: data.unit ?? '', maxLength: 50 },
    {
      key: 'recallReason',
      label: t.recallReason,
      vietnamese: data.recallReason ?? '',
      maxLength: 1000,
      multiline: true,
    },
  ];
  return (
    <TranslationEditor
      title={t.lotTitle}
      fields={fields}
      steps={data.events}
      saved={savedOf(data.translations ?? {})}
      published={published}
      onSave={async (lang, draft) => {
        const steps: StepTranslations = stepsOut(data.events, draft);
        const translation: LotTranslation = {
          ...fieldsOut(draft),
          ...(Object.keys(steps).length ? { steps } : {}),
        };
        await put.mutateAsync({ id: data.id, lang, translation });
        await refresh();
      }}
      onRemove={async (lang) => {
        await remove.mutateAsync({ id: data.id, lang });
        await refresh();
      }}
    />
  );
}
