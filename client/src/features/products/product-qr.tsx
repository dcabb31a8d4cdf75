import { vi } from '#shared/i18n/vi/index.ts';
import { productPath } from '#shared/public-paths.ts';
import { buttonVariants } from '#client/components/ui/button.tsx';
import type { ProductRow } from './types.ts';

const t = vi.workspace.products;
const c = vi.workspace.common;

/**
 * The product's QR code (the server's image of PUBLIC_URL/redirect/{code}) with PNG and SVG downloads,
 * and, while the product is not active, what a shopper scanning it would see.
 */
export function ProductQr({ product }: { product: Omit<ProductRow, 'companyName'> }) {
  return (
    <section
      aria-labelledby="qr-title"
      className="flex flex-wrap items-center gap-4 rounded-lg border border-line p-3"
    >
      <img
        src={product.qr_code_image}
        alt={t.qrAlt(product.name)}
        width={128}
        height={128}
        className="h-32 w-32"
      />
      <div className="flex flex-col gap-2">
        <h3 id="qr-title" className="font-semibold text-ink">
          {t.qrTitle}
        </h3>
        <p className="font-mono text-sm text-ink-soft">
          {t.qrCode}: {product.qr_code}
        </p>
        {product.status !== 'ACTIVE' && (
          // Saved status: the one a shopper's scan meets (decision 091).
          <p role="note" className="rounded-lg bg-amber-50 p-2 text-sm text-amber-950">
            {vi.workspace.qrs.inactiveProductQr}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <a
            className={buttonVariants({ variant: 'outline', size: 'sm' })}
            href={product.qr_code_image}
            download={`${product.qr_code}.png`}
          >
            {c.downloadPng}
          </a>
          <a
            className={buttonVariants({ variant: 'outline', size: 'sm' })}
            href={product.qr_code_svg}
            download={`${product.qr_code}.svg`}
          >
            {c.downloadSvg}
          </a>
          <a
            className={buttonVariants({ variant: 'link', size: 'sm' })}
            href={productPath(product.id)}
            target="_blank"
            rel="noreferrer"
          >
            {t.openPublic}
          </a>
        </div>
      </div>
    </section>
  );
}
