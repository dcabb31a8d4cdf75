import { vi } from '#shared/i18n/vi/index.ts';
import { DATASET_ITEMS, type DatasetItem } from '#shared/gs1/dataset.ts';

const t = vi.lots.dataset;

/**
 * The ten items of Thông tư 02/2024/TT-BKHCN, each 'Có' or 'Không', from the shared rule (decision 127):
 * a product lacking some can still be saved and published; this says which ones are missing.
 */
export function DatasetChecklist({ missing }: { missing: readonly DatasetItem[] }) {
  const lacking = new Set(missing);
  return (
    <section
      aria-labelledby="dataset-title"
      className="flex flex-col gap-2 rounded-lg border border-line p-3"
    >
      <h3 id="dataset-title" className="font-semibold text-ink">
        {t.title}
      </h3>
      <p className="text-sm text-ink-soft" data-testid="dataset-summary">
        {missing.length === 0 ? t.complete : t.missing(missing.length)}
      </p>
      <ul className="grid gap-1 text-sm sm:grid-cols-2">
        {DATASET_ITEMS.map((item) => (
          <li key={item} className="flex justify-between gap-3 border-b border-line py-1">
            <span className="text-ink">{t.items[item]}</span>
            <span className={lacking.has(item) ? 'font-semibold text-danger' : 'font-semibold text-ink'}>
              {lacking.has(item) ? vi.workspace.common.no : vi.workspace.common.yes}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Before publishing: the items still missing, named (shown when the status is switched to ACTIVE). */
export function MissingBeforePublish({ missing }: { missing: readonly DatasetItem[] }) {
  if (missing.length === 0) return null;
  return (
    <div
      role="status"
      className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950"
      data-testid="dataset-missing"
    >
      <p className="font-medium">{t.missingBeforePublish}</p>
      <p>{missing.map((i) => t.items[i]).join(', ')}</p>
    </div>
  );
}
