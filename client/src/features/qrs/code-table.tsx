import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../server/trpc/root.ts';
import { vi } from '../../../../shared/i18n/vi/index.ts';
import { Button, buttonVariants } from '../../components/ui/button.tsx';

export type ShortLinkRow = inferRouterOutputs<AppRouter>['shortLinks']['list']['shortLinks'][number];

const t = vi.workspace.qrs;
const c = vi.workspace.common;
const day = (iso: string) => new Date(iso).toLocaleDateString('vi-VN');

/** One page of codes: pick some to print, download one, bind a free one. */
export function CodeTable({
  rows,
  selected,
  onSelect,
  onBind,
}: {
  rows: ShortLinkRow[];
  selected: Set<string>;
  onSelect: (codes: string[], on: boolean) => void;
  onBind: (code: string) => void;
}) {
  const allOn = rows.length > 0 && rows.every((r) => selected.has(r.code));
  return (
    <div className="overflow-x-auto rounded-lg border border-line bg-surface">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-line bg-soft text-ink-soft">
          <tr>
            <th className="px-3 py-2">
              <input
                type="checkbox"
                aria-label={t.selectPage}
                checked={allOn}
                onChange={(e) =>
                  onSelect(
                    rows.map((r) => r.code),
                    e.target.checked,
                  )
                }
              />
            </th>
            <th className="px-3 py-2">QR</th>
            <th className="px-3 py-2">{t.code}</th>
            <th className="px-3 py-2">{t.product}</th>
            <th className="px-3 py-2">{t.createdAt}</th>
            <th className="px-3 py-2 text-end">{c.actions}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.code} className="border-b border-line last:border-0">
              <td className="px-3 py-2">
                <input
                  type="checkbox"
                  aria-label={t.selectCode(r.code)}
                  checked={selected.has(r.code)}
                  onChange={(e) => onSelect([r.code], e.target.checked)}
                />
              </td>
              <td className="px-3 py-2">
                <img src={r.qr_code_svg} alt={t.labelAlt(r.code)} width={48} height={48} loading="lazy" />
              </td>
              <th scope="row" className="px-3 py-2 font-mono font-medium">
                {r.code}
              </th>
              <td className="px-3 py-2">
                {r.product ? r.product.name : <span className="text-ink-soft">{t.free}</span>}
              </td>
              <td className="px-3 py-2">{day(r.createdAt)}</td>
              <td className="px-3 py-2">
                <div className="flex flex-wrap justify-end gap-1">
                  <a
                    className={buttonVariants({ variant: 'ghost', size: 'sm' })}
                    href={r.qr_code_image}
                    download={`${r.code}.png`}
                  >
                    PNG
                  </a>
                  <a
                    className={buttonVariants({ variant: 'ghost', size: 'sm' })}
                    href={r.qr_code_svg}
                    download={`${r.code}.svg`}
                  >
                    SVG
                  </a>
                  {!r.productId && (
                    <Button variant="outline" size="sm" onClick={() => onBind(r.code)}>
                      {t.bind}
                    </Button>
                  )}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
