import type { PublicLotAnswer } from '#client/features/lots/types.ts';
import { formatNumberIn } from '#shared/format-language.ts';
import { countryName } from '#shared/countries.ts';
import { OUTLINE_VIEW_BOX } from '#shared/plots/public-outline.ts';
import { useLanguage, usePublicStrings } from '#client/i18n/language.tsx';

type Lot = PublicLotAnswer['lot'];
type Plot = Lot['plots'][number];

/**
 * A plot's outline as the server drew it when the plot was saved (decision 219): a path in a fixed box, no
 * map service, so it draws offline. Its accessible name says whose outline it is.
 */
function PlotOutline({ plot }: { plot: Plot }) {
  const t = usePublicStrings().plots;
  if (!plot.outline)
    return (
      <div className="flex h-24 w-24 shrink-0 items-center justify-center rounded-md border border-line bg-soft p-1 text-center text-xs text-ink-soft">
        {t.noOutline}
      </div>
    );
  return (
    <svg
      viewBox={OUTLINE_VIEW_BOX}
      role="img"
      aria-label={t.outlineLabel(plot.name)}
      className="h-24 w-24 shrink-0 rounded-md border border-line bg-surface"
    >
      <path
        d={plot.outline}
        fillRule="evenodd"
        strokeWidth={2}
        strokeLinejoin="round"
        vectorEffect="non-scaling-stroke"
        className="fill-primary-light stroke-primary"
      />
    </svg>
  );
}

function Fact({ label, value }: { label: string; value: string | null }) {
  if (!value) return null;
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="text-ink-soft">{label}</dt>
      <dd className="font-medium break-words text-ink">{value}</dd>
    </div>
  );
}

/** One plot: its outline beside what the company declared of it; the producer only when public. */
function PlotCard({ plot }: { plot: Plot }) {
  const t = usePublicStrings().plots;
  const lang = useLanguage();
  const place = [plot.province, plot.country && countryName(plot.country, lang)].filter(Boolean).join(', ');
  return (
    <li className="flex gap-3 rounded-lg border border-line bg-surface p-3" data-testid="lot-plot">
      <PlotOutline plot={plot} />
      <div className="min-w-0 flex-1">
        <h3 className="font-semibold break-words text-ink">{plot.name}</h3>
        <dl className="mt-1 flex flex-col gap-0.5 text-sm">
          <Fact label={t.province} value={place || null} />
          <Fact label={t.plantingAreaCode} value={plot.plantingAreaCode} />
          <Fact label={t.packingHouseCode} value={plot.packingHouseCode} />
          <Fact label={t.crop} value={plot.crop} />
          <Fact
            label={t.area}
            value={
              plot.areaHa === null
                ? null
                : t.areaHa(formatNumberIn(plot.areaHa, lang, { maximumFractionDigits: 2 }))
            }
          />
          <Fact label={t.producer} value={plot.producerName} />
        </dl>
      </div>
    </li>
  );
}

/**
 * Where the lot grew (issue 34, decision 219): its own plots, then those of the lots it was made from,
 * one step back like its origins. The answer is bounded and carries the producer's name only when the
 * company made it public.
 */
export function LotPlots({ lot }: { lot: Lot }) {
  const t = usePublicStrings().plots;
  // A copy the phone kept before plots existed has no list.
  const own = lot.plots ?? [];
  const inputs = (lot.inputs ?? []).filter((i) => i.plots?.length);
  if (!own.length && !inputs.length) return null;
  return (
    <section aria-labelledby="lot-plots-title" className="flex flex-col gap-3" data-testid="lot-plots">
      <h2 id="lot-plots-title" className="text-lg font-semibold text-ink">
        {t.title}
      </h2>
      {own.length > 0 && (
        <ul className="flex flex-col gap-3" aria-label={t.ofLot}>
          {own.map((plot) => (
            <PlotCard key={plot.id} plot={plot} />
          ))}
        </ul>
      )}
      {inputs.map((input) => (
        <div key={input.code} className="flex flex-col gap-2">
          <h3 className="text-sm font-medium break-words text-ink-soft">
            {t.ofInput(input.productName, input.code)}
          </h3>
          <ul className="flex flex-col gap-3">
            {input.plots.map((plot) => (
              <PlotCard key={plot.id} plot={plot} />
            ))}
          </ul>
        </div>
      ))}
      <p className="text-xs text-ink-soft">{t.outlineNote}</p>
    </section>
  );
}
