/**
 * One instance of the app for the two-instance test: the real start-up (startServer: settings from the
 * environment, the composition, migrations under the lock, the change feed, the dispatcher) with the
 * client's page template taken from CLIENT_DIR, so the server-rendered pages exist without a client build,
 * and the graceful shutdown of server/cli.ts on SIGTERM.
 */
import { loadSettings } from '#server/env.ts';
import { startServer } from '#server/server.ts';

const running = await startServer(loadSettings(), undefined, { clientDir: process.env.CLIENT_DIR });
running.started.catch(() => {
  void running.close().finally(() => process.exit(1));
});
process.once('SIGTERM', () => {
  running.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
