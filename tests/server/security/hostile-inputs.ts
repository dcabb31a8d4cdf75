import type { Hono } from 'hono';
import { publicRoutes } from '#server/http/public-routes.ts';
import type { RestRoute } from '#server/rest/adapter.ts';
import { restRoutes } from '#server/rest/index.ts';
import { appRouter } from '#server/trpc/root.ts';
import { PUBLIC_PAGE_ENTRIES } from '#shared/public-pages.ts';

/**
 * The hostile-input suite's targets and requests (tests/server/security/hostile-routes.test.ts), derived
 * from the route tables, so a route added to a table is attacked without a new test: the REST adapters
 * (server/rest/index.ts), every tRPC procedure (appRouter), the public paths (server/http/public-routes.ts)
 * and the public pages (shared/public-pages.ts). A few paths are mounted outside any table; they are
 * named in OUTSIDE_TABLES, and the suite checks that the tables and these name exactly the app's routes.
 */

/** A tRPC procedure: its path, its type, and the field names of its input (when it is an object). */
export interface Procedure {
  path: string;
  type: 'query' | 'mutation';
  keys: string[];
}

export const procedures: Procedure[] = Object.entries(appRouter._def.procedures).map(([path, p]) => {
  const def = (
    p as unknown as { _def: { type: 'query' | 'mutation'; inputs?: { shape?: Record<string, unknown> }[] } }
  )._def;
  return { path, type: def.type, keys: Object.keys(def.inputs?.[0]?.shape ?? {}) };
});

/** The procedure a REST adapter calls, found by handing it a caller that records what it is asked for. */
function procedureOfRoute(route: RestRoute): Procedure | undefined {
  const names: string[] = [];
  const recorder: unknown = new Proxy(() => undefined, {
    get: (_, name) => {
      names.push(String(name));
      return recorder;
    },
    apply: () => Promise.resolve(undefined),
  });
  void route.call(recorder as never, undefined as never);
  return procedures.find((p) => p.path === names.join('.'));
}

/** Paths the app mounts outside the tables (each a file or an image, not an answer of a procedure). */
export const OUTSIDE_TABLES = [
  'GET /api/qr/:file',
  'GET /api/products/import/:file{template\\.(csv|xlsx)}',
  'GET /uploads/*',
  'GET /*',
];

/** One route to attack: an HTTP route of the app, or a tRPC procedure. */
export interface Target {
  /** `GET /api/products/:id`, or `tRPC products.list`. */
  name: string;
  method: string;
  /** The Hono path pattern, or for tRPC the procedure's path. */
  pattern: string;
  trpc?: Procedure;
  /** Field names of the input the route passes on (its procedure's), for keyed attacks. */
  keys: string[];
}

const httpTarget = (method: string, pattern: string, keys: string[] = []): Target => ({
  name: `${method} ${pattern}`,
  method,
  pattern,
  keys,
});

/** Every route of the tables, and the few outside them. */
export function declaredTargets(): Target[] {
  const targets: Target[] = [];
  for (const route of restRoutes) {
    const method = route.method.toUpperCase();
    targets.push(httpTarget(method, `/api${route.path}`, procedureOfRoute(route)?.keys));
  }
  for (const route of publicRoutes) {
    const methods = route.kind === 'handler' ? route.methods : ['GET'];
    for (const method of methods) targets.push(httpTarget(method, route.path));
  }
  for (const { path } of PUBLIC_PAGE_ENTRIES) {
    if (!targets.some((t) => t.name === `GET ${path}`)) targets.push(httpTarget('GET', path));
  }
  for (const name of OUTSIDE_TABLES) {
    const [method = 'GET', pattern = '/'] = name.split(' ');
    targets.push(httpTarget(method, pattern));
  }
  for (const proc of procedures) {
    targets.push({
      name: `tRPC ${proc.path}`,
      method: proc.type === 'query' ? 'GET' : 'POST',
      pattern: proc.path,
      trpc: proc,
      keys: proc.keys,
    });
  }
  return targets;
}

