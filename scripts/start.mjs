// `npm start` (and `npm run backup`, which passes `backup` on): builds what is missing or out of date (the
// client once; the server bundle whenever a file under server/, shared/, drizzle/ or client/src/ is newer than it), then runs the bundled server in
// this process: plain JavaScript, no TypeScript loader at run time (decision 072).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, SERVER_BUNDLE } from './build-server.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
// client/src too: the server renders the public pages' first view with the client's components.
const SOURCES = ['server', 'shared', 'drizzle', 'client/src'];

/** The latest modification time of any file under `dir`. */
function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

function serverBundleStale() {
  const bundle = join(ROOT, SERVER_BUNDLE);
  if (!existsSync(bundle)) return true;
  const built = statSync(bundle).mtimeMs;
  return SOURCES.some((dir) => newestMtime(join(ROOT, dir)) > built);
}

if (!existsSync(join(ROOT, 'dist/client/index.html'))) {
  console.log('Building the client (first start)...');
  const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
if (serverBundleStale()) await buildServer();
// React (the public pages' first view is rendered on the server) picks its production build by this.
process.env.NODE_ENV ??= 'production';
await import('../dist/server/index.mjs');
