import { createServer as createHttpServer, type RequestListener, type ServerOptions } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { type AppOptions, createApp } from './app.ts';
import { createAppDeps } from './compose.ts';
import { errorReason, isConnectionError } from './db/errors.ts';
import type { AppDeps } from './deps.ts';
import type { Settings } from './env.ts';
import { withPublicDispatcher } from './http/public-dispatcher.ts';
import { withNormalisedTargets } from './http/request-target.ts';
import { freeBytesOr, isDiskFull } from './lib/disk-full.ts';
import { startIdleCollector } from './lib/idle-collector.ts';
import { createLogger, type Logger } from './logger.ts';
import { createMailer } from './mail/mailer.ts';
import { ensureDefaultDocuments, seedDemo } from './seed/seed.ts';
import { ensureSuperAdmin } from './seed/super-admin.ts';
import { failAbandonedBatches } from './services/serials/batches.ts';
import type { ShutdownHook } from './state.ts';

/**
 * How long a socket may hold the server (decision 182). node's defaults let a slow client keep a socket
 * for up to 90 s: 60 s to send its headers, checked every 30 s (1,000 slowloris sockets were held 76 s).
 *
 * - headersTimeout: a request's headers, whole, within 10 s of its first byte (a connection that sends
 *   nothing is held as long); a phone sends them in one packet.
 * - connectionsCheckingInterval: those limits are checked every second, so a slow socket goes at 10–11 s.
 * - requestTimeout: the whole request, body included, within 5 minutes: an upload or a photo scan of the
 *   largest size allowed (15 MB) from a phone on a slow uplink (~64 kB/s) takes about 4.
 * - keepAliveTimeout: an idle kept-alive socket is closed 5 s after its last answer (node's default, said
 *   here because a proxy in front must close its own idle sockets sooner: docs/deploy.md).
 * - No inactivity timeout on the socket itself: a long import answers after several silent seconds.
 */
const SOCKET_TIMEOUTS = {
  headersTimeout: 10_000,
  connectionsCheckingInterval: 1_000,
  requestTimeout: 300_000,
  keepAliveTimeout: 5_000,
} satisfies ServerOptions;

/** Free space under which a start says the disk is full, or nearly (one line each, decision 181). */
const DISK_FULL_AT_START = 2 ** 20;
const DISK_LOW_AT_START = 64 * 2 ** 20;

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
    mailer: createMailer({
      smtpUrl: settings.smtpUrl,
      from: settings.mailFrom,
      outboxDir: settings.outboxDir,
      logger,
    }),
    backgroundWriter: true,
  });
  const { deps } = composed;
  // Instances starting together on one PostgreSQL take turns (server/compose.ts).
  const startUp = () =>
    composed.start(async () => {
      await ensureSuperAdmin(deps);
      // Batches a stopped server left generating (decision 205).
      await failAbandonedBatches(deps);
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
  let fullAtStart = false;
  try {
    await startUp();
    started = Promise.resolve();
  } catch (err) {
    if (isDiskFull(err)) {
      // A full disk stops none of the reads (decision 181): these writes are made again at the next start,
      // and every write is refused with 503 until the disk has room.
      fullAtStart = true;
      deps.disk.sawFull('start');
      deps.health.clear('starting');
      started = Promise.resolve();
    } else if (!isConnectionError(err)) {
      await composed.close();
      throw err;
    } else {
      logger.warn(
        { event: 'database.waiting', attempts: 1, reason: errorReason(err) },
        'database unreachable: serving /api/health and trying again until it is there',
      );
      started = keepStarting();
      started.catch((err: unknown) =>
        logger.error({ event: 'server.start_failed', err }, `start failed: ${errorReason(err)}`),
      );
    }
  }
  // Said once at start, so that an operator reading the log of a restart sees why writes fail.
  const free = freeBytesOr(settings.dataDir);
  if (fullAtStart || (free !== null && free < DISK_LOW_AT_START)) {
    const full = fullAtStart || (free !== null && free < DISK_FULL_AT_START);
    logger.warn(
      {
        event: full ? 'storage.full_at_start' : 'storage.low_at_start',
        dataDir: settings.dataDir,
        freeBytes: free,
      },
      full
        ? `the disk holding ${settings.dataDir} is full: serving reads, writes are refused until space is freed`
        : `the disk holding ${settings.dataDir} has less than ${DISK_LOW_AT_START / 2 ** 20} MB free: writes will be refused when it is full`,
    );
  }

  const app = createApp(deps, appOptions);
  const server = await new Promise<ServerType>((resolve) => {
    const s = serve(
      {
        fetch: app.fetch,
        port: settings.port,
        hostname: settings.host,
        // node's createServer, with the public routes' dispatcher in front of Hono's listener, and in
        // front of both the one spelling of every request's path (server/http/request-target.ts).
        createServer: ((options: ServerOptions, listener: RequestListener) =>
          createHttpServer(
            { ...options, ...SOCKET_TIMEOUTS },
            withNormalisedTargets(withPublicDispatcher(deps, appOptions, listener)),
          )) as typeof createHttpServer,
      },
      () => resolve(s),
    );
  });
  const port = (server.address() as AddressInfo).port;
  const idleCollector = startIdleCollector(logger);
  logger.info(
    { event: 'server.listening', port, url: settings.publicUrl },
    `Truy xuất nguồn gốc: listening on port ${port}`,
  );

  let closed: Promise<void> | undefined;
  const close = () =>
    (closed ??= (async () => {
      closing = true;
      wake?.();
      // A start in flight finishes (or fails) before the database it uses is closed.
      await started.catch(() => undefined);
      await new Promise<void>((resolve) => {
        const closeIdle = () =>
          (server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.();
        // Idle keep-alive sockets would hold close() open; in-flight requests still finish, and their
        // sockets are closed as soon as they turn idle (not after the 5 s keep-alive timeout).
        const sweep = setInterval(closeIdle, 100);
        server.close(() => {
          clearInterval(sweep);
          resolve();
        });
        closeIdle();
      });
      idleCollector.stop();
      for (const hook of deps.shutdownHooks) await hook();
      // Mails of account requests already answered (server/services/accounts/after-answer.ts).
      await deps.afterAnswerJobs?.settled();
      await deps.mailer.close?.();
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
