import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LoadFailed } from '#client/components/ui/load-failed.tsx';
import { useTRPC } from '#client/lib/trpc.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import { translationsWorkspace as t } from '#shared/i18n/vi/translations-workspace.ts';
import type { CompanyTranslation, Translations } from '#shared/translations.ts';
import { fieldsOut, type SavedTranslation, type TranslatedField } from './model.ts';
import { TranslationEditor } from './translation-editor.tsx';

const c = vi.workspace.company;

const savedOf = (translations: Translations<CompanyTranslation>): Translations<SavedTranslation> =>
  Object.fromEntries(Object.entries(translations).map(([lang, fields]) => [lang, { fields }]));

/** The company profile's translations (name, representative, address), saved with companies.putTranslation. */
export function CompanyTranslations({ companyId }: { companyId: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const company = useQuery(trpc.companies.byId.queryOptions({ id: companyId }));
  const put = useMutation(trpc.companies.putTranslation.mutationOptions());
  const remove = useMutation(trpc.companies.deleteTranslation.mutationOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.companies.pathKey() });
  if (company.isError) return <LoadFailed onRetry={() => void company.refetch()} />;
  if (!company.data) return <p role="status">{vi.workspace.common.loading}</p>;
  const data = company.data;
  const fields: TranslatedField[] = [
    { key: 'name', label: c.name, vietnamese: data.name, maxLength: 200 },
    { key: 'representative', label: c.representative, vietnamese: data.representative, maxLength: 200 },
    { key: 'address', label: c.address, vietnamese: data.address, maxLength: 500, multiline: true },
  ];
  return (
    <TranslationEditor
      title={t.profileTitle}
      fields={fields}
      saved={savedOf(data.translations ?? {})}
      published={data.languages}
      onSave={async (lang, draft) => {
        await put.mutateAsync({ id: companyId, lang, translation: fieldsOut(draft) });
        await refresh();
      }}
      onRemove={async (lang) => {
        await remove.mutateAsync({ id: companyId, lang });
        await refresh();
      }}
    />
  );
}
