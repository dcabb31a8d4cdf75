import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain JavaScript script, without types
import { npmStart } from '#scripts/start-command.mjs';
import { createApp } from '#server/app.ts';
import { createTestDeps } from '#tests/helpers/deps.ts';
import {
  appRouteNames,
  declaredTargets,
  type HostileRequest,
  hostileRequests,
  type Seeds,
  type Target,
} from './hostile-inputs.ts';
import {
  api,
  businessAccount,
  memoryOf,
  type RealServer,
  settledRss,
  startRealServer,
} from './real-server.ts';
import { watchHealth } from './timing.ts';

/**
 * Every route of the app, attacked with hostile variants on the real server (every input bounded before
 * the work, decision 172; the suite, decision 174): oversized, deeply nested, many-item and prototype-named
 * inputs (as path segments, query keys, body keys and values), trailing and double slashes, multipart
 * bodies, tRPC batches. The routes come from the tables (tests/server/security/hostile-inputs.ts), so a
 * new route is attacked without a new test; the first test proves the tables name every route the app has.
 *
 * Each route, for a visitor, a company's administrator (who owns the seeded product and lot) and the
 * super administrator: never a 500 (nor any 5xx but a 503 that says when to come back), never an
 * unhandled error in the log, `/api/health` under 250 ms meanwhile; over the whole run the server's
 * memory grows under 150 MB and comes back within 20 MB of where it started.
 */

/**
 * Attacks that belong to the heavy-parsing work done on its own branch (spreadsheet and EPCIS reading,
 * image decoding in budgeted workers): expected to fail until that work is merged, then removed from
 * here. Empty when every route passes.
 */
const AWAITING_HEAVY_PARSING_WORK = new Set<string>([]);

const ADMIN = { ADMIN_EMAIL: 'doi-chieu@example.com', ADMIN_PASSWORD: 'doi-chieu-mat-khau-2026' };
const HEALTH_MAX_MS = 250;
/** Bodies above this may be cut off by the server (its JSON limit). */
const JSON_LIMIT = 1024 * 1024;
const PARALLEL = 4;
/** Who sends the large bodies: the identity whose requests get furthest past the checks. */
const HEAVY_SENDER = 'super administrator';

let server: RealServer;
let watch: ReturnType<typeof watchHealth>;
let seeds: Seeds;
let startRss: number;
const identities: Array<[string, Record<string, string>]> = [['visitor', {}]];
let nextIp = 0;

/** `npm start`'s environment and node flags (package.json): the suite's server runs as production's. */
const START = npmStart() as { env: Record<string, string>; nodeFlags: string[] };

beforeAll(async () => {
  server = await startRealServer(
    {
      ...START.env,
      TRUST_PROXY: '1',
      ...ADMIN,
    },
    undefined,
    { command: [process.execPath, ...START.nodeFlags, '--import', 'tsx', 'server/index.ts'] },
  );
  const owner = await businessAccount(server);
  const product = await api(server.url, 'POST', '/products', {
    token: owner.token,
    body: { name: 'Chè Thái Nguyên', status: 'ACTIVE' },
  });
  expect(product.status).toBe(201);
  const lot = await api(server.url, 'POST', '/lots', {
    token: owner.token,
    body: { productId: product.body.data.id, code: 'LO-2026-01' },
  });
  expect(lot.status).toBe(201);
  const admin = await api(server.url, 'POST', '/auth/login', {
    body: { email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD },
  });
  const spare = await api(server.url, 'POST', '/users', {
    token: admin.body.data.session.accessToken,
    body: {
      name: 'Người dùng thử',
      email: 'thu-nghiem@example.com',
      password: 'mat-khau-thu-2026',
      role: 'USER',
    },
  });
  expect(spare.status).toBe(201);
  seeds = {
    id: String(product.body.data.id),
    userId: String(spare.body.data.id),
    code: product.body.data.qr_code,
  };
  identities.push(['company administrator', { authorization: `Bearer ${owner.token}` }]);
  identities.push([
    'super administrator',
    { authorization: `Bearer ${admin.body.data.session.accessToken}` },
  ]);
  // Every route once, harmlessly (a read as declared, a write with an empty object; no deletion), so that
  // what a first request loads or compiles (modules, schemas, caches) is in the baseline the storm is
  // measured against and not charged to the route that happens to come first; then a moment's rest.
  const warmUps = targets
    .filter((t) => t.method !== 'DELETE')
    .map((t) => {
      const requests = hostileRequests(t, seeds);
      return (requests.find((r) => /^(body|input): an empty object$/.test(r.label)) ??
        requests[0]) as HostileRequest;
    });
  await sendAll(identities.flatMap(([who, headers]) => warmUps.map((r) => () => send(r, who, headers))));
  await new Promise((r) => setTimeout(r, 3000));
  startRss = memoryOf(server).rss;
  watch = watchHealth(server.url, server.child.pid as number);
}, 120_000);
afterAll(async () => {
  await watch?.stop();
  await server?.stop();
});

