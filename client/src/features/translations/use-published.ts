import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '#client/lib/trpc.ts';
import type { TranslationLanguage } from '#shared/i18n/languages.ts';

/**
 * The languages a company publishes, for the editor's note on a language it does not publish yet;
 * undefined while unknown (the note is then not shown).
 */
export function usePublished(
  companyId: number | null | undefined,
): readonly TranslationLanguage[] | undefined {
  const trpc = useTRPC();
  const company = useQuery({
    ...trpc.companies.byId.queryOptions({ id: companyId ?? 0 }),
    enabled: companyId != null,
  });
  return company.data?.languages;
}