/**
 * The routes the app itself has: its handlers (not its middleware, `use` entries under a `*`), and
 * tRPC's procedures behind its one `/api/trpc/*` entry.
 */
export function appRouteNames(app: Hono): string[] {
  const names = new Set<string>();
  for (const r of app.routes) {
    if (r.method === 'ALL' && r.path.endsWith('*')) continue;
    names.add(`${r.method} ${r.path}`);
  }
  for (const proc of procedures) names.add(`tRPC ${proc.path}`);
  return [...names].sort();
}

/** One request of the suite. */
export interface HostileRequest {
  label: string;
  method: string;
  /** Path and query, sent as they are (fetch is not asked to tidy them). */
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /**
   * A large body (hundreds of kB, or a thousand parts): sent by one identity only, the one whose
   * requests reach furthest (the suite's super administrator), to keep the run short.
   */
  heavy?: boolean;
}

/** Ids and codes that exist on the attacked server, so that requests reach past the lookups. */
export interface Seeds {
  /** A product's, a lot's and a company's id (a fresh server gives each kind id 1). */
  id: string;
  /** A user nobody else needs: the paths of users act on it, not on the suite's own accounts. */
  userId: string;
  code: string;
}

/** The seeded id for a route: a user's for the users' paths and procedures. */
const idFor = (where: string, seeds: Seeds) => (/\busers\b/.test(where) ? seeds.userId : seeds.id);

const PROTO_NAMES = ['__proto__', 'constructor', 'toString'];
const ODD_VALUES = ['%00', '..', '%2e%2e', '-1', '1e309', '99999999999999999999999', '%F0%9F%92%A9'];
const LONG = 'a'.repeat(3000);

/**
 * A parameter's value, by the parameter's name (and its pattern, when it has one), for the request that
 * should reach the deepest.
 */
function seedFor(name: string, pattern: string | undefined, seeds: Seeds, id: string): string {
  const candidates =
    name === 'code'
      ? [seeds.code]
      : name === 'file'
        ? [`${seeds.code}.png`, 'template.csv']
        : name === '*'
          ? ['01/09506000134352']
          : [id];
  const re = pattern ? new RegExp(`^${pattern.slice(1, -1)}$`) : null;
  return candidates.find((c) => !re || re.test(c)) ?? (candidates[0] as string);
}

/** The pattern with every parameter (`:name`, `:name{re}`, `*`) given a value. */
function fill(pattern: string, value: (name: string, re?: string) => string): string {
  return pattern.replace(
    /:(\w+)(\{(?:[^{}]|\{[^{}]*\})*\})?|\*/g,
    (whole, name: string | undefined, re: string | undefined) => value(name ?? whole, re),
  );
}

const hasParams = (pattern: string) => /:\w|\*/.test(pattern);

// Bodies made once: the suite sends each thousands of times.
const LIMIT = 1024 * 1024;
const OVERSIZED = JSON.stringify({ x: 'a'.repeat(LIMIT) });
const DEEP_ARRAY = `${'['.repeat(5000)}${']'.repeat(5000)}`;
const DEEP_OBJECT = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
const MANY_ITEMS = JSON.stringify(new Array(100_000).fill(0));
const MANY_KEYS = JSON.stringify(Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`k${i}`, i])));
const PROTO_KEYS =
  '{"__proto__":{"role":"SUPER_ADMIN","isAdmin":true,"companyId":null},"constructor":{"prototype":{"polluted":true}},"toString":"x","valueOf":1,"hasOwnProperty":null}';
const PROTO_VALUES: unknown[] = [
  '__proto__',
  'constructor',
  'toString',
  JSON.parse('{"__proto__":{"polluted":true}}'),
  ['__proto__'],
  { constructor: { prototype: { polluted: true } } },
];
const DEEP_VALUE = JSON.parse(`${'['.repeat(1000)}${']'.repeat(1000)}`);

