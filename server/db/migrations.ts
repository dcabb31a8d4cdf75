import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Settings } from '#server/env.ts';
import type { Logger } from '#server/logger.ts';
import { backup } from './backup.ts';
import { shippedMigrations } from './client.ts';

/** A database migrated by a newer version: starting on it could lose or misread its data. */
export class DatabaseTooNewError extends Error {}

export interface MigrationState {
  /** migrations already applied to the file */
  applied: number;
  /** migrations this version would apply at start */
  pending: number;
  /** the newest applied migration's time (drizzle's created_at), or null */
  latestApplied: number | null;
  /** the newest migration this version knows */
  latestKnown: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Where an existing database file stands against the migrations shipped here; null when there is no
 * file yet. Drizzle applies each migration newer than the newest applied one, so "newer than itself"
 * is an applied migration newer than any this version knows.
 */
export function migrationState(databasePath: string): MigrationState | null {
  if (databasePath === ':memory:' || !existsSync(databasePath)) return null;
  const known = shippedMigrations().map((m) => m.folderMillis);
  const sqlite = new Database(databasePath, { readonly: true, fileMustExist: true });
  let applied: number[];
  try {
    const table = sqlite
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'")
      .get();
    applied = table
      ? (sqlite.prepare('SELECT created_at AS at FROM __drizzle_migrations').all() as { at: number }[]).map(
          (r) => Number(r.at),
        )
      : [];
  } finally {
    sqlite.close();
  }
  const latestApplied = applied.length ? Math.max(...applied) : null;
  return {
    applied: applied.length,
    pending: known.filter((when) => latestApplied === null || when > latestApplied).length,
    latestApplied,
    latestKnown: Math.max(...known),
  };
}

/**
 * Before the database is opened and migrated at start (`npm start` and the release alike): refuses a
 * database newer than this version, and copies one that is about to be migrated into
 * DATA_DIR/backups/<time>-before-migration/ (the online backup, without the uploads, which a
 * migration never touches), so an upgrade can be undone by putting the previous version back with it.
 */
export async function prepareDatabase(settings: Settings, logger: Logger): Promise<MigrationState | null> {
  const state = migrationState(settings.databasePath);
  if (!state) return null;
  if (state.latestApplied !== null && state.latestApplied > state.latestKnown) {
    throw new DatabaseTooNewError(
      `The database ${settings.databasePath} was migrated by a newer version (its latest migration is of ${iso(state.latestApplied)}, this version knows up to ${iso(state.latestKnown)}): run that version or newer, or restore a backup made before the upgrade.`,
    );
  }
  if (state.applied > 0 && state.pending > 0) {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const result = await backup({
      ...settings,
      out: join(settings.dataDir, 'backups', `${stamp}-before-migration`),
      includeUploads: false,
      reason: `before applying ${state.pending} migration(s) to a database with ${state.applied}`,
    });
    logger.info(
      { event: 'database.backup', dir: result.dir, applied: state.applied, pending: state.pending },
      'database copied before migrating',
    );
  }
  return state;
}
