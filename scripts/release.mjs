// `npm run release [-- --reuse-client]`: the archive a company runs its server from
// (docs/decisions/100-release-single-executable.md, docs/deploy.md):
//
//   release/<name>-<version>-<platform>-<arch>.tar.gz
//     <name>/<name>            Node's single executable: node itself, the whole server (one CommonJS
//                              bundle of server/ and the packages it uses), V8's code cache for it, and
//                              as assets the built client and the migrations (server/shipped-files.ts)
//     <name>/node_modules/     the native packages only (better-sqlite3, sharp and its libvips), their
//                              run-time dependencies, and package files read by path (zxing's wasm)
//     <name>/dist/server/      worker modules, if the server has any (SERVER_ENTRY_POINTS)
//     <name>/package.json      name and version (--version); the folder the server runs from
//
// Beside the executable, the folder mirrors the project's (package.json, dist/server/, node_modules/):
// packages and worker modules are found as under `npm start` (server/paths.ts, createRequire), so only
// the reading of the client and the migrations knows about the release. `--reuse-client` skips
// `vite build` when dist/client was just built (scripts/test.sh).
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SERVER_BUILD_OPTIONS, SERVER_ENTRY_POINTS } from './build-server.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
export const RELEASE_NAME = `${pkg.name}-${pkg.version}-${process.platform}-${process.arch}`;
export const RELEASE_ARCHIVE = join(ROOT, 'release', `${RELEASE_NAME}.tar.gz`);
const STAGE = join(ROOT, 'release', pkg.name);
const WORK = join(ROOT, 'release', '.work');

/**
 * Packages that load a compiled library (.node, .so): the operating system loads those from files, so
 * they ship as files beside the executable, and the bundles require them from there.
 */
const NATIVE_PACKAGES = ['better-sqlite3', 'sharp'];
/** Dependencies that only run at `npm install` (fetching or compiling the native part). */
const INSTALL_ONLY = new Set(['prebuild-install']);
/** Files the server reads from a package by path at run time (createRequire(...).resolve), not by import. */
const PACKAGE_FILES = ['zxing-wasm/reader/zxing_reader.wasm'];
/** What a package folder needs at run time: no sources, build leftovers, types or docs. */
const SKIPPED =
  /(^|\/)(src|deps|docs?|test|install|binding\.gyp|README[^/]*|CHANGELOG[^/]*|[^/]*\.(d\.[cm]?ts|map|md|gyp|mk|a|o|cc|h))$|^build\/(?!Release(\/[^/]+\.node)?$)/;

