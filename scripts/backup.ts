/**
 * `npm run backup [-- --out <dir>]`: a consistent copy of the database, the uploads and the signing
 * secret, taken while the app runs (docs/decisions/043-online-backup.md).
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
import { loadSettings, SettingsError } from '../server/env.ts';

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

function argValue(flag: string): string | undefined {
  const i = process.argv.indexOf(flag);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

export interface BackupResult {
  dir: string;
  databaseBytes: number;
  uploads: number;
}

export async function backup(options: {
  dataDir: string;
  databasePath: string;
  uploadsDir: string;
  out?: string;
}): Promise<BackupResult> {
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
      await source.backup(copy);
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

    // 2. Uploads, after the snapshot (see above).
    let uploads = 0;
    if (existsSync(options.uploadsDir)) {
      cpSync(options.uploadsDir, join(work, 'uploads'), { recursive: true, preserveTimestamps: true });
      const count = (d: string): number =>
        readdirSync(d).reduce((n, f) => n + (statSync(join(d, f)).isDirectory() ? count(join(d, f)) : 1), 0);
      uploads = count(join(work, 'uploads'));
    } else {
      mkdirSync(join(work, 'uploads'));
    }

    // 3. The generated signing secret, if the app uses one: sessions and pending codes stay valid.
    const secret = join(options.dataDir, 'jwt-secret');
    if (existsSync(secret)) cpSync(secret, join(work, 'jwt-secret'));

    const databaseBytes = statSync(copy).size;
    writeFileSync(
      join(work, 'manifest.json'),
      `${JSON.stringify({ createdAt: new Date().toISOString(), database: 'app.db', databaseBytes, uploads }, null, 2)}\n`,
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

const isMain = process.argv[1] && resolve(process.argv[1]).endsWith(join('scripts', 'backup.ts'));
if (isMain) {
  try {
    const settings = loadSettings();
    const result = await backup({ ...settings, out: argValue('--out') });
    console.log(JSON.stringify({ event: 'backup.done', ...result }));
  } catch (err) {
    if (err instanceof SettingsError) for (const line of err.lines) console.error(line);
    else console.error(`Backup failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}
