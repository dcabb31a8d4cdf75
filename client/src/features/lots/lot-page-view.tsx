import { Link } from 'wouter';
import { vi } from '#shared/i18n/vi/index.ts';
import { LotFacts } from '#client/features/lots/lot-facts.tsx';
import { LotOrigins } from '#client/features/lots/lot-origins.tsx';
import { LotPlots } from '#client/features/lots/lot-plots.tsx';
import { RecallBanner } from '#client/features/lots/recall-banner.tsx';
import type { PublicLotAnswer } from '#client/features/lots/types.ts';
import { formatTrackingDate } from '#client/features/public/format-date.ts';
import { productPath } from '#client/features/public/paths.ts';
import { ProductView } from '#client/features/public/product-view.tsx';

const t = vi.lots.publicPage;

/**
 * The public page of a lot (decision 126): the recall banner first (its own recall or an input's, decision
 * 200), then the lot's code and dates, the product page, the lot's own journey after the product's shared
 * steps, where it grew (its plots, decision 219) and where its goods came from. The app's page and the
 * server's first view (client/src/first-view/render-product.tsx) both draw it.
 */
export function LotPageView({ lot, product }: PublicLotAnswer) {
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-5">
      <RecallBanner lot={lot} />
      <section aria-labelledby="lot-title" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h1 id="lot-title" className="text-2xl font-bold text-ink">
            {t.title(lot.code)}
          </h1>
          <Link href={productPath(product.id)} className="text-sm font-medium text-primary underline">
            {t.productLink}
          </Link>
        </div>
        <p className="text-ink">{product.name}</p>
        <LotFacts lot={lot} />
      </section>
      {/* The product as its own page shows it; the lot's recall is already said above. */}
      <ProductView
        heading="h2"
        product={{ ...product, lot: null, recalledLots: product.recalledLots.filter((l) => l.id !== lot.id) }}
      />
      {/* The lot's own steps follow the product's shared ones. */}
      {lot.events.length > 0 && (
        <section aria-labelledby="lot-journey-title" className="flex flex-col gap-3">
          <h2 id="lot-journey-title" className="text-lg font-semibold text-ink">
            {t.lotJourney}
          </h2>
          <ol className="relative ml-2 border-l-2 border-primary/40" data-testid="lot-timeline">
            {lot.events.map((e) => (
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
                {e.description && (
                  <p className="text-sm whitespace-pre-line text-ink-soft">{e.description}</p>
                )}
              </li>
            ))}
          </ol>
        </section>
      )}
      <LotPlots lot={lot} />
      <LotOrigins lot={lot} />
    </div>
  );
}
