import type { AddressInfo } from 'node:net';
import { createServer as createHttpServer, type RequestListener, type ServerOptions } from 'node:http';
import { serve, type ServerType } from '@hono/node-server';
import { type AppOptions, createApp } from './app.ts';
import { createAppDeps } from './compose.ts';
import { ensureSuperAdmin } from './db/bootstrap.ts';
import { errorReason, isConnectionError } from './db/errors.ts';
import { ensureDefaultDocuments, seedDemo } from './seed/seed.ts';
import type { AppDeps } from './deps.ts';
import type { Settings } from './env.ts';
import { createLogger, type Logger } from './logger.ts';
import { withPublicDispatcher } from './http/public-dispatcher.ts';
import { createMailer } from './mail/mailer.ts';
import type { ShutdownHook } from './state.ts';

export interface RunningServer {
  deps: AppDeps;
  server: ServerType;
  port: number;
  /**
   * Resolves once the database is prepared and the start-up work done; at once when it was before the
   * server listened. Rejects when the start, tried again while the database was away, failed for another
   * reason (a database newer than this version): the process should then stop (server/cli.ts).
   */
  started: Promise<void>;
  /** Stops taking connections, lets open requests finish, flushes buffers, closes the database. */
  close(): Promise<void>;
}

export type { ShutdownHook };

/** While the database is away at start: the first wait before trying again, doubled up to the last (ms). */
const START_RETRY_MS = [250, 2_000] as const;
/** While the database is away at start, one log line this often at most. */
const START_LOG_MS = 30_000;

export async function startServer(
  settings: Settings,
  logger: Logger = createLogger(settings.logLevel),
  appOptions: AppOptions = {},
): Promise<RunningServer> {
  const composed = await createAppDeps(settings, logger, {
    database: settings.databaseUrl ? { databaseUrl: settings.databaseUrl } : { sqlitePath: settings.databasePath },
    mailer: createMailer({ smtpUrl: settings.smtpUrl, from: settings.mailFrom, outboxDir: settings.outboxDir, logger }),
    backgroundWriter: true,
  });
  const { deps } = composed;
  // Instances starting together on one PostgreSQL take turns (server/compose.ts).
  const startUp = () =>
    composed.start(async () => {
      await ensureSuperAdmin(deps);
      await ensureDefaultDocuments(deps);
      if (settings.demo) await seedDemo(deps);
    });

  let closing = false;
  let wake: (() => void) | undefined;
  /**
   * The start tried again until the database is there (decision 178): the server listens meanwhile and
   * answers 503 (health says `starting`), so a supervisor does not restart it in a loop and a load balancer
   * leaves it out until it is ready. Only a lost connection is tried again; any other error ends the start.
   */
  const keepStarting = async () => {
    let wait: number = START_RETRY_MS[0];
    let attempts = 1;
    let loggedAt = Date.now();
    while (!closing) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, wait);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      if (closing) return;
      attempts++;
      try {
        await startUp();
        logger.info({ event: 'database.ready', attempts }, 'database ready: start-up done');
        return;
      } catch (err) {
        if (!isConnectionError(err)) throw err;
        if (Date.now() - loggedAt >= START_LOG_MS) {
          loggedAt = Date.now();
          logger.warn(
            { event: 'database.waiting', attempts, reason: errorReason(err) },
            'still waiting for the database',
          );
        }
        wait = Math.min(wait * 2, START_RETRY_MS[1]);
      }
    }
  };

  let started: Promise<void>;
  try {
    await startUp();
    started = Promise.resolve();
  } catch (err) {
    if (!isConnectionError(err)) {
      await composed.close();
      throw err;
    }
    logger.warn(
      { event: 'database.waiting', attempts: 1, reason: errorReason(err) },
      'database unreachable: serving /api/health and trying again until it is there',
    );
    started = keepStarting();
    started.catch((err: unknown) =>
      logger.error({ event: 'server.start_failed', err }, `start failed: ${errorReason(err)}`),
    );
  }

  const app = createApp(deps, appOptions);
  const server = await new Promise<ServerType>((resolve) => {
    const s = serve(
      {
        fetch: app.fetch,
        port: settings.port,
        hostname: settings.host,
        // node's createServer, with the public routes' dispatcher in front of Hono's listener.
        createServer: ((options: ServerOptions, listener: RequestListener) =>
          createHttpServer(options, withPublicDispatcher(deps, appOptions, listener))) as typeof createHttpServer,
      },
      () => resolve(s),
    );
  });
  const port = (server.address() as AddressInfo).port;
  logger.info({ event: 'server.listening', port, url: settings.publicUrl }, `Truy xuất nguồn gốc: listening on port ${port}`);

  let closed: Promise<void> | undefined;
  const close = () =>
    (closed ??= (async () => {
      closing = true;
      wake?.();
      // A start in flight finishes (or fails) before the database it uses is closed.
      await started.catch(() => undefined);
      await new Promise<void>((resolve) => {
        const closeIdle = () => (server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.();
        // Idle keep-alive sockets would hold close() open; in-flight requests still finish, and their
        // sockets are closed as soon as they turn idle (not after the 5 s keep-alive timeout).
        const sweep = setInterval(closeIdle, 100);
        server.close(() => {
          clearInterval(sweep);
          resolve();
        });
        closeIdle();
      });
      for (const hook of deps.shutdownHooks) await hook();
      // Mails of account requests already answered (server/services/accounts/after-answer.ts).
      await deps.afterAnswerJobs?.settled();
      // Buffered scan events, the change feed, the database (server/compose.ts).
      await composed.close();
      logger.info({ event: 'server.closed' }, 'server closed');
      logger.flush();
    })());
  return { deps, server, port, started, close };
}

/** Work that must run at shutdown, after the last request and before the database closes. */
export function onShutdown(deps: Pick<AppDeps, 'shutdownHooks'>, hook: ShutdownHook): void {
  deps.shutdownHooks.push(hook);
}
