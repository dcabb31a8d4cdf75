import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain JavaScript build script, without types
import { SERVER_ENTRY_POINTS } from '#scripts/build-server.mjs';
import { startBackgroundWriter } from '#server/db/background-writer.ts';
import { createDb } from '#server/db/client.ts';
import type { AppDeps } from '#server/deps.ts';
import { projectPath } from '#server/paths.ts';
import { engine } from '#tests/helpers/deps.ts';
import { createCompany } from '#tests/helpers/factories.ts';
import { makeProduct } from '#tests/server/products/helpers.ts';

/**
 * Worker threads run the server's own TypeScript modules (server/lib/worker-module.ts): from the
 * sources through tsx, from the bundle and the release as dist/server/<name>.mjs built from
 * SERVER_ENTRY_POINTS. A worker missing from that list would start in tests and fail in production.
 */
const serverFiles = (dir: string): string[] =>
  readdirSync(projectPath(dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => join(e.parentPath, e.name));

describe('[foundation] worker modules', () => {
  it('every worker the server starts is an entry of the server build, and its module exists', () => {
    const started = new Map<string, string>();
    for (const file of serverFiles('server')) {
      const source = readFileSync(file, 'utf8');
      // Started directly, or by a budgeted pool given the worker's name and module.
      for (const m of source.matchAll(
        /(?:startWorkerModule\(|worker: \{ name:)\s*'([^']+)',\s*(?:source: )?new URL\('([^']+)', import\.meta\.url\)/g,
      )) {
        started.set(m[1]!, join(file, '..', m[2]!));
      }
    }
    expect([...started.keys()].sort()).toEqual(['background-worker', 'decode-worker', 'parse-worker']);
    const entries = SERVER_ENTRY_POINTS as Record<string, string>;
    for (const [name, module] of started) {
      expect(entries[name], name).toBeDefined();
      expect(projectPath(entries[name]!), name).toBe(module);
      expect(existsSync(module), module).toBe(true);
    }
  });

  it.skipIf(engine !== 'sqlite')(
    'the background writer thread (a TypeScript module) writes scan events and stops cleanly (SQLite only: its own connection to the file)',
    async () => {
      const path = join(mkdtempSync(join(tmpdir(), 'txng-writer-')), 'app.db');
      const { db, sqlite } = createDb(path);
      const deps = { db, sqlite, settings: { publicUrl: 'http://localhost' } } as unknown as AppDeps;
      const companyId = (await createCompany(deps)).id;
      const product = await makeProduct(deps, companyId, { name: 'Trà Shan tuyết', status: 'ACTIVE' });
      const writer = startBackgroundWriter(path, { synchronous: 'NORMAL', checkpointMs: 50 });
      const now = Date.now();
      await writer.writeScans([
        [product.id, companyId, null, 'mobile', now, 3, null],
        // A product that does not exist: its foreign key fails, the row is dropped alone.
        [product.id + 1000, companyId, null, 'desktop', now, 1, null],
      ]);
      await writer.stop();
      const rows = sqlite.prepare('SELECT product_id AS productId, device, scans FROM scan_events').all();
      expect(rows).toEqual([{ productId: product.id, device: 'mobile', scans: 3 }]);
      sqlite.close();
    },
  );

  // The thread is a second JavaScript runtime: it starts after the server has listened (its delay), or
  // with the first rows, not while the server starts (the release's ready time, bench/RESULTS.md).
  it.skipIf(engine !== 'sqlite' || process.platform !== 'linux')(
    'the background writer starts its thread after its delay, not when it is made',
    async () => {
      const path = join(mkdtempSync(join(tmpdir(), 'txng-writer-')), 'app.db');
      const { sqlite } = createDb(path);
      const threads = () => readdirSync('/proc/self/task').length;
      const before = threads();
      const writer = startBackgroundWriter(path, { synchronous: 'NORMAL', startDelayMs: 400 });
      await new Promise((r) => setTimeout(r, 100));
      expect(threads()).toBe(before);
      await expect.poll(threads, { timeout: 5_000 }).toBeGreaterThan(before);
      await writer.stop();
      await expect.poll(threads, { timeout: 5_000 }).toBe(before);
      sqlite.close();
    },
  );
});
