import { vi } from '#shared/i18n/vi/index.ts';
import { formatTrackingDate } from './format-date.ts';
import type { PublicProduct } from './types.ts';

const t = vi.publicPages.product;

/** 'Hành trình sản phẩm': the tracking entries in the company's order, as a vertical line of steps. */
export function Timeline({ entries }: { entries: PublicProduct['trackings'] }) {
  return (
    <section aria-labelledby="timeline-title" className="flex flex-col gap-3">
      <h2 id="timeline-title" className="text-lg font-semibold text-ink">
        {t.timeline}
      </h2>
      {entries.length === 0 ? (
        <p className="text-sm text-ink-soft">{t.timelineEmpty}</p>
      ) : (
        <ol className="relative ml-2 border-l-2 border-primary/40" data-testid="timeline">
          {entries.map((e) => (
            <li key={e.id} className="relative mb-5 pl-5 last:mb-0">
              <span
                aria-hidden="true"
                className="absolute top-1.5 -left-[7px] h-3 w-3 rounded-full bg-primary"
              />
              <p className="text-xs font-medium text-ink-soft">
                <time dateTime={e.date}>{formatTrackingDate(e.date)}</time>
                {e.location && ` · ${e.location}`}
              </p>
              <h3 className="font-semibold text-ink">{e.activity}</h3>
              {e.description && <p className="text-sm whitespace-pre-line text-ink-soft">{e.description}</p>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
