import { vi } from '../../../../shared/i18n/vi/index.ts';
import { Button } from '../../components/ui/button.tsx';
import type { ProductRow } from './types.ts';

const t = vi.workspace.products;
const c = vi.workspace.common;

/** One page of products: cover, name, category, status, code and the row's actions. */
export function ProductTable({
  products,
  onEdit,
  onDelete,
}: {
  products: ProductRow[];
  onEdit: (p: ProductRow) => void;
  onDelete: (p: ProductRow) => void;
}) {
  return (
    <div className="overflow-x-auto rounded-lg border border-line bg-surface">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-line bg-soft text-ink-soft">
          <tr>
            <th className="px-3 py-2">{t.columns.image}</th>
            <th className="px-3 py-2">{t.columns.name}</th>
            <th className="px-3 py-2">{t.columns.category}</th>
            <th className="px-3 py-2">{t.columns.status}</th>
            <th className="px-3 py-2">{t.columns.qr}</th>
            <th className="px-3 py-2 text-end">{c.actions}</th>
          </tr>
        </thead>
        <tbody>
          {products.map((p) => (
            <tr key={p.id} className="border-b border-line last:border-0">
              <td className="px-3 py-2">
                {p.image ? (
                  <img src={p.image} alt="" className="h-12 w-12 rounded object-cover" />
                ) : (
                  <span className="inline-block h-12 w-12 rounded bg-soft" />
                )}
              </td>
              <th scope="row" className="px-3 py-2 font-medium text-ink">
                {p.name}
                {p.origin && <span className="block text-xs font-normal text-ink-soft">{p.origin}</span>}
              </th>
              <td className="px-3 py-2">{p.category ?? ''}</td>
              <td className="px-3 py-2">
                <span
                  className={
                    p.status === 'ACTIVE'
                      ? 'rounded-full bg-primary-light px-2 py-0.5 text-xs font-semibold text-primary-dark'
                      : 'rounded-full bg-soft px-2 py-0.5 text-xs font-semibold text-ink-soft'
                  }
                >
                  {p.status === 'ACTIVE' ? c.active : c.inactive}
                </span>
              </td>
              <td className="px-3 py-2 font-mono text-xs">{p.qr_code}</td>
              <td className="px-3 py-2">
                <div className="flex justify-end gap-1">
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`${c.edit} ${p.name}`}
                    onClick={() => onEdit(p)}
                  >
                    {c.edit}
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    className="text-red-600"
                    aria-label={`${c.delete} ${p.name}`}
                    onClick={() => onDelete(p)}
                  >
                    {c.delete}
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
