import { Link } from 'wouter';
import { LotFacts } from '#client/features/lots/lot-facts.tsx';
import { LotOrigins } from '#client/features/lots/lot-origins.tsx';
import { LotPlots } from '#client/features/lots/lot-plots.tsx';
import { RecallBanner } from '#client/features/lots/recall-banner.tsx';
import type { PublicLotAnswer } from '#client/features/lots/types.ts';
import { productPath } from '#client/features/public/paths.ts';
import { ProductView } from '#client/features/public/product-view.tsx';
import { TimelineSteps } from '#client/features/public/timeline.tsx';
import { usePublicStrings } from '#client/i18n/language.tsx';
import { LanguageSwitcher } from '#client/i18n/language-switcher.tsx';
import { LocalText } from '#client/i18n/local-text.tsx';
import { useLocalize } from '#client/i18n/use-localize.ts';

/**
 * The public page of a lot (decision 126): the recall banner first (its own recall or an input's, decision
 * 200), then the lot's code and dates, the product page, the lot's own journey after the product's shared
 * steps, where it grew (its plots, decision 219) and where its goods came from. The app's page and the
 * server's first view (client/src/first-view/render-product.tsx) both draw it.
 */
export function LotPageView({ lot, product }: PublicLotAnswer) {
  const t = usePublicStrings().lot;
  const productName = useLocalize(product.languages)(product.name, product.translations, 'name');
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-5">
      <RecallBanner lot={lot} languages={product.languages} />
      <LanguageSwitcher languages={product.languages} />
      <section aria-labelledby="lot-title" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h1 id="lot-title" className="text-2xl font-bold text-ink">
            {t.title(lot.code)}
          </h1>
          <Link href={productPath(product.id)} className="text-sm font-medium text-primary underline">
            {t.productLink}
          </Link>
        </div>
        <p className="text-ink">
          <LocalText field={productName} />
        </p>
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
          <TimelineSteps
            steps={lot.events}
            translations={lot.translations}
            languages={product.languages}
            testId="lot-timeline"
          />
        </section>
      )}
      <LotPlots lot={lot} />
      <LotOrigins lot={lot} />
    </div>
  );
}