interface Outcome {
  request: HostileRequest;
  who: string;
  status: number;
  retryAfter: string | null;
  contentType: string | null;
  text: string;
  ms: number;
}

/**
 * A body the server may refuse before reading it whole, closing the connection after its answer: one over
 * the JSON limit (413 at once), and a multipart one, which the upload reader refuses as soon as it passes
 * its part count or bytes, or its route refuses an anonymous caller before the first byte (decision 218).
 */
function refusedUnread(request: HostileRequest, body: Buffer | undefined): boolean {
  const type = Object.entries(request.headers ?? {}).find(([k]) => k.toLowerCase() === 'content-type')?.[1];
  return (body?.byteLength ?? 0) > JSON_LIMIT || String(type ?? '').startsWith('multipart/form-data');
}

/**
 * Sends one request as it is (node's http client: no tidying of the path), each on its own connection
 * and from its own address (TRUST_PROXY), so that limits do not hide the work. A server may answer a body
 * it refuses unread (refusedUnread) at once and close the connection after draining what it will of the
 * rest: the client may then fail writing the body, recorded as status 0 and accepted for such bodies, and
 * for a write refused with EPIPE whatever the body (the server answered before reading it).
 * A server that crashed instead fails the health watch and the log check below.
 */
function send(request: HostileRequest, who: string, headers: Record<string, string>): Promise<Outcome> {
  const ip = `10.${(++nextIp >> 16) & 255}.${(nextIp >> 8) & 255}.${nextIp & 255}`;
  const body = request.body === undefined ? undefined : Buffer.from(request.body);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${server.url}${request.path}`,
      {
        method: request.method,
        agent: false,
        headers: {
          ...headers,
          ...request.headers,
          'x-forwarded-for': ip,
          ...(body ? { 'content-length': String(body.byteLength) } : {}),
        },
        timeout: 15_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            request,
            who,
            status: res.statusCode ?? 0,
            retryAfter: (res.headers['retry-after'] as string | undefined) ?? null,
            contentType: res.headers['content-type'] ?? null,
            text: Buffer.concat(chunks).toString('utf8', 0, 300),
            ms: performance.now() - started,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () =>
      req.destroy(new Error(`no answer in 15 s: ${request.method} ${request.path.slice(0, 100)}`)),
    );
    req.on('error', (err) => {
      // EPIPE is this client failing to write a body the server already answered and closed on: any
      // refusal made before the body is read (tRPC's refusal of a form, a limit, the overload gate) may
      // do that, for any body. A crash instead fails the health watch and the log check.
      const unwritten = body !== undefined && (err as NodeJS.ErrnoException).code === 'EPIPE';
      if (!unwritten && !refusedUnread(request, body)) return reject(err);
      const ms = performance.now() - started;
      resolve({
        request,
        who,
        status: 0,
        retryAfter: null,
        contentType: null,
        text: `closed while sending: ${err}`,
        ms,
      });
    });
    req.end(body);
  });
}

/** Runs the requests `parallel` at a time. */
async function sendAll(jobs: Array<() => Promise<Outcome>>, parallel = PARALLEL): Promise<Outcome[]> {
  const out: Outcome[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < jobs.length) {
        const job = jobs[next++] as () => Promise<Outcome>;
        out.push(await job());
      }
    }),
  );
  return out;
}

/**
 * Any 5xx but a 503 that says when to come back, or the client's page saying it is not built (plain
 * text, the only one: a server started from the sources before `npm run build` has no client to serve).
 */
const broken = (o: Outcome) =>
  o.status >= 500 &&
  !(o.status === 503 && (o.retryAfter !== null || o.contentType?.startsWith('text/plain')));
const describeOutcome = (o: Outcome) =>
  `${o.who}: ${o.request.method} ${o.request.path.slice(0, 120)} (${o.request.label}) -> ${o.status} ${o.text}`;

// Reads first, then writes, deletions last: a deleted product or account would hide the later routes' work.
const ORDER = ['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE'];
const targets = declaredTargets().sort((a, b) => ORDER.indexOf(a.method) - ORDER.indexOf(b.method));

describe('[ALL ROLES][real server] hostile inputs on every route of the tables', () => {
  it('the tables (and the few paths outside them) name exactly the routes the app has', async () => {
    const deps = await createTestDeps();
    const app = createApp(deps, { clientDir: deps.settings.dataDir });
    expect([...new Set(targets.map((t) => t.name))].sort()).toEqual(appRouteNames(app));
  });

  for (const target of targets) {
    const test = AWAITING_HEAVY_PARSING_WORK.has(target.name) ? it.fails : it;
    test(`${target.name}: no 500 on hostile variants, /api/health under ${HEALTH_MAX_MS} ms meanwhile`, async () => {
      await runTarget(target);
    }, 60_000);
  }

  it('memory grew under 150 MB over the whole run and came back within 20 MB of its start', async () => {
    const peak = Math.max(...watch.samples.map((s) => s.rssMb));
    const healthMax = Math.max(...watch.samples.map((s) => s.ms));
    const readings = watch.samples.length;
    // Left alone, as a server is after a storm: the collector gives memory back to an idle process.
    await watch.stop();
    const settled = await settledRss(server, startRss, 20, 30_000);
    console.log(
      `hostile suite: RSS ${startRss.toFixed(0)} -> peak ${peak.toFixed(0)} -> ${settled.toFixed(0)} MB; ` +
        `health max ${healthMax.toFixed(0)} ms over ${readings} readings`,
    );
    expect(peak - startRss).toBeLessThan(150);
    expect(settled - startRss).toBeLessThan(20);
  }, 60_000);
});

async function runTarget(target: Target) {
  const lines = server.lines.length;
  const from = Date.now();
  const requests = hostileRequests(target, seeds);
  const outcomes = await sendAll(
    identities.flatMap(([who, headers]) =>
      requests.filter((r) => !r.heavy).map((r) => () => send(r, who, headers)),
    ),
  );
  // The large bodies one at a time: the bound is on what one request costs, not on how many the run
  // has in flight.
  const [, heavyHeaders = {}] = identities.find(([who]) => who === HEAVY_SENDER) ?? [];
  outcomes.push(
    ...(await sendAll(
      requests.filter((r) => r.heavy).map((r) => () => send(r, HEAVY_SENDER, heavyHeaders)),
      1,
    )),
  );
  if (process.env.HOSTILE_DEBUG) {
    const window = watch.between(from, Date.now());
    console.log(
      `${target.name}: ${outcomes.length} requests in ${Date.now() - from} ms, RSS max ${Math.max(...window.map((s) => s.rssMb)).toFixed(0)} MB, health max ${Math.max(...window.map((s) => s.ms)).toFixed(0)} ms`,
      ...[...outcomes]
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 4)
        .map((o) => `\n   ${o.ms.toFixed(0)} ms ${o.who} ${o.request.label} ${o.status}`),
    );
  }
  // The server's own work for the last answers ends with them; a reading already on its way is counted.
  await new Promise((r) => setTimeout(r, 150));
  const to = Date.now();
  expect(outcomes.filter(broken).map(describeOutcome)).toEqual([]);
  expect(
    outcomes.map((o) => o.text).filter((t) => /SQLITE|at \w+ \(|node_modules|\bstack\b/i.test(t)),
  ).toEqual([]);
  const errors = server.lines.slice(lines).filter((l) => l.includes('"level":50'));
  expect(errors.map((l) => l.slice(0, 400))).toEqual([]);
  const slow = watch
    .between(from, to)
    .filter((s) => s.ms >= HEALTH_MAX_MS)
    .map((s) => Math.round(s.ms));
  expect(slow, `/api/health took ${HEALTH_MAX_MS} ms or more while ${target.name} was attacked`).toEqual([]);
}
