import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { MAX_PAGE_SIZE } from '#shared/constants.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import { Field } from '#client/components/ui/field.tsx';
import { SelectField } from '#client/components/ui/select-field.tsx';
import { useTRPC } from '#client/lib/trpc.ts';
import { useDebounced } from '#client/features/products/use-debounced.ts';

const c = vi.workspace.common;

export interface PickedCompany {
  id: number;
  name: string;
}

/**
 * The company a SUPER_ADMIN creates or imports products for (a company's own staff never see it: their
 * company is their session's). A search box narrows the choices, which come in Vietnamese name order,
 * a page at a time; the chosen company stays listed while another search shows other names.
 */
export function CompanyPicker({
  value,
  onChange,
  error,
}: {
  value: PickedCompany | null;
  onChange: (company: PickedCompany | null) => void;
  error?: string;
}) {
  const trpc = useTRPC();
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim());
  const list = useQuery({
    ...trpc.companies.all.queryOptions({
      limit: MAX_PAGE_SIZE,
      sortBy: 'name',
      ...(term ? { search: term } : {}),
    }),
    placeholderData: keepPreviousData,
  });
  const found = list.data?.companies ?? [];
  const options = [...(value && !found.some((co) => co.id === value.id) ? [value] : []), ...found].map(
    (co) => ({ value: String(co.id), label: co.name }),
  );
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Field label={c.findCompany} type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
      <SelectField
        label={c.company}
        value={value ? String(value.id) : ''}
        placeholder={c.chooseCompany}
        options={options}
        error={error}
        onChange={(e) => {
          const id = Number(e.target.value);
          const picked = options.find((o) => o.value === e.target.value);
          onChange(id && picked ? { id, name: picked.label } : null);
        }}
      />
      <p className="text-xs text-ink-soft sm:col-span-2">{c.companyHint}</p>
    </div>
  );
}
