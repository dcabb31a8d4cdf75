import type { AddressInfo } from 'node:net';
import { createServer as createHttpServer, type RequestListener, type ServerOptions } from 'node:http';
import { serve, type ServerType } from '@hono/node-server';
import { type AppOptions, createApp } from './app.ts';
import { createAppDeps } from './compose.ts';
import { ensureSuperAdmin } from './db/bootstrap.ts';
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
  /** Stops taking connections, lets open requests finish, flushes buffers, closes the database. */
  close(): Promise<void>;
}

export type { ShutdownHook };

export async function startServer(
  settings: Settings,
  logger: Logger = createLogger(settings.logLevel),
  appOptions: AppOptions = {},
): Promise<RunningServer> {
  const composed = await createAppDeps(settings, logger, {
    mailer: createMailer({ smtpUrl: settings.smtpUrl, from: settings.mailFrom, outboxDir: settings.outboxDir, logger }),
    backgroundWriter: true,
  });
  const { deps } = composed;

  try {
    // Instances starting together on one PostgreSQL take turns (server/compose.ts).
    await composed.startUp(async () => {
      await ensureSuperAdmin(deps);
      await ensureDefaultDocuments(deps);
      if (settings.demo) await seedDemo(deps);
    });
  } catch (err) {
    await composed.close();
    throw err;
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

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
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
  return { deps, server, port, close };
}

/** Work that must run at shutdown, after the last request and before the database closes. */
export function onShutdown(deps: Pick<AppDeps, 'shutdownHooks'>, hook: ShutdownHook): void {
  deps.shutdownHooks.push(hook);
}
