import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '#tests/server/security/real-server.ts';

/** How startRealServer runs an instance (tests/server/multi-instance/instance.ts) instead of server/index.ts. */
export const INSTANCE = {
  command: [process.execPath, '--import', 'tsx', 'tests/server/multi-instance/instance.ts'],
};

/** The client's page template, so that the server-rendered pages exist without a client build. */
const TEMPLATE =
  '<!doctype html><html lang="vi"><head><title>Truy xuất nguồn gốc</title><script type="module" src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>';

/**
 * The settings instances on one PostgreSQL share, as behind a load balancer (docs/deploy.md): the database, an
 * uploads folder, the page template, the demo data; `extra` adds or overrides (INSTANCE_ID is each one's own).
 */
export function instanceEnv(databaseUrl: string, extra: Record<string, string> = {}): Record<string, string> {
  const client = tempDir('txng-client-');
  mkdirSync(client, { recursive: true });
  writeFileSync(join(client, 'index.html'), TEMPLATE);
  return {
    DATABASE_URL: databaseUrl,
    UPLOADS_DIR: tempDir('txng-uploads-'),
    CLIENT_DIR: client,
    DEMO: '1',
    ...extra,
  };
}
