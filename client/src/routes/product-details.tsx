import { useQuery } from '@tanstack/react-query';
import { useParams } from 'wouter';
import { vi } from '#shared/i18n/vi/index.ts';
import { AskedLotNotice } from '#client/features/lots/asked-lot-notice.tsx';
import { PublicNotFound } from '#client/features/public/not-found.tsx';
import { ProductView } from '#client/features/public/product-view.tsx';
import { errorData, useTRPC } from '#client/lib/trpc.ts';

const t = vi.publicPages.product;

/**
 * '/products/details/:id': the public product page (ACTIVE products only). Opened after a scan it
 * renders at once from the resolve's answer; opened by its address it reads publicProducts.byId,
 * which records no scan. No heavy library belongs in this page's chunk.
 */
export default function ProductDetailsPage() {
  const trpc = useTRPC();
  const id = Number(useParams<{ id: string }>().id);
  const valid = Number.isInteger(id) && id > 0;
  const product = useQuery(
    trpc.publicProducts.byId.queryOptions({ id }, { enabled: valid, trpc: { context: { silent: true } } }),
  );
  if (!valid || product.isError) {
    const status = errorData(product.error).httpStatus;
    return (
      <PublicNotFound
        title={t.notFoundTitle}
        text={!valid || status === 404 || status === 400 ? t.notFoundText : vi.client.somethingWentWrong}
      />
    );
  }
  if (!product.data) return <p role="status">{vi.client.loading}</p>;
  return (
    <>
      <AskedLotNotice />
      <ProductView product={product.data} />
    </>
  );
}
