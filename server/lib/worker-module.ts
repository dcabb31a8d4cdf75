import { Worker, type WorkerOptions } from 'node:worker_threads';
import { projectPath } from '#server/paths.ts';

/**
 * Starts a worker thread from one of the server's own modules, wherever the server runs from:
 *
 * - from the TypeScript sources (tsx: dev, tests), `source` is the .ts module, loaded through tsx's API
 *   (a worker does not inherit the parent's loader);
 * - from the bundle (`npm start`) and from the release's executable, it is the built
 *   dist/server/<name>.mjs: scripts/build-server.mjs builds each entry of SERVER_ENTRY_POINTS there, and
 *   scripts/release.mjs ships the same file at the same path beside the executable (decision 100).
 *
 * `name` must be the module's key in SERVER_ENTRY_POINTS; tests/server/foundation/worker-modules.test.ts
 * checks that every worker the server starts is listed there.
 */
export function startWorkerModule(
  name: string,
  source: URL,
  options: Omit<WorkerOptions, 'eval'> = {},
): Worker {
  if (import.meta.url.endsWith('.ts')) {
    const tsx = import.meta.resolve('tsx/esm/api');
    const entry = source.href;
    const boot = `import(${JSON.stringify(tsx)}).then((m) => m.tsImport(${JSON.stringify(entry)}, ${JSON.stringify(entry)}))`;
    return new Worker(boot, { ...options, eval: true });
  }
  return new Worker(projectPath('dist', 'server', `${name}.mjs`), options);
}
