import { useQuery } from '@tanstack/react-query';
import { useParams } from 'wouter';
import { nameIn } from '#shared/translations.ts';
import { AskedLotNotice } from '#client/features/lots/asked-lot-notice.tsx';
import { AnswerPage } from '#client/features/public/answer-page.tsx';
import { productPageName } from '#client/features/public/page-titles.ts';
import { ProductView } from '#client/features/public/product-view.tsx';
import { useTRPC } from '#client/lib/trpc.ts';
import { useLanguage, usePublicStrings } from '#client/i18n/language.tsx';

/**
 * '/products/details/:id': the public product page (ACTIVE products only). Opened after a scan it
 * renders at once from the resolve's answer; opened by its address it reads publicProducts.byId,
 * which records no scan; with no network, its kept copy (AnswerPage). No heavy library belongs in this
 * page's chunk.
 */
export default function ProductDetailsPage() {
  const s = usePublicStrings();
  const lang = useLanguage();
  const trpc = useTRPC();
  const id = Number(useParams<{ id: string }>().id);
  const valid = Number.isInteger(id) && id > 0;
  const product = useQuery(
    trpc.publicProducts.byId.queryOptions({ id }, { enabled: valid, trpc: { context: { silent: true } } }),
  );
  return (
    <AnswerPage
      kind="product"
      id={id}
      valid={valid}
      query={product}
      name={(p) =>
        productPageName({
          name: nameIn(p, lang),
        })
      }
      notFound={{ title: s.product.notFoundTitle, text: s.product.notFoundText }}
    >
      {(p) => (
        <>
          <AskedLotNotice />
          <ProductView product={p} />
        </>
      )}
    </AnswerPage>
  );
}
