import { LocalText } from '#client/i18n/local-text.tsx';
import { useLocalize } from '#client/i18n/use-localize.ts';
import type { TranslationLanguage } from '#shared/i18n/languages.ts';
import type { ProductTranslation, Translations } from '#shared/translations.ts';
import { ProductCard } from './product-card.tsx';

export interface CompanyProduct {
  id: number;
  name: string;
  image: string | null;
  category: string | null;
  origin: string | null;
  translations: Translations<Pick<ProductTranslation, 'name' | 'category' | 'origin'>>;
}

/**
 * A product on its company's public page (decision 211): its name and the line under it (origin, else
 * category) in the page's language when the company publishes it and translated them, else the Vietnamese
 * text marked as such, so a reader abroad knows which words are not in their language.
 */
export function CompanyProductCard({
  product,
  languages,
}: {
  product: CompanyProduct;
  /** The languages the company publishes. */
  languages: readonly TranslationLanguage[] | null | undefined;
}) {
  const inLanguage = useLocalize(languages);
  const field = (name: 'name' | 'category' | 'origin') => inLanguage(product[name], product.translations, name);
  const line = product.origin ? field('origin') : field('category');
  return (
    <ProductCard
      id={product.id}
      name={<LocalText field={field('name')} />}
      image={product.image}
      line={line.text ? <LocalText field={line} /> : null}
    />
  );
}
