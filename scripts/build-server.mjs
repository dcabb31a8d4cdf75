// Bundles the server (server/index.ts and everything it imports from server/, shared/ and, for the
// public pages' first view, client/src/) into dist/server/index.mjs and its lazily loaded chunks, so `npm start` runs plain JavaScript: no TypeScript loader at run
// time (tsx alone is a large share of start-up: decision 072, figures in bench/RESULTS.md). Packages in node_modules stay external: they load
// from node_modules as they do under tsx, and native ones (better-sqlite3) could not be bundled anyway.
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** Paths below are relative to the project folder, wherever this is run from. */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const SERVER_BUNDLE = 'dist/server/index.mjs';
/**
 * Every file the server runs, by its name in dist/server/: `index` is the process; a worker thread's
 * module goes here too, started by startWorkerModule (server/lib/worker-module.ts) from `dist/server/<name>.mjs`,
 * which is the same file under `npm start` and in the release (scripts/release.mjs ships `index` inside
 * the executable and each other entry as a file at that path beside it, decision 100).
 */
export const SERVER_ENTRY_POINTS = {
  index: 'server/index.ts',
  // The image-decoding worker: the pool starts it as its own file (decision 081).
  'decode-worker': 'server/services/scans/decode-worker.ts',
  // Import spreadsheets and EPCIS documents, read within a budget (decision 175).
  'parse-worker': 'server/services/parsing/parse-worker.ts',
  // The background writer's thread: scan events and WAL checkpoints on its own connection.
  'background-worker': 'server/db/background-worker.ts',
};

/** What the server bundle and the release's bundles share. */
export const SERVER_BUILD_OPTIONS = {
  absWorkingDir: ROOT,
  bundle: true,
  platform: 'node',
  target: 'node20',
  logLevel: 'warning',
};

export async function buildServer() {
  // Imported here, not at the top: `npm start` loads this file but builds only when the bundle is stale.
  const { build } = await import('esbuild');
  const result = await build({
    ...SERVER_BUILD_OPTIONS,
    entryPoints: SERVER_ENTRY_POINTS,
    outdir: dirname(SERVER_BUNDLE),
    outExtension: { '.js': '.mjs' },
    // What the server imports with import() gets its own file, loaded when first needed: the public
    // pages' renderer (React's server renderer and client components) stays out of start-up.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    packages: 'external',
    format: 'esm',
    sourcemap: true,
    write: false,
  });
  // Written aside then renamed: a server starting at the same moment (two `npm start`, a test run)
  // reads the old bundle or the new one, never half of one. Maps first, then chunks, the entry last, so
  // nothing written points at a file that is not there yet.
  const rank = (f) => (f.path.endsWith('.map') ? 0 : f.path.endsWith(SERVER_BUNDLE) ? 2 : 1);
  for (const file of result.outputFiles.sort((a, b) => rank(a) - rank(b))) {
    mkdirSync(dirname(file.path), { recursive: true });
    const aside = `${file.path}.${process.pid}.tmp`;
    writeFileSync(aside, file.contents);
    renameSync(aside, file.path);
  }
  // Chunks of earlier builds (their names carry a hash) would pile up.
  const chunksDir = join(ROOT, dirname(SERVER_BUNDLE), 'chunks');
  const written = new Set(result.outputFiles.map((f) => f.path));
  for (const name of existsSync(chunksDir) ? readdirSync(chunksDir) : []) {
    const path = join(chunksDir, name);
    if (!written.has(path) && !name.endsWith('.tmp')) rmSync(path, { force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await buildServer();
