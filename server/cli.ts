import { existsSync, readFileSync } from 'node:fs';
import { backup } from './db/backup.ts';
import { createDb } from './db/client.ts';
import { copySqliteToPg } from './db/copy-to-pg.ts';
import { DatabaseTooNewError } from './db/migrations.ts';
import { loadSettings, type Settings, SettingsError } from './env.ts';
import { freeBytesOr, isDiskFull } from './lib/disk-full.ts';
import { projectPath } from './paths.ts';
import { startServer } from './server.ts';
import { appVersion } from './version.ts';

/** `--help`: how to run it, then every setting with its default, from the .env.example shipped beside it. */
function help(): string {
  const { name, version } = appVersion();
  let settings: string;
  try {
    settings = readFileSync(projectPath('.env.example'), 'utf8');
  } catch {
    settings = '(.env.example is missing: see the README for the settings)\n';
  }
  return [
    `${name} ${version}: product traceability with QR codes (web app and API on one port).`,
    '',
    'Usage: run with no argument to migrate the database in DATA_DIR and serve.',
    '  backup [--out <dir>]   copy the database, uploads and secret while the app runs',
    '                         (into DATA_DIR/backups/<time>/ by default)',
    '  copy-to-postgres       copy the SQLite database of DATA_DIR (or DATABASE_PATH) into the empty',
    '                         PostgreSQL database of DATABASE_URL, migrating it first (docs/deploy.md)',
    '  --version              print the version',
    '  --help                 print this help',
    '',
    'Settings come from the environment. Each one, with its default:',
    '',
    settings.trimEnd(),
    '',
  ].join('\n');
}

/** `backup [--out <dir>]` (`npm run backup`): the online backup of server/db/backup.ts, one JSON line. */
async function runBackup(args: string[]): Promise<void> {
  const out = args.indexOf('--out') >= 0 ? args[args.indexOf('--out') + 1] : undefined;
  try {
    const result = await backup({ ...loadSettings(), out });
    console.log(JSON.stringify({ event: 'backup.done', ...result }));
  } catch (err) {
    if (err instanceof SettingsError) for (const line of err.lines) console.error(line);
    else console.error(`Backup failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}

/**
 * `copy-to-postgres`: moving from one server to several (docs/deploy.md). The SQLite file must exist (it is
 * never created here); the PostgreSQL database is migrated, then filled in one transaction, and refused if it
 * already holds rows. One JSON line with the rows copied per table.
 */
async function runCopyToPostgres(): Promise<void> {
  try {
    const settings = loadSettings();
    if (!settings.databaseUrl) throw new Error('DATABASE_URL must name the PostgreSQL database to copy into');
    if (!existsSync(settings.databasePath))
      throw new Error(`There is no SQLite database at ${settings.databasePath}`);
    const source = createDb(settings.databasePath);
    // Imported here: a server on SQLite never loads the pg package (compose.ts).
    const { createPgDb } = await import('./db/pg-client.ts');
    const target = await createPgDb(settings.databaseUrl, { max: 2 });
    try {
      const result = await copySqliteToPg(source.db, target.pg);
      console.log(JSON.stringify({ event: 'copy.done', ...result }));
    } finally {
      source.sqlite.close();
      await target.close();
    }
  } catch (err) {
    if (err instanceof SettingsError) for (const line of err.lines) console.error(line);
    else console.error(`Copy failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}

/**
 * The one line a start that met a full disk before it could serve says (decision 181): the database could
 * not be opened or migrated, or the data folder not made. A start that opened the database serves reads
 * instead (server/server.ts).
 */
function diskFullAtStart(err: unknown, dataDir: string | undefined): string {
  const free = dataDir === undefined ? null : freeBytesOr(dataDir);
  const code = (err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code;
  return `Cannot start: the disk holding ${dataDir ?? 'DATA_DIR'} is full (${free === null ? '' : `${Math.floor(free / 2 ** 20)} MB free, `}${code}): free some space there, then start again (docs/deploy.md, "A full disk").`;
}

/**
 * The process entry (server/index.ts; the release's executable runs the same): answers --version,
 * --help and `backup`, else reads the settings, migrates and serves, and shuts down gracefully on
 * SIGTERM / SIGINT. Whatever stops the start (a bad setting, a database newer than this version) is
 * one line each on stderr and exit code 1.
 */
export async function runCli(args: string[]): Promise<void> {
  if (args.includes('--version') || args.includes('-v')) {
    const { name, version } = appVersion();
    console.log(`${name} ${version}`);
    return;
  }
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(help());
    return;
  }
  if (args[0] === 'backup') return runBackup(args.slice(1));
  if (args[0] === 'copy-to-postgres') return runCopyToPostgres();
  if (args.length) {
    console.error(`Unknown argument ${args[0]}: see --help`);
    process.exit(2);
  }

  let running: Awaited<ReturnType<typeof startServer>>;
  let settings: Settings | undefined;
  try {
    settings = loadSettings();
    running = await startServer(settings);
  } catch (err) {
    if (err instanceof SettingsError) for (const line of err.lines) console.error(line);
    else if (err instanceof DatabaseTooNewError) console.error(err.message);
    else if (isDiskFull(err)) console.error(diskFullAtStart(err, settings?.dataDir));
    else throw err;
    process.exit(1);
  }
  // A start tried again while the database was away that then failed otherwise (a database migrated by a
  // newer version): the same one line and exit code as when it fails before listening.
  running.started.catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    void running.close().finally(() => process.exit(1));
  });
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      running.deps.logger.info({ event: 'server.stopping', signal }, 'stopping');
      running.close().then(
        () => process.exit(0),
        (err) => {
          running.deps.logger.error({ err }, 'error while stopping');
          process.exit(1);
        },
      );
    });
  }
}
