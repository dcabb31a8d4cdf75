// A throwaway PostgreSQL cluster for tests, CI and benchmarks (decision 154): Debian's binaries
// (/usr/lib/postgresql/<version>/bin, `apt-get install -y postgresql`), a cluster made by initdb in a temporary
// folder (as the `postgres` user when run as root: PostgreSQL refuses to run as root), started on a free port
// with its unix socket inside that folder, stopped and removed by stop(). Plain JavaScript so scripts and
// the vitest global setup (tests/setup/postgres.ts) share it.
//
// As a command: `node scripts/pg-test.mjs [command ...]` starts a cluster, creates an empty database `app`,
// runs the command with DATABASE_URL pointing at it (or, without a command, prints the URL and waits for
// Ctrl-C), then stops and removes the cluster.
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';

/** The one line shown where PostgreSQL is needed and missing. */
export const POSTGRES_MISSING =
  'PostgreSQL tests need the PostgreSQL 15+ server binaries (none in /usr/lib/postgresql/*/bin): run `apt-get install -y postgresql`, or set PG_BIN to their folder.';

/**
 * The folder of the newest PostgreSQL server binaries (initdb, pg_ctl, postgres), from PG_BIN or Debian's
 * /usr/lib/postgresql/<version>/bin; null when there are none.
 */
