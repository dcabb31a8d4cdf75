/**
 * A consistent copy of the database, the uploads and the signing secret, taken while the app runs
 * (docs/decisions/043-online-backup.md): `npm run backup` (scripts/backup.ts), and the server itself
 * before it migrates an existing database (the database alone; server/db/migrations.ts).
 *
 * - The database is copied with SQLite's online backup API (better-sqlite3's db.backup()), which
 *   gives one point-in-time snapshot even while the server writes; the copy is switched out of WAL
 *   into a single self-contained file, checked with PRAGMA integrity_check and fsynced.
 * - Uploads are copied AFTER the snapshot: upload files are written before any row names them and are
 *   never changed, so every file the snapshot refers to is in the copy (a newer one may be too: harmless).
 * - Everything is built in a temporary folder beside the target and renamed into place at the end: a
 *   backup folder either is complete or does not exist.
 *
 * Restore: see the README's "Backup and restore" section.
 */
import {
  closeSync,
  cpSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import Database from 'better-sqlite3';

function fsyncPath(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** fsync every file and folder under `dir` (the folder entries too, so the renames are durable). */
function fsyncTree(dir: string): void {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) fsyncTree(path);
    else fsyncPath(path);
  }
  fsyncPath(dir);
}

/** The most pages better-sqlite3 lets one backup step copy: every page, for any database this app makes. */
const ALL_PAGES = 0x7fffffff;

export interface BackupResult {
  dir: string;
  databaseBytes: number;
  /** Files copied from the uploads folder; null when they were left out. */
  uploads: number | null;
}

/** What `backup` answers when the app runs on PostgreSQL: the copy is pg_dump's (docs/deploy.md). */
export const PG_BACKUP_REFUSAL =
  'DATABASE_URL is set: this command copies the SQLite file only; back up PostgreSQL with pg_dump and copy UPLOADS_DIR (docs/deploy.md, "Many servers (PostgreSQL)", "Backups").';

export async function backup(options: {
  dataDir: string;
  databasePath: string;
  /** Set: the app runs on PostgreSQL, which this copy cannot take (refused with PG_BACKUP_REFUSAL). */
  databaseUrl?: string;
  uploadsDir: string;
  out?: string;
  /** false: the database and the secret only (a migration changes nothing else). Default true. */
  includeUploads?: boolean;
  /** Why the copy was made, kept in manifest.json (e.g. before a migration). */
  reason?: string;
}): Promise<BackupResult> {
  if (options.databaseUrl) throw new Error(PG_BACKUP_REFUSAL);
  if (!existsSync(options.databasePath)) throw new Error(`no database at ${options.databasePath}`);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const target = resolve(options.out ?? join(options.dataDir, 'backups', stamp));
  if (existsSync(target) && readdirSync(target).length > 0)
    throw new Error(`${target} exists and is not empty`);
  mkdirSync(dirname(target), { recursive: true });
  const work = `${target}.partial-${process.pid}`;
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });

  try {
    // 1. The database: an online, point-in-time copy.
    const source = new Database(options.databasePath, { fileMustExist: true });
    source.pragma('busy_timeout = 5000');
    const copy = join(work, 'app.db');
    try {
      // In one step: SQLite's backup restarts from the first page whenever another connection writes
      // between two steps, and in steps of 100 pages (better-sqlite3's default) a backup taken while the
      // app wrote never finished (`npm run backup` took 35–42 s or longer on the dataset of
      // bench/RESULTS.md). One step reads one snapshot; in WAL mode the app's writes go on meanwhile.
      await source.backup(copy, { progress: () => ALL_PAGES });
    } finally {
      source.close();
    }
    const check = new Database(copy);
    try {
      // One file, no -wal beside it: simple to copy back.
      check.pragma('journal_mode = DELETE');
      const integrity = check.pragma('integrity_check', { simple: true });
      if (integrity !== 'ok') throw new Error(`integrity_check of the copy: ${String(integrity)}`);
    } finally {
      check.close();
    }

    // 2. Uploads, after the snapshot (see above), unless left out.
    let uploads: number | null = null;
    if (options.includeUploads !== false && existsSync(options.uploadsDir)) {
      cpSync(options.uploadsDir, join(work, 'uploads'), { recursive: true, preserveTimestamps: true });
      const count = (d: string): number =>
        readdirSync(d).reduce((n, f) => n + (statSync(join(d, f)).isDirectory() ? count(join(d, f)) : 1), 0);
      uploads = count(join(work, 'uploads'));
    } else if (options.includeUploads !== false) {
      mkdirSync(join(work, 'uploads'));
      uploads = 0;
    }

    // 3. The generated signing secret, if the app uses one: sessions and pending codes stay valid.
    const secret = join(options.dataDir, 'jwt-secret');
    if (existsSync(secret)) cpSync(secret, join(work, 'jwt-secret'));

    const databaseBytes = statSync(copy).size;
    writeFileSync(
      join(work, 'manifest.json'),
      `${JSON.stringify(
        {
          createdAt: new Date().toISOString(),
          reason: options.reason,
          database: 'app.db',
          databaseBytes,
          uploads,
        },
        null,
        2,
      )}\n`,
    );
    fsyncTree(work);
    if (existsSync(target)) rmSync(target, { recursive: true });
    renameSync(work, target);
    fsyncPath(dirname(target));
    return { dir: target, databaseBytes, uploads };
  } catch (err) {
    rmSync(work, { recursive: true, force: true });
    throw err;
  }
}
