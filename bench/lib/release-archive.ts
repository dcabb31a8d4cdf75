import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The release's goals, checked by bench/release.ts and by tests/release; the idle RSS raised by decision 227. */
export const RELEASE_GOALS = { archiveMb: 60, readyMs: 500, idleRssMb: 110, resolveRatio: 0.9 };

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { name: string; version: string };

/** The executable's name, and the folder the archive unpacks into. */
export const RELEASE_FOLDER = pkg.name;
/** Where `npm run release` writes this platform's archive (scripts/release.mjs). */
export const RELEASE_ARCHIVE = join(
  'release',
  `${pkg.name}-${pkg.version}-${process.platform}-${process.arch}.tar.gz`,
);
