import { Link } from 'wouter';
import { offeredLanguages } from '#shared/i18n/languages.ts';
import { type Localized, localize } from '#shared/translations.ts';
import { useLanguage, usePublicStrings } from '#client/i18n/language.tsx';
import { LocalText } from '#client/i18n/local-text.tsx';
import { ScannedLot } from '#client/features/lots/lot-facts.tsx';
import { ProductRecalls } from '#client/features/lots/recall-banner.tsx';
import { Gallery } from './gallery.tsx';
import { companyPath } from './paths.ts';
import { ShareButton } from './share-button.tsx';
import { Timeline } from './timeline.tsx';
import type { PublicProduct } from './types.ts';

function Fact({ label, value }: { label: string; value: Localized | string | null | undefined }) {
  const field = typeof value === 'string' ? { text: value, vietnamese: false } : value;
  if (!field?.text) return null;
  return (
    <div className="flex justify-between gap-4 border-b border-line py-2 last:border-b-0">
      <dt className="text-ink-soft">{label}</dt>
      <dd className="text-right font-medium text-ink">
        <LocalText field={field} />
      </dd>
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
  const t = usePublicStrings().product;
  const lang = useLanguage();
  const offered = offeredLanguages(product.languages);
  const field = (name: 'name' | 'origin' | 'category' | 'unit' | 'shelf_life') =>
    localize(product[name], product.translations, name, lang, offered);
  const name = field('name');
  const companyName = localize(product.company.name, product.company.translations, 'name', lang, offered);
  // Tags are translated as a whole list: the translation's when it has any, else the Vietnamese ones, marked.
  const translatedTags =
    lang === 'vi' || !offered.includes(lang) ? undefined : product.translations?.[lang]?.tags;
  const tags = translatedTags?.length ? translatedTags : product.tags;
  const tagsInVietnamese = lang !== 'vi' && !translatedTags?.length;
  const images = [...new Set([product.image, ...product.images].filter((s): s is string => !!s))];
  return (
    <article className="mx-auto flex w-full max-w-2xl flex-col gap-5">
      {/* A recall comes before everything else (decision 126). */}
      <ProductRecalls lot={product.lot} recalledLots={product.recalledLots} languages={product.languages} />
      {product.lot && <ScannedLot lot={product.lot} />}
      <Gallery name={name.text} images={images} />
      <header className="flex flex-wrap items-start justify-between gap-3">
        <Heading className="min-w-0 text-2xl font-bold break-words text-ink">
          <LocalText field={name} />
        </Heading>
        <ShareButton title={name.text} />
      </header>

      <dl className="rounded-lg border border-line bg-surface px-4 py-1 text-sm">
        <Fact label={t.origin} value={field('origin')} />
        <Fact label={t.category} value={field('category')} />
        <Fact label={t.unit} value={field('unit')} />
        <Fact label={t.brand} value={product.brand} />
        <Fact label={t.gtin} value={product.gtin} />
        <Fact label={t.standards} value={product.standards} />
        <Fact label={t.shelfLife} value={field('shelf_life')} />
        <div className="flex justify-between gap-4 py-2">
          <dt className="text-ink-soft">{t.company}</dt>
          <dd className="text-right font-medium">
            <Link href={companyPath(product.company.id)} className="text-primary hover:underline">
              <LocalText field={companyName} />
            </Link>
          </dd>
        </div>
      </dl>

      {tags.length > 0 && (
        <section
          aria-label={t.tags}
          className="flex flex-wrap gap-2"
          lang={tagsInVietnamese ? 'vi' : undefined}
        >
          {tags.map((tag) => (
            <span key={tag} className="rounded-full border border-line px-3 py-1 text-xs text-ink">
              #{tag}
            </span>
          ))}
        </section>
      )}

      <Timeline product={product} />
    </article>
  );
}
