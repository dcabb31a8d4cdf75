import { Link } from 'wouter';
import { vi } from '#shared/i18n/vi/index.ts';
import { ScannedLot } from '#client/features/lots/lot-facts.tsx';
import { ProductRecalls } from '#client/features/lots/recall-banner.tsx';
import { Gallery } from './gallery.tsx';
import { companyPath } from './paths.ts';
import { ShareButton } from './share-button.tsx';
import { Timeline } from './timeline.tsx';
import type { PublicProduct } from './types.ts';

const t = vi.publicPages.product;

function Fact({ label, value }: { label: string; value: string | null | undefined }) {
  if (!value) return null;
  return (
    <div className="flex justify-between gap-4 border-b border-line py-2 last:border-b-0">
      <dt className="text-ink-soft">{label}</dt>
      <dd className="text-right font-medium text-ink">{value}</dd>
    </div>
  );
}

/**
 * The public product page's content, phone first: picture (when there is one), name, facts, company,
 * then the journey. Only what a shopper needs: a recall comes first, but no workspace state (a public
 * page shows only active products anyway). `heading`: 'h2' inside a lot's page, whose h1 is the lot.
 */
export function ProductView({
  product,
  heading: Heading = 'h1',
}: {
  product: PublicProduct;
  heading?: 'h1' | 'h2';
}) {
  const images = [...new Set([product.image, ...product.images].filter((s): s is string => !!s))];
  return (
    <article className="mx-auto flex w-full max-w-2xl flex-col gap-5">
      {/* A recall comes before everything else (decision 126). */}
      <ProductRecalls lot={product.lot} recalledLots={product.recalledLots} />
      {product.lot && <ScannedLot lot={product.lot} />}
      <Gallery name={product.name} images={images} />
      <header className="flex flex-wrap items-start justify-between gap-3">
        <Heading className="min-w-0 text-2xl font-bold break-words text-ink">{product.name}</Heading>
        <ShareButton title={product.name} />
      </header>

      <dl className="rounded-lg border border-line bg-surface px-4 py-1 text-sm">
        <Fact label={t.origin} value={product.origin} />
        <Fact label={t.category} value={product.category} />
        <Fact label={t.unit} value={product.unit} />
        <Fact label={vi.lots.dataset.brand} value={product.brand} />
        <Fact label={vi.lots.dataset.gtin} value={product.gtin} />
        <Fact label={vi.lots.dataset.standards} value={product.standards} />
        <Fact label={vi.lots.dataset.shelfLife} value={product.shelf_life} />
        <div className="flex justify-between gap-4 py-2">
          <dt className="text-ink-soft">{t.company}</dt>
          <dd className="text-right font-medium">
            <Link href={companyPath(product.company.id)} className="text-primary hover:underline">
              {product.company.name}
            </Link>
          </dd>
        </div>
      </dl>

      {product.tags.length > 0 && (
        <section aria-label={t.tags} className="flex flex-wrap gap-2">
          {product.tags.map((tag) => (
            <span key={tag} className="rounded-full border border-line px-3 py-1 text-xs text-ink">
              #{tag}
            </span>
          ))}
        </section>
      )}

      <Timeline entries={product.trackings} />
    </article>
  );
}
