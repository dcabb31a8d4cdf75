import { useRef, useState } from 'react';
import { vi } from '#shared/i18n/vi/index.ts';
import { Button } from '#client/components/ui/button.tsx';
import { FieldError } from '#client/components/ui/field.tsx';
import { apiFetch } from '#client/lib/api-fetch.ts';
import { moveItem } from './types.ts';

const t = vi.workspace.products;

/** Sends one image to POST /api/uploads; the server checks its bytes and answers its URL. */
async function upload(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  const data = await apiFetch<{ url: string }>('/api/uploads', { method: 'POST', body: form });
  return data.url;
}

/**
 * The product's images: upload (several at once), reorder, remove. The first one is the cover, as the
 * server takes it (`image` = images[0]).
 */
export function ImageGallery({
  name,
  images,
  onChange,
  error,
}: {
  name: string;
  images: string[];
  onChange: (images: string[]) => void;
  error?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  async function addFiles(files: FileList | null) {
    if (!files?.length) return;
    setBusy(true);
    const added: string[] = [];
    try {
      // One at a time: the order picked is the order shown. A refused file (toasted) skips only itself.
      for (const file of Array.from(files)) {
        try {
          added.push(await upload(file));
        } catch {
          /* apiFetch showed the server's message */
        }
      }
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
    if (added.length) onChange([...images, ...added]);
  }

  return (
    <section aria-labelledby="images-title" className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <h3 id="images-title" className="font-semibold text-ink">
          {t.images}
        </h3>
        <label className="cursor-pointer rounded-lg border border-line px-3 py-1.5 text-sm font-semibold hover:bg-soft focus-within:outline-2 focus-within:outline-primary">
          {busy ? t.uploading : t.addImages}
          <input
            ref={input}
            type="file"
            accept=".jpg,.jpeg,.png,.gif,image/jpeg,image/png,image/gif"
            multiple
            disabled={busy}
            className="sr-only"
            onChange={(e) => void addFiles(e.target.files)}
          />
        </label>
      </div>
      <p className="text-xs text-ink-soft">{t.imagesHint}</p>
      <FieldError message={error ?? undefined} />
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {images.map((src, i) => (
          <li key={src} className="relative rounded-lg border border-line p-1">
            <img
              src={src}
              alt={t.imageAlt(name, i + 1)}
              className="aspect-square w-full rounded object-cover"
            />
            {i === 0 && (
              <span className="absolute top-2 left-2 rounded bg-primary px-1.5 py-0.5 text-xs font-semibold text-on-primary">
                {t.cover}
              </span>
            )}
            <div className="mt-1 flex justify-between">
              <Button
                variant="ghost"
                size="sm"
                aria-label={`${t.moveLeft}: ${t.imageAlt(name, i + 1)}`}
                disabled={i === 0}
                onClick={() => onChange(moveItem(images, i, i - 1))}
              >
                ←
              </Button>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`${t.removeImage}: ${t.imageAlt(name, i + 1)}`}
                className="text-danger"
                onClick={() => onChange(images.filter((_, j) => j !== i))}
              >
                ✕
              </Button>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`${t.moveRight}: ${t.imageAlt(name, i + 1)}`}
                disabled={i === images.length - 1}
                onClick={() => onChange(moveItem(images, i, i + 1))}
              >
                →
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
