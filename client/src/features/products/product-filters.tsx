import { vi } from '#shared/i18n/vi/index.ts';
import { PRODUCT_SORT_FIELDS } from '#shared/schemas/products.ts';
import { Field } from '#client/components/ui/field.tsx';
import { SelectField } from '#client/components/ui/select-field.tsx';

const t = vi.workspace.products;
const c = vi.workspace.common;

export interface ProductFilterState {
  search: string;
  status: '' | 'ACTIVE' | 'INACTIVE';
  category: string;
  sortBy: (typeof PRODUCT_SORT_FIELDS)[number];
  orderBy: 'asc' | 'desc';
}

export const initialProductFilters: ProductFilterState = {
  search: '',
  status: '',
  category: '',
  sortBy: 'name',
  orderBy: 'asc',
};

/** Search, status and category filters and the sort of the product list. */
export function ProductFilters({
  value,
  categories,
  onChange,
}: {
  value: ProductFilterState;
  categories: readonly string[];
  onChange: (next: ProductFilterState) => void;
}) {
  const set = <K extends keyof ProductFilterState>(k: K, v: ProductFilterState[K]) =>
    onChange({ ...value, [k]: v });
  return (
    <div role="search" className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <Field
        className="sm:col-span-2 lg:col-span-4"
        label={c.search}
        type="search"
        placeholder={t.searchPlaceholder}
        value={value.search}
        onChange={(e) => set('search', e.target.value)}
      />
      <SelectField
        label={c.status}
        value={value.status}
        placeholder={t.allStatuses}
        options={[
          { value: 'ACTIVE', label: c.active },
          { value: 'INACTIVE', label: c.inactive },
        ]}
        onChange={(e) => set('status', e.target.value as ProductFilterState['status'])}
      />
      <SelectField
        label={t.category}
        value={value.category}
        placeholder={t.allCategories}
        options={categories.map((v) => ({ value: v, label: v }))}
        onChange={(e) => set('category', e.target.value)}
      />
      {/* The search has its own line and the sort pair two columns, so at 1024-1440 px no choice is cut
          ("Tất cả trạng thái", "Ngày cập nhật"). */}
      <div className="grid grid-cols-2 gap-2 sm:col-span-2">
        <SelectField
          label={c.sortBy}
          value={value.sortBy}
          options={PRODUCT_SORT_FIELDS.map((f) => ({ value: f, label: t.sortFields[f] }))}
          onChange={(e) => set('sortBy', e.target.value as ProductFilterState['sortBy'])}
        />
        <SelectField
          label={c.order}
          value={value.orderBy}
          options={[
            { value: 'asc', label: c.asc },
            { value: 'desc', label: c.desc },
          ]}
          onChange={(e) => set('orderBy', e.target.value as ProductFilterState['orderBy'])}
        />
      </div>
    </div>
  );
}
