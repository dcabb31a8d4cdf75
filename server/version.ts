import { readFileSync } from 'node:fs';
import { projectPath } from './paths.ts';

/**
 * The app's name and version, from the package.json of the folder it runs from: the project when run
 * from sources or `npm start`, the release's own folder when run from the release (scripts/release.mjs
 * writes one there).
 */
export function appVersion(): { name: string; version: string } {
  const pkg = JSON.parse(readFileSync(projectPath('package.json'), 'utf8')) as {
    name: string;
    version: string;
  };
  return { name: pkg.name, version: pkg.version };
}
