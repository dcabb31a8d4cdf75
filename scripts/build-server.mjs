// Bundles the server (server/index.ts and everything it imports from server/ and shared/) into one
// ES module, dist/server/index.mjs, so `npm start` runs plain JavaScript: no TypeScript loader at run
// time (tsx alone costs ~300 ms of start-up). Packages in node_modules stay external: they load
// from node_modules as they do under tsx, and native ones (better-sqlite3) could not be bundled anyway.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** Paths below are relative to the project folder, wherever this is run from. */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const SERVER_ENTRY = 'server/index.ts';
export const SERVER_BUNDLE = 'dist/server/index.mjs';

export async function buildServer() {
  // Imported here, not at the top: `npm start` loads this file but builds only when the bundle is stale.
  const { build } = await import('esbuild');
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: [SERVER_ENTRY],
    outfile: SERVER_BUNDLE,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    write: false,
  });
  // Written aside then renamed: a server starting at the same moment (two `npm start`, a test run)
  // reads the old bundle or the new one, never half of one. The map first, so the bundle never
  // points at a map that is not there yet.
  const isMap = (f) => Number(f.path.endsWith('.map'));
  for (const file of result.outputFiles.sort((a, b) => isMap(b) - isMap(a))) {
    mkdirSync(dirname(file.path), { recursive: true });
    const aside = `${file.path}.${process.pid}.tmp`;
    writeFileSync(aside, file.contents);
    renameSync(aside, file.path);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await buildServer();