export function findPostgresBin() {
  const has = (dir) => ['initdb', 'pg_ctl', 'postgres'].every((name) => existsSync(join(dir, name)));
  if (process.env.PG_BIN) return has(process.env.PG_BIN) ? process.env.PG_BIN : null;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => /^\d+$/.test(v) && Number(v) >= 15 && has(join(root, v, 'bin')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(root, versions[0], 'bin') : null;
}

/** A port nothing listens on right now. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The uid and gid of the `postgres` user, when this process is root (PostgreSQL refuses to run as root). */
function postgresUser() {
  if (process.getuid?.() !== 0) return null;
  const id = (flag) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  const uid = id('-u');
  const gid = id('-g');
  if (!Number.isInteger(uid) || !Number.isInteger(gid) || uid === 0) {
    throw new Error(
      'Running as root, PostgreSQL needs the `postgres` user: run `apt-get install -y postgresql`.',
    );
  }
  return { uid, gid };
}

/** Runs one of PostgreSQL's programs, as the `postgres` user when root (runuser), and fails with its output. */
function run(bin, program, args, asPostgres) {
  const command = asPostgres ? 'runuser' : join(bin, program);
  const argv = asPostgres ? ['-u', 'postgres', '--', join(bin, program), ...args] : args;
  const result = spawnSync(command, argv, { encoding: 'utf8', cwd: tmpdir() });
  if (result.status !== 0) {
    throw new Error(
      `${program} failed (${result.status}): ${result.stderr || result.stdout || result.error}`,
    );
  }
}

/**
 * Starts a throwaway cluster, on PG_TEST_PORT if set (else a free port), in a new folder named after
 * PG_TEST_DIR_PREFIX if set (else /tmp/pg-test-*): engineers sharing one machine each keep their own. Returns its port, the URL of a database on it (`url('name')`, user
 * `postgres`, no password: the cluster trusts local connections) and stop(), which stops the server
 * and removes the folder.
 */
export async function startPostgres({ bin = findPostgresBin(), durable = false } = {}) {
  if (!bin) throw new Error(POSTGRES_MISSING);
  const user = postgresUser();
  const dir = mkdtempSync(process.env.PG_TEST_DIR_PREFIX || join(tmpdir(), 'pg-test-'));
  if (user) chownSync(dir, user.uid, user.gid);
  const data = join(dir, 'data');
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    run(
      bin,
      'initdb',
      [
        '-D',
        data,
        '-U',
        'postgres',
        '-A',
        'trust',
        '-E',
        'UTF8',
        '--locale=C.UTF-8',
        '--no-sync',
        '--no-instructions',
      ],
      user,
    );
  } catch (error) {
    remove();
    throw error;
  }
  // Durability is worth nothing in a cluster that is deleted afterwards; speed is. Except where a test kills
  // the server (`durable`): a commit is then answered once it is in the WAL (in the system's cache: the
  // machine does not crash, the server does).
  const options = (port) =>
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=${durable ? 'on' : 'off'} -c full_page_writes=off -c max_connections=200`;
  const pgCtlStart = (port) =>
    run(
      bin,
      'pg_ctl',
      ['-D', data, '-l', join(dir, 'server.log'), '-o', options(port), '-w', '-t', '60', 'start'],
      user,
    );
  let port;
  for (let attempt = 0; ; attempt++) {
    port = process.env.PG_TEST_PORT ? Number(process.env.PG_TEST_PORT) : await freePort();
    try {
      pgCtlStart(port);
      break;
    } catch (error) {
      // Another process took the port between freePort() and the start.
      if (attempt < 3 && !process.env.PG_TEST_PORT) continue;
      remove();
      throw error;
    }
  }
  const url = (database) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  let stopped = false;
  let running = true;
  return {
    dir,
    port,
    url,
    /**
     * Stops the server and keeps the cluster, as an outage would (the fault tests): what `pg_ctl stop -m
     * <mode>` does, its signal sent to the postmaster from here, so that the outage starts the moment this is
     * called rather than once pg_ctl has been started (a loaded machine took a second), then waiting for the
     * server to be gone. `fast` (SIGINT) ends the sessions and shuts down cleanly; `immediate` (SIGQUIT)
     * kills the server processes, as a crash would (the next start recovers from the WAL).
     */
    async stopServer(mode = 'fast') {
      if (!running) return;
      running = false;
      const pidFile = join(data, 'postmaster.pid');
      const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
      process.kill(pid, mode === 'immediate' ? 'SIGQUIT' : 'SIGINT');
      // Gone when its pid file is (as pg_ctl waits: the process may linger as a zombie nobody reaps).
      for (let waited = 0; existsSync(pidFile); waited += 20) {
        if (waited > 60_000) throw new Error(`PostgreSQL (pid ${pid}) did not stop within a minute`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    /** Starts the server stopped by stopServer again, on the same port. */
    async startServer() {
      if (running) return;
      pgCtlStart(port);
      running = true;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      try {
        if (running) run(bin, 'pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop'], user);
      } finally {
        remove();
      }
    },
  };
}

/** Runs one statement on the cluster's `postgres` database (CREATE/DROP DATABASE cannot run in a transaction). */
export async function adminQuery(adminUrl, statement) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await client.query(statement);
  } finally {
    await client.end();
  }
}

async function main(command) {
  const bin = findPostgresBin();
  if (!bin) {
    console.error(POSTGRES_MISSING);
    process.exit(1);
  }
  const cluster = await startPostgres({ bin });
  await adminQuery(cluster.url('postgres'), 'CREATE DATABASE app');
  const databaseUrl = cluster.url('app');
  let code = 0;
  try {
    if (!command.length) {
      console.log(`DATABASE_URL=${databaseUrl}`);
      console.log('PostgreSQL is running; Ctrl-C stops and removes it.');
      await new Promise((resolve) => {
        process.once('SIGINT', resolve);
        process.once('SIGTERM', resolve);
      });
    } else {
      // In a process group of its own, and signals go to the whole group: `npm start` exits on SIGTERM
      // without passing it on, which left the server running after its cluster had been stopped.
      const child = spawn(command[0], command.slice(1), {
        stdio: 'inherit',
        detached: true,
        env: { ...process.env, DATABASE_URL: databaseUrl },
      });
      const forward = (signal) => {
        try {
          process.kill(-child.pid, signal);
        } catch {
          child.kill(signal);
        }
      };
      process.on('SIGINT', forward);
      process.on('SIGTERM', forward);
      code = await new Promise((resolve) => child.on('exit', (status) => resolve(status ?? 1)));
      // The command's own children (npm's server) may still be shutting down: the cluster waits for them.
      const groupAlive = () => {
        try {
          process.kill(-child.pid, 0);
          return true;
        } catch {
          return false;
        }
      };
      for (let waited = 0; groupAlive() && waited < 30_000; waited += 100) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  } finally {
    await cluster.stop();
  }
  process.exit(code);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main(process.argv.slice(2));
