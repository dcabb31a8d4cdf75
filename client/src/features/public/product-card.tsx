import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { imageVariant } from '#shared/image-variants.ts';
import { productPath } from '#shared/public-paths.ts';
import { usePublicStrings } from '#client/i18n/language.tsx';

/**
 * One product in a list (a company's products, the scan history): picture, name and a line under it.
 * `href` another page than the product's (a history entry's lot); `mark` a word that must stand out.
 */
export function ProductCard({
  id,
  name,
  image,
  line,
  extra,
  href,
  mark,
}: {
  id: number;
  name: ReactNode;
  image: string | null;
  line?: ReactNode;
  extra?: string;
  href?: string;
  mark?: ReactNode;
}) {
  const noImage = usePublicStrings().product.noImage;
  return (
    <Link
      href={href ?? productPath(id)}
      className="flex items-center gap-3 rounded-lg border border-line bg-surface p-2 hover:bg-soft"
    >
      {image ? (
        <img
          src={imageVariant(image, 160)}
          alt=""
          width={64}
          height={64}
          loading="lazy"
          decoding="async"
          className="h-16 w-16 shrink-0 rounded-md object-cover"
        />
      ) : (
        <span
          aria-hidden="true"
          className="flex h-16 w-16 shrink-0 items-center justify-center rounded-md bg-soft text-xs text-ink-soft"
        >
          {noImage}
        </span>
      )}
      <span className="flex min-w-0 flex-col">
        <span className="truncate font-semibold text-ink">{name}</span>
        {line && <span className="truncate text-sm text-ink-soft">{line}</span>}
        {mark}
        {extra && <span className="text-xs text-ink-soft">{extra}</span>}
      </span>
    </Link>
  );
}
