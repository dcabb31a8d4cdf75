import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '#client/lib/trpc.ts';
import { useSession } from '#client/session/SessionProvider.tsx';

/**
 * The company's categories, units and tags: the choices of the product form and filters. A SUPER_ADMIN
 * belongs to no company: its lists are those of the company it names (`companyId`), else none.
 */
export function useCompanyLists(companyId?: number | null) {
  const trpc = useTRPC();
  const { state } = useSession();
  const own = state.currentUser?.companyId != null;
  const enabled = own || companyId != null;
  const input = own || companyId == null ? undefined : { companyId };
  const categories = useQuery({ ...trpc.companies.categories.list.queryOptions(input), enabled });
  const units = useQuery({ ...trpc.companies.units.list.queryOptions(input), enabled });
  const tags = useQuery({ ...trpc.companies.tags.list.queryOptions(input), enabled });
  return { categories: categories.data ?? [], units: units.data ?? [], tags: tags.data ?? [] };
}

/** A list's values as select options, keeping a value the product already has even if the list lost it. */
export function optionsOf(values: readonly string[], current?: string | null) {
  const all = current && !values.includes(current) ? [current, ...values] : values;
  return all.map((v) => ({ value: v, label: v }));
}
