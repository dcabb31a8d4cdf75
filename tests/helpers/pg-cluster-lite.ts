import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/**
 * A throwaway PostgreSQL cluster for one test file: initdb in a temporary directory, pg_ctl on a free
 * port (or PG_LITE_PORT), stopped and removed by stop(). Run as root, the server runs as the `postgres`
 * user, which PostgreSQL requires. Small on purpose: the shared state's tests need a real server, not a
 * fixture; the suite-wide cluster lives beside the PostgreSQL database handle.
 */
export interface PgCluster {
  /** postgres://…/postgres on this cluster. */
  url: string;
  /** A new empty database on this cluster, and its URL. */
  createDatabase(name: string): Promise<string>;
  /**
   * A pool on this cluster. Its idle connections are cut when the cluster stops; that error is expected
   * then and is swallowed here, where a pool of the app would log it.
   */
  pool(url: string, max?: number): pg.Pool;
  stop(): void;
}

/** The newest installed PostgreSQL's bin directory (Debian's layout), or null when there is none. */
export function findPgBin(): string | null {
  if (process.env.PG_BIN && existsSync(join(process.env.PG_BIN, 'initdb'))) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(root, versions[0] as string, 'bin') : null;
}

/** One line for a developer without PostgreSQL: these tests are then not run, and they are told so. */
export function pgMissingNotice(what: string): string | null {
  if (findPgBin()) return null;
  const notice = `PostgreSQL not found (apt-get install -y postgresql, or PG_BIN=…): ${what} not run`;
  console.warn(notice);
  return notice;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const asRoot = process.getuid?.() === 0;

function run(bin: string, args: string[]): void {
  if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', bin, ...args], { stdio: 'pipe' });
  else execFileSync(bin, args, { stdio: 'pipe' });
}

export async function startPgCluster(): Promise<PgCluster> {
  const bin = findPgBin();
  if (!bin) throw new Error('PostgreSQL is not installed');
  const dir = mkdtempSync(join(tmpdir(), 'pg-shared-'));
  chmodSync(dir, 0o777);
  if (asRoot) execFileSync('chown', ['postgres:', dir]);
  const data = join(dir, 'data');
  const port = Number(process.env.PG_LITE_PORT) || (await freePort());
  run(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  run(join(bin, 'pg_ctl'), [
    '-D',
    data,
    '-l',
    join(dir, 'log'),
    '-w',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`,
    'start',
  ]);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE "${name}"`);
      } finally {
        await client.end();
      }
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    pool(poolUrl, max = 4) {
      const pool = new pg.Pool({ connectionString: poolUrl, max });
      pool.on('error', () => undefined);
      return pool;
    },
    stop() {
      try {
        run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
