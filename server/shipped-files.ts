import { readFileSync } from 'node:fs';
import sea from 'node:sea';
import { projectPath } from './paths.ts';

/**
 * True in the release's single executable (scripts/release.mjs, decision 100): the files the server
 * ships with (the built client, the migrations) are then the executable's assets, not files.
 */
export const fromExecutable = (): boolean => sea.isSea();

/**
 * A file the server ships with, by its path in the project folder ('dist/client/index.html',
 * 'drizzle/meta/_journal.json'), or null if there is none: read from the project folder, or in the
 * release from the executable's assets, stored under the same paths. An asset is not copied: the
 * buffer is read-only memory of the executable.
 */
export function readShippedFile(path: string): Buffer | null {
  try {
    return fromExecutable()
      ? Buffer.from(sea.getRawAsset(path) as ArrayBuffer)
      : readFileSync(projectPath(path));
  } catch {
    return null;
  }
}
