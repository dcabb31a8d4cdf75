import { createDb } from '#server/db/client.ts';
import { createPgDb } from '#server/db/pg-client.ts';
import type { AppDeps } from '#server/deps.ts';
import { createProductLists } from '#server/services/products/list.ts';

/**
 * The same services on both engines in one process (decision 196): each handle carries its own engine's
 * tables (`deps.db.tables`), so a test builds one app per engine and calls the same functions on each.
 */
export interface EngineApp {
  engine: 'sqlite' | 'pg';
  /** The minimal deps of the lists: db, store, settings (publicUrl), productLists. */
  deps: AppDeps;
  /** PostgreSQL: the database's URL. */
  url?: string;
  close(): Promise<void>;
}

const settings = { publicUrl: 'http://localhost:3000' };

/** An app on a new in-memory SQLite database. */
export async function sqliteApp(): Promise<EngineApp> {
  const { db, sqlite } = createDb(':memory:');
  const store = { engine: 'sqlite', sqlite } as const;
  const deps = { db, store, settings, productLists: createProductLists({ db, store }) };
  return {
    engine: 'sqlite',
    deps: deps as unknown as AppDeps,
    close: async () => {
      sqlite.close();
    },
  };
}

/** An app on the PostgreSQL database at `url` (migrated by createPgDb). */
export async function pgApp(url: string): Promise<EngineApp> {
  const handle = await createPgDb(url);
  const store = { engine: 'pg', pool: handle.pool } as const;
  const deps = {
    db: handle.db,
    store,
    settings,
    productLists: createProductLists({ db: handle.db, store }),
  };
  return { engine: 'pg', deps: deps as unknown as AppDeps, url, close: () => handle.close() };
}
