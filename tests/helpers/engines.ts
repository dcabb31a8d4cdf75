import { vi } from 'vitest';
import type { AppDeps } from '#server/deps.ts';

/**
 * The app's modules loaded as a process on one engine loads them: server/db/schema/index.ts picks each
 * table's dialect when it loads, from DATABASE_URL (decision 153), so a test that runs the same services on
 * both engines needs one module graph per engine. `databaseUrl` undefined loads SQLite's. The modules are
 * evaluated afresh (vi.resetModules) with DATABASE_URL set for the time of the import only.
 */
export async function importForEngine<T>(
  databaseUrl: string | undefined,
  load: () => Promise<T>,
): Promise<T> {
  const before = process.env.DATABASE_URL;
  const set = (value: string | undefined) => {
    if (value === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = value;
  };
  set(databaseUrl);
  vi.resetModules();
  try {
    return await load();
  } finally {
    set(before);
    vi.resetModules();
  }
}

/** The modules the engine tests call, one set per engine (importForEngine). */
export const listModules = async () => {
  const [client, pgClient, list, users, companies, records, transaction, schema] = await Promise.all([
    import('#server/db/client.ts'),
    import('#server/db/pg-client.ts'),
    import('#server/services/products/list.ts'),
    import('#server/services/users/list.ts'),
    import('#server/services/companies/profile.ts'),
    import('#server/services/products/records.ts'),
    import('#server/db/transaction.ts'),
    import('#server/db/schema/index.ts'),
  ]);
  return { client, pgClient, list, users, companies, records, transaction, schema };
};
export type ListModules = Awaited<ReturnType<typeof listModules>>;

export interface EngineApp {
  engine: 'sqlite' | 'pg';
  /** The minimal deps of the lists: db, store, settings (publicUrl), productLists. */
  deps: AppDeps;
  /** This engine's modules: services, tables, helpers. */
  m: ListModules;
  /** PostgreSQL: the database's URL. */
  url?: string;
  close(): Promise<void>;
}

const settings = { publicUrl: 'http://localhost:3000' };

/** An app on a new in-memory SQLite database, with SQLite's modules. */
export async function sqliteApp(): Promise<EngineApp> {
  const m = await importForEngine(undefined, listModules);
  const { db, sqlite } = m.client.createDb(':memory:');
  const store = { engine: 'sqlite', sqlite } as const;
  const deps = { db, store, settings, productLists: m.list.createProductLists({ db, store }) };
  return {
    engine: 'sqlite',
    deps: deps as unknown as AppDeps,
    m,
    close: async () => {
      sqlite.close();
    },
  };
}

/** An app on the PostgreSQL database at `url` (migrated by createPgDb), with PostgreSQL's modules. */
export async function pgApp(url: string): Promise<EngineApp> {
  const m = await importForEngine(url, listModules);
  const handle = await m.pgClient.createPgDb(url);
  const store = { engine: 'pg', pool: handle.pool } as const;
  const deps = {
    db: handle.db,
    store,
    settings,
    productLists: m.list.createProductLists({ db: handle.db, store }),
  };
  return { engine: 'pg', deps: deps as unknown as AppDeps, m, url, close: () => handle.close() };
}
