/**
 * `npm run backup [-- --out <dir>]`: a consistent copy of the database, the uploads and the signing
 * secret, taken while the app runs (server/db/backup.ts; docs/decisions/043-online-backup.md).
 */
import { backup } from '../server/db/backup.ts';
import { loadSettings, SettingsError } from '../server/env.ts';

function argValue(flag: string): string | undefined {
  const i = process.argv.indexOf(flag);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

try {
  const settings = loadSettings();
  const result = await backup({ ...settings, out: argValue('--out') });
  console.log(JSON.stringify({ event: 'backup.done', ...result }));
} catch (err) {
  if (err instanceof SettingsError) for (const line of err.lines) console.error(line);
  else console.error(`Backup failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
