/**
 * The process entry: read settings, open and migrate the database, serve, and shut down gracefully on
 * SIGTERM / SIGINT. A bad setting stops here with one line per problem.
 */
import { loadSettings, SettingsError } from './env.ts';
import { startServer } from './server.ts';

let settings: ReturnType<typeof loadSettings>;
try {
  settings = loadSettings();
} catch (err) {
  if (err instanceof SettingsError) {
    for (const line of err.lines) console.error(line);
    process.exit(1);
  }
  throw err;
}

const running = await startServer(settings);
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