interface Body {
  label: string;
  body: string;
  heavy?: boolean;
}

/** The JSON bodies for a set of field names: made once per set (a REST path and its procedure share one). */
const bodiesByKeys = new Map<string, Body[]>();

/** The JSON bodies: oversized, deeply nested, many-item, prototype-named keys and values. */
function jsonBodies(keys: string[]): Body[] {
  const made = bodiesByKeys.get(keys.join());
  if (made) return made;
  const fields = keys.length ? keys : ['x'];
  const each = (value: (i: number) => unknown) =>
    JSON.stringify(Object.fromEntries(fields.map((k, i) => [k, value(i)])));
  // As many items in every field as fit under the JSON limit together.
  const items = new Array(Math.min(20_000, Math.floor((LIMIT * 0.9) / 12 / fields.length))).fill('__proto__');
  const bodies: Body[] = [
    { label: 'an empty object', body: '{}' },
    { label: 'over the JSON limit', body: OVERSIZED, heavy: true },
    {
      label: 'just under the JSON limit',
      body: each(() => 'a'.repeat(Math.floor((LIMIT * 0.9) / fields.length))),
      heavy: true,
    },
    { label: '5,000 nested arrays', body: DEEP_ARRAY },
    { label: '5,000 nested objects', body: DEEP_OBJECT },
    { label: '100,000 items', body: MANY_ITEMS, heavy: true },
    { label: '20,000 keys', body: MANY_KEYS, heavy: true },
    {
      label: 'prototype-named keys',
      body: keys.length ? `${PROTO_KEYS.slice(0, -1)},${each(() => '__proto__').slice(1)}` : PROTO_KEYS,
    },
    { label: 'prototype-named values', body: each((i) => PROTO_VALUES[i % PROTO_VALUES.length]) },
    { label: `${items.length} items in every field`, body: each(() => items), heavy: true },
    { label: '1,000 nested arrays in every field', body: each(() => DEEP_VALUE) },
    { label: 'a cut-off document', body: '{"a":[1,2,{"b":' },
  ];
  bodiesByKeys.set(keys.join(), bodies);
  return bodies;
}

