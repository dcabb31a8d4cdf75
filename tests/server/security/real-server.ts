import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * Temporary folders made here are removed after the importing test file (registered at import, this
 * hook runs after the file's own afterAll hooks, which stop the servers).
 */
const made: string[] = [];
afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

export interface RealServer {
  child: ChildProcess;
  url: string;
  dataDir: string;
  /** Every stdout line so far (pino JSON). */
  lines: string[];
  /** Everything written to stderr so far. */
  stderr(): string;
  /** Resolves with the exit code (or signal name) once the process is gone. */
  exited: Promise<number | string>;
  /** SIGTERM and wait; SIGKILL if it has not gone within `ms`. */
  stop(ms?: number): Promise<number | string>;
  kill9(): Promise<number | string>;
}

/**
 * Starts the REAL server (`node --import tsx server/index.ts`, one process, so its pid is the server's)
 * on 127.0.0.1 with a port the system picks and the given DATA_DIR (a fresh temporary one by default).
 * `command` runs another build of it instead (the release's executable, from `cwd`).
 */
export async function startRealServer(
  env: Record<string, string> = {},
  dataDir?: string,
  {
    command = [process.execPath, '--import', 'tsx', 'server/index.ts'],
    cwd = ROOT,
  }: { command?: string[]; cwd?: string } = {},
): Promise<RealServer> {
  const dir = dataDir ?? tempDir('txng-real-');
  const [file = process.execPath, ...args] = command;
  const child = spawn(file, args, {
    cwd,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dir,
      JWT_SECRET: 'real-server-secret-real-server-secret-0123',
      PASSWORD_HASH_COST: '10',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  let buffered = '';
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr += String(d);
  });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${stderr}`)), 20_000);
    child.stdout?.on('data', (d) => {
      buffered += String(d);
      const parts = buffered.split('\n');
      buffered = parts.pop() ?? '';
      for (const line of parts) {
        lines.push(line);
        const m = line.match(/"event":"server\.listening","port":(\d+)/);
        if (m) {
          clearTimeout(timer);
          resolve(Number(m[1]));
        }
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before listening: ${stderr}`));
    });
  });
  const stop = async (ms = 10_000) => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), ms);
    const code = await exited;
    clearTimeout(timer);
    return code;
  };
  const kill9 = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    return exited;
  };
  return {
    child,
    url: `http://127.0.0.1:${port}`,
    dataDir: dir,
    lines,
    stderr: () => stderr,
    exited,
    stop,
    kill9,
  };
}

/**
 * The body of the newest mail in DATA_DIR/outbox for `to` that matches `matching`, its quoted-printable
 * soft breaks undone. Account mail is sent after the answer, so this waits for it (up to 10 s).
 */
export async function newestMail(dataDir: string, to: string, matching: RegExp = /./): Promise<string> {
  const dir = join(dataDir, 'outbox');
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mails = (existsSync(dir) ? readdirSync(dir) : [])
      .filter((f) => f.endsWith('.eml'))
      .sort()
      .map((f) =>
        readFileSync(join(dir, f), 'utf8')
          .replace(/=\r?\n/g, '')
          .replace(/=3D/g, '='),
      )
      .filter((m) => m.includes(to))
      .map((m) => m.slice(m.indexOf('\n\n')))
      .filter((body) => matching.test(body));
    const mail = mails.at(-1);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail for ${to} in the outbox`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The server process's resident memory and its peak so far, in MB (Linux /proc). */
export function memoryOf(server: RealServer): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
  const kb = (key: string) => Number(status.match(new RegExp(`${key}:\\s+(\\d+)`))?.[1] ?? Number.NaN);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/**
 * The server's resident memory once it has settled after a storm: read every 250 ms until it is within
 * `mb` of `baseline` or `ms` have passed (the collector gives memory back when the process is idle).
 */
export async function settledRss(
  server: RealServer,
  baseline: number,
  mb: number,
  ms = 15_000,
): Promise<number> {
  const deadline = Date.now() + ms;
  for (;;) {
    const { rss } = memoryOf(server);
    if (rss - baseline <= mb || Date.now() > deadline) return rss;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** A JSON answer, read loosely: each test asserts the fields it cares about. */
// biome-ignore lint/suspicious/noExplicitAny: the body is whatever the server sent; tests assert on it
export type Json = any;

/** JSON call to the real server's /api. */
export async function api(
  base: string,
  method: string,
  path: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: Headers; body: Json }> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  let body: Json;
  try {
    body = JSON.parse(text);
  } catch {
    body = { message: text };
  }
  return { status: res.status, headers: res.headers, body };
}

let businessSeq = 0;

/** A business signs up and verifies its e-mail through the API: an ACTIVE COMPANY_ADMIN with its company. */
export async function businessAccount(
  server: RealServer,
): Promise<{ token: string; companyId: number; email: string }> {
  const email = `doanh-nghiep-${++businessSeq}-${process.pid}@example.com`;
  const registered = await api(server.url, 'POST', '/auth/register', {
    body: {
      name: 'Chủ doanh nghiệp',
      email,
      password: 'doanh-nghiep-mat-khau-2026',
      isBusiness: true,
      company: {
        name: `HTX thử nghiệm ${businessSeq}`,
        representative: 'Chủ doanh nghiệp',
        address: 'Đà Lạt',
        email: `htx-${businessSeq}@example.com`,
        business_license: `GP-${businessSeq}`,
      },
    },
  });
  if (registered.status !== 201)
    throw new Error(`register: ${registered.status} ${JSON.stringify(registered.body)}`);
  const code = (await newestMail(server.dataDir, email, /(?<!\d)\d{6}(?!\d)/)).match(
    /(?<!\d)(\d{6})(?!\d)/,
  )?.[1];
  const verified = await api(server.url, 'POST', '/auth/verify-email', { body: { email, code } });
  if (verified.status !== 200) throw new Error(`verify: ${verified.status} ${JSON.stringify(verified.body)}`);
  return {
    token: verified.body.data.session.accessToken,
    companyId: verified.body.data.user.companyId,
    email,
  };
}

/** A multipart upload (`file` field) to the real server's /api. */
export async function postFile(
  base: string,
  path: string,
  bytes: Uint8Array,
  name: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; body: Json }> {
  const form = new FormData();
  form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>]), name);
  const res = await fetch(`${base}/api${path}`, { method: 'POST', body: form, headers });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Json };
}