const run = (command, args, options = {}) => {
  const r = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${r.status ?? r.signal})`);
};

/**
 * The bundle runs as the executable's main script, where Node gives `require` for built-in modules
 * only: packages left outside the bundle are required from the release folder instead, as if the bundle
 * were dist/server/index.mjs there (import.meta.url, which a CommonJS bundle lacks, says the same).
 */
const MAIN_BANNER = `"use strict";
var __moduleUrl = require("node:url").pathToFileURL(require("node:path").join(require("node:path").dirname(process.execPath), "dist", "server", "index.mjs")).href;
require = require("node:module").createRequire(__moduleUrl);
process.env.NODE_ENV ??= "production";`;
/**
 * A worker module is ESM in the release folder: its packages outside the bundle come from there too.
 * CommonJS packages bundled into it may read __dirname/__filename (libheif's Emscripten loader does).
 */
const WORKER_BANNER = `import { createRequire as __createRequire } from "node:module"; import { fileURLToPath as __fileURLToPath } from "node:url"; import { dirname as __pathDirname } from "node:path"; const require = __createRequire(import.meta.url); const __filename = __fileURLToPath(import.meta.url); const __dirname = __pathDirname(__filename);`;

/**
 * `createRequire(import.meta.url)('pkg')` (a CommonJS package loaded synchronously on first use, as in
 * server/services/documents/sanitize.ts) becomes `require('pkg')`, so the package is bundled too.
 */
const bundleCreateRequire = {
  name: 'bundle-create-require',
  setup(build) {
    build.onLoad({ filter: /[\\/](server|shared)[\\/].*\.ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('createRequire(import.meta.url)(')) return undefined;
      return { contents: source.replaceAll('createRequire(import.meta.url)(', 'require('), loader: 'ts' };
    });
  },
};

async function bundleServer() {
  const { build } = await import('esbuild');
  const common = {
    ...SERVER_BUILD_OPTIONS,
    external: NATIVE_PACKAGES,
    minify: true,
    // Packages' licence comments go to <file>.LEGAL.txt, shipped as LICENSES.txt.
    legalComments: 'external',
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [bundleCreateRequire],
  };
  const { index, ...workers } = SERVER_ENTRY_POINTS;
  await build({
    ...common,
    entryPoints: [index],
    outfile: join(WORK, 'server.cjs'),
    format: 'cjs',
    // No import() in the executable's main script (Node 20 has no loader for it there): import() of a
    // bundled module becomes a deferred require, of a native package a require from the folder.
    supported: { 'dynamic-import': false },
    define: { ...common.define, 'import.meta.url': '__moduleUrl' },
    banner: { js: MAIN_BANNER },
  });
  for (const [name, entry] of Object.entries(workers)) {
    await build({
      ...common,
      entryPoints: [entry],
      outfile: join(STAGE, 'dist', 'server', `${name}.mjs`),
      format: 'esm',
      banner: { js: WORKER_BANNER },
    });
  }
}

/**
 * The files the server reads through readShippedFile (server/shipped-files.ts), by their path in the
 * project: the built client, and the migrations of both engines (their journal and .sql files; the
 * snapshots are drizzle-kit's).
 */
function assets() {
  const files = {};
  for (const entry of readdirSync(join(ROOT, 'dist', 'client'), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files[relative(ROOT, path)] = path;
  }
  // SQLite's migrations and PostgreSQL's (drizzle/pg/, decision 153): the same executable runs on either.
  for (const folder of ['drizzle', 'drizzle/pg']) {
    files[`${folder}/meta/_journal.json`] = join(ROOT, folder, 'meta', '_journal.json');
    for (const name of readdirSync(join(ROOT, folder)).filter((n) => n.endsWith('.sql'))) {
      files[`${folder}/${name}`] = join(ROOT, folder, name);
    }
  }
  return files;
}

/** node + the bundle + its code cache + the assets, as one executable (Node's Single Executable Applications). */
async function makeExecutable() {
  const config = join(WORK, 'sea-config.json');
  const blob = join(WORK, 'sea.blob');
  writeFileSync(
    config,
    JSON.stringify({
      main: join(WORK, 'server.cjs'),
      output: blob,
      disableExperimentalSEAWarning: true,
      useCodeCache: true,
      assets: assets(),
    }),
  );
  run(process.execPath, ['--experimental-sea-config', config], { stdio: ['ignore', 'ignore', 'inherit'] });
  const executable = join(STAGE, pkg.name);
  copyFileSync(process.execPath, executable);
  chmodSync(executable, 0o755);
  const { inject } = createRequire(import.meta.url)('postject');
  // postject reports the section warnings of Node's ELF notes on stderr; harmless.
  await inject(executable, 'NODE_SEA_BLOB', readFileSync(blob), {
    sentinelFuse: 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2',
  });
}

/** A package's folder, looked up as Node does: node_modules/<name> in `from` or a folder above it; or null. */
function packageDir(name, from = ROOT) {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dirname(dir) === dir) return null;
  }
}

/** Copies a package and, recursively, the dependencies it runs with, into the release's node_modules. */
function copyPackage(name, from, done) {
  if (done.has(name) || INSTALL_ONLY.has(name)) return;
  done.add(name);
  const dir = packageDir(name, from);
  if (!dir) return; // an optional dependency for another platform: not installed here
  cpSync(dir, join(STAGE, 'node_modules', name), {
    recursive: true,
    filter: (path) => !SKIPPED.test(relative(dir, path)),
  });
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  for (const dep of Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies })) {
    copyPackage(dep, dir, done);
  }
}

function copyFiles() {
  const done = new Set();
  for (const name of NATIVE_PACKAGES) copyPackage(name, ROOT, done);
  const require = createRequire(join(ROOT, 'package.json'));
  for (const file of PACKAGE_FILES) {
    const name = file.startsWith('@') ? file.split('/').slice(0, 2).join('/') : file.split('/')[0];
    const dir = packageDir(name);
    const target = join(STAGE, 'node_modules', name);
    mkdirSync(target, { recursive: true });
    copyFileSync(join(dir, 'package.json'), join(target, 'package.json'));
    const path = require.resolve(file);
    mkdirSync(join(target, dirname(relative(dir, path))), { recursive: true });
    copyFileSync(path, join(target, relative(dir, path)));
  }

  const { name, version, description } = pkg;
  writeFileSync(
    join(STAGE, 'package.json'),
    `${JSON.stringify({ name, version, description, private: true }, null, 2)}\n`,
  );
  copyFileSync(join(ROOT, '.env.example'), join(STAGE, '.env.example'));
  copyFileSync(join(ROOT, 'docs', 'deploy.md'), join(STAGE, 'DEPLOY.md'));
  copyFileSync(join(WORK, 'server.cjs.LEGAL.txt'), join(STAGE, 'LICENSES.txt'));
}

export async function buildRelease({ reuseClient = false } = {}) {
  const started = performance.now();
  if (!reuseClient || !existsSync(join(ROOT, 'dist', 'client', 'index.html'))) {
    run('npx', ['vite', 'build', '--logLevel', 'warn']);
  }
  for (const dir of [STAGE, WORK]) rmSync(dir, { recursive: true, force: true });
  mkdirSync(WORK, { recursive: true });
  mkdirSync(STAGE, { recursive: true });
  await bundleServer();
  await makeExecutable();
  copyFiles();
  rmSync(RELEASE_ARCHIVE, { force: true });
  run('tar', ['-C', dirname(STAGE), '-czf', RELEASE_ARCHIVE, pkg.name]);
  if (!process.env.RELEASE_KEEP_WORK) rmSync(WORK, { recursive: true, force: true });
  const mb = (statSync(RELEASE_ARCHIVE).size / 1e6).toFixed(1);
  console.log(
    `${relative(ROOT, RELEASE_ARCHIVE)}: ${mb} MB, built in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return RELEASE_ARCHIVE;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await buildRelease({ reuseClient: process.argv.includes('--reuse-client') });
}
