import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project folder (the one holding package.json), found by walking up from this module. The same
 * answer whether the server runs from its TypeScript sources (server/) or from the bundle
 * (dist/server/), so folders beside the code (drizzle/, dist/client/) never depend on where the
 * running file sits.
 */
function findProjectRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

export const PROJECT_ROOT = findProjectRoot(dirname(fileURLToPath(import.meta.url)));

/** A path inside the project folder. */
export const projectPath = (...parts: string[]): string => join(PROJECT_ROOT, ...parts);
