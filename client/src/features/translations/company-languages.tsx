import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '#client/components/ui/button.tsx';
import { FieldError } from '#client/components/ui/field.tsx';
import { serverErrors } from '#client/lib/form-errors.ts';
import { useTRPC } from '#client/lib/trpc.ts';
import { LANGUAGE_NAMES, TRANSLATION_LANGUAGES, type TranslationLanguage } from '#shared/i18n/languages.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import { translationsWorkspace } from '#shared/i18n/vi/translations-workspace.ts';

const t = translationsWorkspace.languages;
const BOX = 'h-5 w-5 shrink-0 accent-[var(--primary)]';

/**
 * "Ngôn ngữ trang công khai": Vietnamese always, English and Simplified Chinese when the company chooses
 * them, saved with companies.setLanguages (decision 213).
 */
export function CompanyLanguages({ companyId }: { companyId: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const hintId = useId();
  const company = useQuery(trpc.companies.byId.queryOptions({ id: companyId }));
  const [chosen, setChosen] = useState<TranslationLanguage[] | null>(null);
  const [error, setError] = useState<string | undefined>();
  const saved = company.data?.languages;
  useEffect(() => {
    if (saved) setChosen([...saved]);
  }, [saved]);
  const save = useMutation(
    trpc.companies.setLanguages.mutationOptions({
      onSuccess: () => {
        setError(undefined);
        toast.success(t.saved);
        void queryClient.invalidateQueries({ queryKey: trpc.companies.pathKey() });
        // The product and lot answers carry the company's languages too.
        void queryClient.invalidateQueries({ queryKey: trpc.products.pathKey() });
      },
      onError: (err) => {
        const fields = serverErrors(err);
        setError(fields.languages ?? Object.values(fields)[0]);
      },
    }),
  );
  if (!chosen) return <p role="status">{vi.workspace.common.loading}</p>;
  return (
    <section aria-labelledby={`${hintId}-title`} className="rounded-lg border border-line bg-surface p-5">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          // In our order, whatever order they were ticked in.
          save.mutate({ id: companyId, languages: TRANSLATION_LANGUAGES.filter((l) => chosen.includes(l)) });
        }}
      >
        <fieldset aria-describedby={hintId} className="flex flex-col gap-1">
          <legend id={`${hintId}-title`} className="text-lg font-semibold text-ink">
            {t.title}
          </legend>
          <p id={hintId} className="mb-2 text-sm text-ink-soft">
            {t.hint}
          </p>
          <label className="flex min-h-11 items-center gap-3 text-sm text-ink">
            <input type="checkbox" className={BOX} checked disabled />
            {t.vietnamese}
          </label>
          {TRANSLATION_LANGUAGES.map((lang) => (
            <label key={lang} className="flex min-h-11 items-center gap-3 text-sm text-ink">
              <input
                type="checkbox"
                className={BOX}
                checked={chosen.includes(lang)}
                onChange={(e) =>
                  setChosen(e.target.checked ? [...chosen, lang] : chosen.filter((l) => l !== lang))
                }
              />
              <span>
                {`${t.names[lang]} (`}
                <span lang={lang}>{LANGUAGE_NAMES[lang]}</span>
                {')'}
              </span>
            </label>
          ))}
          <FieldError message={error} />
        </fieldset>
        <Button type="submit" className="mt-3" disabled={save.isPending}>
          {save.isPending ? vi.workspace.common.saving : t.save}
        </Button>
      </form>
    </section>
  );
}
