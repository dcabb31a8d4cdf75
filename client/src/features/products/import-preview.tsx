import { vi } from '#shared/i18n/vi/index.ts';
import type { ImportColumn, ProductImportResult } from '#shared/schemas/productImport.ts';

const t = vi.workspace.import;
const c = vi.workspace.common;
const columnName = (field: string) => vi.workspaceImport.columns[field as ImportColumn] ?? field;

/**
 * What the file holds (dry run): the counts, every row error with its row and column in Vietnamese,
 * and the first products with their timelines. Pure: the dialog passes the server's answer.
 */
export function ImportPreview({ result }: { result: ProductImportResult }) {
  const hidden = result.errorCount - result.errors.length;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-ink">{t.summary(result.productCount, result.stepCount)}</p>
      {result.errorCount > 0 ? (
        <div
          role="alert"
          className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
        >
          <p className="font-semibold">{t.errorsTitle(result.errorCount)}</p>
          <table className="mt-2 w-full text-left">
            <thead>
              <tr>
                <th className="pe-3">{t.row}</th>
                <th className="pe-3">{t.column}</th>
                <th>{t.message}</th>
              </tr>
            </thead>
            <tbody>
              {result.errors.map((e, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a row can hold several errors; the list never reorders
                <tr key={i}>
                  <td className="pe-3">{e.row}</td>
                  <td className="pe-3">{e.field ? columnName(e.field) : ''}</td>
                  <td>{e.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {hidden > 0 && <p className="mt-2">{t.moreErrors(hidden)}</p>}
        </div>
      ) : (
        <p role="status" className="rounded-lg bg-primary-light p-3 text-sm font-semibold text-ink">
          {t.ok}
        </p>
      )}
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="mb-2 text-left font-semibold text-ink">{t.previewCaption}</caption>
          <thead className="border-b border-line text-ink-soft">
            <tr>
              <th className="py-1 pe-3">{t.row}</th>
              <th className="py-1 pe-3">{vi.workspace.products.name}</th>
              <th className="py-1 pe-3">{c.status}</th>
              <th className="py-1 pe-3">{vi.workspace.products.category}</th>
              <th className="py-1 pe-3">{vi.workspace.products.origin}</th>
              <th className="py-1">{vi.workspace.timeline.title}</th>
            </tr>
          </thead>
          <tbody>
            {result.products.map((p) => (
              <tr key={p.row} className="border-b border-line align-top">
                <td className="py-1 pe-3">{p.row}</td>
                <td className="py-1 pe-3 font-medium">{p.name}</td>
                <td className="py-1 pe-3">{p.status === 'ACTIVE' ? c.active : c.inactive}</td>
                <td className="py-1 pe-3">{p.category ?? ''}</td>
                <td className="py-1 pe-3">{p.origin ?? ''}</td>
                <td className="py-1">{p.trackings.map((s) => `${s.activity} (${s.date})`).join(' → ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {result.productCount > result.products.length && (
          <p className="mt-2 text-xs text-ink-soft">{t.previewMore(result.products.length)}</p>
        )}
      </div>
    </div>
  );
}
