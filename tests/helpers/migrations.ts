import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';

/**
 * A database at `path` as an older version left it: migrated by this version's migrations except the
 * newest `drop`. Returns how many were applied.
 */
export function olderDatabase(path: string, drop = 1): number {
  const migrations = mkdtempSync(join(tmpdir(), 'txng-older-migrations-'));
  try {
    cpSync('drizzle', migrations, { recursive: true });
    const journalFile = join(migrations, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: unknown[] };
    journal.entries = journal.entries.slice(0, -drop);
    writeFileSync(journalFile, JSON.stringify(journal));
    const sqlite = new Database(path);
    migrate(drizzle(sqlite), { migrationsFolder: migrations });
    sqlite.close();
    return journal.entries.length;
  } finally {
    rmSync(migrations, { recursive: true, force: true });
  }
}

/** How many migrations the database at `path` has applied. */
export function appliedMigrations(path: string): number {
  const sqlite = new Database(path, { readonly: true });
  try {
    return (sqlite.prepare('SELECT count(*) AS n FROM __drizzle_migrations').get() as { n: number }).n;
  } finally {
    sqlite.close();
  }
}

/** Marks the database at `path` as migrated by a version newer than this one. */
export function markNewer(path: string): void {
  const sqlite = new Database(path);
  sqlite
    .prepare('INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)')
    .run('newer', Date.now() + 86_400_000);
  sqlite.close();
}
