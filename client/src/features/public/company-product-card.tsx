import { LocalText } from '#client/i18n/local-text.tsx';
import { useLanguage } from '#client/i18n/language.tsx';
import type { PublicLanguage } from '#shared/i18n/languages.ts';
import { localize, type ProductTranslation, type Translations } from '#shared/translations.ts';
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
  offered,
}: {
  product: CompanyProduct;
  offered: readonly PublicLanguage[];
}) {
  const lang = useLanguage();
  const field = (name: 'name' | 'category' | 'origin') =>
    localize(product[name], product.translations, name, lang, offered);
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
