import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppDeps } from '#server/deps.ts';
import type { Actor } from '#server/services/actor.ts';
import type { UploadFileInput } from '#shared/schemas/uploads.ts';
import { inspectImage } from './inspect.ts';

/**
 * POST /uploads: stores an image under DATA_DIR/uploads with a server-made name whose extension comes
 * from the sniffed type (a PNG named photo.gif is stored as .png), so it is served with its true type.
 */
export async function storeUpload(deps: AppDeps, actor: Actor, file: UploadFileInput) {
  const image = await inspectImage(file.bytes, deps.settings.uploadMaxBytes);
  const name = `${randomBytes(16).toString('base64url')}.${image.ext}`;
  const path = join(deps.settings.uploadsDir, name);
  try {
    await writeFile(path, file.bytes, { flag: 'wx' });
  } catch (err) {
    // A disk that filled up mid-file leaves part of it: no row names it, and it would only take space.
    if ((err as { code?: string }).code !== 'EEXIST') await rm(path, { force: true });
    throw err;
  }
  deps.logger.info(
    { event: 'upload.stored', userId: actor.id, name, bytes: file.bytes.length },
    'upload stored',
  );
  return { url: `/uploads/${name}` };
}
