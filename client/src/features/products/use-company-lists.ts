import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc.ts';
import { useSession } from '../../session/SessionProvider.tsx';

/** The company's categories, units and tags: the choices of the product form and filters. */
export function useCompanyLists() {
  const trpc = useTRPC();
  const { state } = useSession();
  // A SUPER_ADMIN belongs to no company: its lists are asked per company, so none are loaded here.
  const enabled = state.currentUser?.companyId != null;
  const categories = useQuery({ ...trpc.companies.categories.list.queryOptions(), enabled });
  const units = useQuery({ ...trpc.companies.units.list.queryOptions(), enabled });
  const tags = useQuery({ ...trpc.companies.tags.list.queryOptions(), enabled });
  return { categories: categories.data ?? [], units: units.data ?? [], tags: tags.data ?? [] };
}

/** A list's values as select options, keeping a value the product already has even if the list lost it. */
export function optionsOf(values: readonly string[], current?: string | null) {
  const all = current && !values.includes(current) ? [current, ...values] : values;
  return all.map((v) => ({ value: v, label: v }));
}