/** A multipart/form-data body written out once (FormData with a thousand parts is slow to build each time). */
const BOUNDARY = 'hostile-boundary-7e1d';
const MULTIPART = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
function multipart(parts: Array<{ name: string; filename?: string; content: string }>): string {
  const body = parts.map(
    (p) =>
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename === undefined ? '' : `; filename="${p.filename}"`}\r\n` +
      `${p.filename === undefined ? '' : 'Content-Type: application/octet-stream\r\n'}\r\n${p.content}\r\n`,
  );
  return `${body.join('')}--${BOUNDARY}--\r\n`;
}
const JUNK = '\u0007'.repeat(64);

/** Multipart bodies: prototype-named fields and file names, and a thousand parts. */
const MULTIPART_BODIES: Body[] = [
  {
    label: 'multipart with prototype-named fields and file names',
    body: multipart([
      ...PROTO_NAMES.map((name) => ({ name, filename: name, content: JUNK })),
      { name: 'file', filename: '__proto__', content: JUNK },
      { name: 'dryRun', content: 'constructor' },
    ]),
  },
  {
    label: 'multipart with 1,000 parts',
    heavy: true,
    body: multipart(
      Array.from({ length: 1000 }, (_, i) => ({
        name: i % 2 ? 'file' : `f${i}`,
        filename: `${i}.png`,
        content: JUNK,
      })),
    ),
  },
];

/** Query strings: prototype-named keys, many items, and the route's own keys with hostile values. */
function queries(keys: string[]): Array<[string, string]> {
  const own = keys.length ? keys : ['page', 'limit', 'search', 'sortBy'];
  return [
    [
      'prototype-named query keys',
      '__proto__=1&constructor=1&toString=1&__proto__[polluted]=1&constructor[prototype][x]=1',
    ],
    ['1,500 query items', Array.from({ length: 1500 }, (_, i) => `a${i}=1`).join('&')],
    ['its own query keys, prototype-named values', own.map((k, i) => `${k}=${PROTO_NAMES[i % 3]}`).join('&')],
    ['its own query keys, each 200 times', own.map((k) => `${k}=1&`.repeat(200)).join('')],
    ['its own query keys, long values', own.map((k) => `${k}=${'9'.repeat(2000)}`).join('&')],
  ];
}

const bodyMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The hostile requests for one route (the same for every identity). */
export function hostileRequests(target: Target, seeds: Seeds): HostileRequest[] {
  const out: HostileRequest[] = [];
  if (target.trpc) return trpcRequests(target.trpc, seeds);
  const { method, pattern } = target;
  const base = fill(pattern, (name, re) => seedFor(name, re, seeds, idFor(pattern, seeds)));
  const push = (label: string, path: string, extra: Partial<HostileRequest> = {}) =>
    out.push({ label, method, path, ...extra });

  push('as declared', base);
  push('a trailing slash', `${base}/`);
  push('a double slash at the start', `/${base}`);
  push('a double slash inside', base.replace(/^(\/[^/]*)/, '$1/'));
  if (hasParams(pattern)) {
    for (const value of [...PROTO_NAMES, LONG, ...ODD_VALUES]) {
      push(
        `parameters ${value.slice(0, 20)}`,
        fill(pattern, (name) => (name === '*' ? `${value}/1` : value)),
      );
    }
  }
  for (const [label, query] of queries(target.keys)) push(label, `${base}?${query}`);
  if (bodyMethods.has(method)) {
    const json = { 'content-type': 'application/json' };
    for (const { label, body, heavy } of jsonBodies(target.keys))
      push(`body: ${label}`, base, { headers: json, body, heavy });
    push('body: JSON sent as text/plain', base, {
      headers: { 'content-type': 'text/plain' },
      body: PROTO_KEYS,
    });
    for (const { label, body, heavy } of MULTIPART_BODIES)
      push(`body: ${label}`, base, { headers: MULTIPART, body, heavy });
  }
  return out;
}

/** Longest query string put in a URL; larger inputs of a query go as a POST (which tRPC refuses). */
const URL_INPUT_MAX = 12_000;

function trpcRequests(proc: Procedure, seeds: Seeds): HostileRequest[] {
  const out: HostileRequest[] = [];
  const path = `/api/trpc/${proc.path}`;
  const json = { 'content-type': 'application/json' };
  const send = (label: string, input: string, at = path, batch = false, heavy = false) => {
    const query = proc.type === 'query' && input.length * 3 < URL_INPUT_MAX;
    const qs = batch ? '?batch=1' : '';
    if (query) {
      const sep = batch ? '&' : '?';
      out.push({ label, method: 'GET', path: `${at}${qs}${sep}input=${encodeURIComponent(input)}` });
    } else {
      out.push({ label, method: 'POST', path: `${at}${qs}`, headers: json, body: input, heavy });
    }
  };
  const seeded = JSON.stringify(
    Object.fromEntries(
      proc.keys.map((k) => [k, k === 'code' ? seeds.code : Number(idFor(proc.path, seeds))]),
    ),
  );
  send('as declared', seeded);
  send('a trailing slash', seeded, `${path}/`);
  send('a double slash', seeded, `/${path.replace('/trpc/', '/trpc//')}`);
  for (const { label, body, heavy } of jsonBodies(proc.keys))
    send(`input: ${label}`, body, path, false, heavy);
  send(
    'a batch of two, prototype-named inputs',
    `{"0":${PROTO_KEYS},"1":${PROTO_KEYS}}`,
    `${path},${proc.path}`,
    true,
  );
  send('a batch whose input is an array', `[${PROTO_KEYS}]`, `${path},${proc.path}/`, true);
  for (const { label, body, heavy } of MULTIPART_BODIES)
    out.push({ label, method: 'POST', path, headers: MULTIPART, body, heavy });
  return out;
}
