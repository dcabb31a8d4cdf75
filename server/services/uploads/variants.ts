import { existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { type DiskWatch, isDiskFull } from '#server/lib/disk-full.ts';
import type { ImageVariantWidth } from '#shared/image-variants.ts';

/**
 * Makes and keeps the phone-sized WebP copies of uploads (shared/image-variants.ts). sharp (libvips) is
 * loaded on the first request that needs it, so start-up does not pay for it; its own cache is off and one
 * image is worked at a time, so a burst of first requests cannot lift memory past the server's budget.
 * Upload names are never reused (server-made, random, written once), so a copy never goes stale.
 *
 * Copies live beside the uploads, not among them, so they are only reachable through `?w=`.
 */
type Sharp = typeof import('sharp').default;
let sharpModule: Promise<Sharp> | undefined;
const loadSharp = () => {
  sharpModule ??= import('sharp').then((m) => {
    const sharp = m.default;
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return sharpModule;
};

/** Copies being made right now: a storm of first requests for one picture makes it once. */
const making = new Map<string, Promise<string | null>>();

export const variantsDirOf = (uploadsDir: string) => join(dirname(uploadsDir), 'upload-variants');

/**
 * The path of `name`'s copy at `width`, made if it is not there yet; null when the upload does not exist
 * or is not an image libvips can read (the caller then serves the original or a 404). On a full disk the
 * original is served: no copy is made while the disk was full lately (each would be resized for nothing),
 * and one is made again by the first request after that.
 */
export function imageVariantFile(
  uploadsDir: string,
  name: string,
  width: ImageVariantWidth,
  disk?: Pick<DiskWatch, 'full' | 'sawFull'>,
): Promise<string | null> {
  const target = join(variantsDirOf(uploadsDir), `${name}.w${width}.webp`);
  if (existsSync(target)) return Promise.resolve(target);
  const source = join(uploadsDir, name);
  if (!existsSync(source) || disk?.full) return Promise.resolve(null);
  let job = making.get(target);
  if (!job) {
    job = make(source, target, width, () => disk?.sawFull('picture copies')).finally(() =>
      making.delete(target),
    );
    making.set(target, job);
  }
  return job;
}

async function make(
  source: string,
  target: string,
  width: number,
  onFull: () => void,
): Promise<string | null> {
  const sharp = await loadSharp();
  // Written aside and renamed: a reader never sees half a file.
  const aside = `${target}.${process.pid}.tmp`;
  try {
    await mkdir(dirname(target), { recursive: true });
    await sharp(source, { animated: false, limitInputPixels: 50_000_000 })
      .rotate() // the camera's EXIF orientation, applied before the metadata is dropped
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 70 })
      .toFile(aside);
    await rename(aside, target);
    return target;
  } catch (err) {
    if (isDiskFull(err)) onFull();
    await rm(aside, { force: true });
    return null;
  }
}
