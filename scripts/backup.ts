/**
 * `npm run backup [-- --out <dir>]`: a consistent copy of the database, the uploads and the signing
 * secret, taken while the app runs: the same command as the release's `backup` (server/cli.ts,
 * server/db/backup.ts; docs/decisions/043-online-backup.md). With DATABASE_URL set it refuses with one line:
 * PostgreSQL is backed up with pg_dump (docs/deploy.md).
 */
import { runCli } from '#server/cli.ts';

await runCli(['backup', ...process.argv.slice(2)]);
