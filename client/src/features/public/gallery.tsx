import { useState } from 'react';
import { imageVariant } from '#shared/image-variants.ts';
import { cn } from '#client/lib/cn.ts';
import { usePublicStrings } from '#client/i18n/language.tsx';

/**
 * The first image large and loaded at once (it is what the visitor came for); the others as small
 * thumbnails loaded lazily. Sizes are given so the page does not jump while images arrive. No picture,
 * no gallery: the page then leads with the product's name and facts, not an empty box a screen tall;
 * nor when the picture cannot load (a page kept for offline, with no network).
 */
export function Gallery({ name, images }: { name: string; images: string[] }) {
  const t = usePublicStrings().product;
  const [current, setCurrent] = useState(0);
  const [broken, setBroken] = useState(false);
  const main = images[current];
  if (!main || broken) return null;
  return (
    <div className="flex flex-col gap-2">
      <img
        src={imageVariant(main, 640)}
        alt={t.imageAlt(name, current + 1)}
        width={800}
        height={600}
        fetchPriority={current === 0 ? 'high' : undefined}
        decoding="async"
        onError={() => setBroken(true)}
        className="aspect-[4/3] w-full rounded-lg bg-soft object-cover"
      />
      {images.length > 1 && (
        <ul aria-label={t.gallery} className="flex gap-2 overflow-x-auto pb-1">
          {images.map((src, i) => (
            <li key={src} className="shrink-0">
              <button
                type="button"
                onClick={() => setCurrent(i)}
                aria-pressed={i === current}
                className={cn('rounded-md border-2', i === current ? 'border-primary' : 'border-transparent')}
              >
                <img
                  src={imageVariant(src, 160)}
                  alt={t.imageAlt(name, i + 1)}
                  width={72}
                  height={54}
                  loading="lazy"
                  decoding="async"
                  className="h-[54px] w-[72px] rounded object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
