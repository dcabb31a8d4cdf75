import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM_PARTS_MAX } from '#server/edge/upload-body.ts';
import { LOGGED_PATH_MAX } from '#server/security/log-safe.ts';
import { TRPC_MAX_BATCH } from '#shared/constants.ts';
import { vi as messages } from '#shared/i18n/vi/index.ts';
import {
  api,
  businessAccount,
  type Json,
  memoryOf,
  type RealServer,
  settledRss,
  startRealServer,
} from './real-server.ts';
import { healthWhile } from './timing.ts';

/**
 * A bound holds on every spelling of a request (decision 172), on the real server: a path is put in one
 * form where it enters the server, before the public dispatcher, Hono, tRPC and the access log read it,
 * and the batch bound is tRPC's own, counted on the list of calls it is about to run.
 */
let server: RealServer;
let code: string;
let ownerToken: string;
let lastIp = 0;
const freshIp = () => `203.0.113.${++lastIp}`;

beforeAll(async () => {
  server = await startRealServer({ TRUST_PROXY: '1' });
  const owner = await businessAccount(server);
  ownerToken = owner.token;
  const made = await api(server.url, 'POST', '/products', {
    token: owner.token,
    body: { name: 'Mật ong rừng U Minh', status: 'ACTIVE' },
  });
  expect(made.status).toBe(201);
  code = made.body.data.qr_code;
}, 60_000);
afterAll(() => server?.stop());

/** A raw request: fetch would tidy some of these paths itself. */
async function raw(path: string, init: RequestInit & { ip?: string } = {}) {
  const headers = new Headers(init.headers);
  headers.set('x-forwarded-for', init.ip ?? freshIp());
  const started = performance.now();
  const res = await fetch(`${server.url}${path}`, { ...init, headers });
  const text = await res.text();
  const ms = performance.now() - started;
  let body: Json;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: res.status, body, text, ms };
}

const names = (name: string, n: number, sep = ',') => Array.from({ length: n }, () => name).join(sep);
const health1100 = names('system.health', 1100);
const login1100 = names('auth.login', 1100);
const refusal = { message: messages.errors.batchTooLarge(TRPC_MAX_BATCH), code: -32600 };

/** Every way of writing a batch larger than the bound that once was, or could be, counted short. */
const GET_BATCHES: Record<string, string> = {
  'a trailing slash': `/api/trpc/${health1100}/?batch=1`,
  'two trailing slashes': `/api/trpc/${health1100}//?batch=1`,
  'a double slash before the names': `/api/trpc//${health1100}?batch=1`,
  'a double slash at the start': `//api/trpc/${health1100}?batch=1`,
  'a segment after the names': `/api/trpc/${health1100}/x?batch=1`,
  'a dot segment after the names': `/api/trpc/${health1100}/.?batch=1`,
  'a dot-dot segment before the names': `/api/trpc/x/../${health1100}?batch=1`,
  'encoded commas (%2C)': `/api/trpc/${names('system.health', 600, '%2C')}?batch=1`,
  'encoded commas (%2c), a trailing slash': `/api/trpc/${names('system.health', 600, '%2c')}/?batch=1`,
  'empty names': `/api/trpc/${','.repeat(1099)}?batch=1`,
  'empty names and a trailing slash': `/api/trpc/system.health${','.repeat(1099)}/?batch=1`,
  'one more than the bound': `/api/trpc/${names('system.health', TRPC_MAX_BATCH + 1)}/?batch=1`,
};

describe('[ANONYMOUS][tRPC] the batch bound holds on every spelling of the path (real server)', () => {
  it.each(Object.entries(GET_BATCHES))(
    'GET, %s: refused whole at once with the Vietnamese message',
    async (_, path) => {
      const res = await raw(path);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject(refusal);
      expect(res.ms).toBeLessThan(1000);
    },
  );

  it('a batch of exactly the bound still runs, whatever its spelling', async () => {
    const ten = names('system.health', TRPC_MAX_BATCH);
    for (const path of [
      `/api/trpc/${ten}?batch=1`,
      `/api/trpc/${ten}/?batch=1`,
      `//api/trpc//${ten}//?batch=1`,
    ]) {
      const res = await raw(path);
      expect(res.status, path).toBe(200);
      expect(res.body, path).toHaveLength(TRPC_MAX_BATCH);
    }
  });

  it('POST batches of 1,100 sign-ins (trailing slash, double slash, body as an object or an array): refused whole, no password checked', async () => {
    const email = 'lo-hang-loat@example.com';
    const inputs = Array.from({ length: 1100 }, (_, i) => ({ email, password: `sai-${i}` }));
    const asObject = JSON.stringify(Object.fromEntries(inputs.map((input, i) => [i, input])));
    const post = (path: string, body: string) =>
      raw(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const answers = await Promise.all([
      post(`/api/trpc/${login1100}/?batch=1`, asObject),
      post(`/api/trpc//${login1100}//?batch=1`, asObject),
      post(`/api/trpc/${login1100}/?batch=1`, JSON.stringify(inputs)),
      post(`/api/trpc/${names('auth.login', 600, '%2C')}/?batch=1`, asObject),
    ]);
    for (const a of answers) {
      expect(a.status).toBe(400);
      expect(a.body.error).toMatchObject(refusal);
      expect(a.ms).toBeLessThan(1000);
    }
    // A short path list with a long body runs the path's calls only: two, each its own input.
    const two = await post('/api/trpc/auth.login,auth.login?batch=1', JSON.stringify(inputs));
    expect(two.status).toBe(400);
    expect(Array.isArray(two.body) ? two.body.length : 1).toBeLessThanOrEqual(2);
    expect(
      server.lines.filter((l) => l.includes('"auth.login_failed"') && l.includes('l***@example.com')),
    ).toEqual([]);
  });

  it('each spelling 4 times at once, one after the other: each refused within 1 s, /api/health under 250 ms meanwhile, memory back within 50 MB', async () => {
    const before = memoryOf(server).rss;
    const storm = (async () => {
      const answers: Array<Awaited<ReturnType<typeof raw>>> = [];
      for (const path of Object.values(GET_BATCHES)) {
        answers.push(...(await Promise.all(Array.from({ length: 4 }, () => raw(path)))));
      }
      return answers;
    })();
    const health = await healthWhile(server.url, storm);
    const answers = await storm;
    const peak = memoryOf(server).rss;
    const after = await settledRss(server, before, 50);
    console.log(
      `batch storm: ${answers.length} requests, slowest ${Math.max(...answers.map((a) => a.ms)).toFixed(0)} ms, ` +
        `health max ${Math.max(...health).toFixed(0)} ms (${health.map((h) => h.toFixed(0)).join(' ')}), RSS ${before.toFixed(0)} -> ${peak.toFixed(0)} -> ${after.toFixed(0)} MB`,
    );
    for (const a of answers) {
      expect(a.status).toBe(400);
      expect(a.ms).toBeLessThan(1000);
    }
    expect(Math.max(...health)).toBeLessThan(250);
    expect(after - before).toBeLessThan(50);
  }, 30_000);

  it("tRPC's own refusal is the one the app translates: a tRPC upgrade that changes its words fails here", async () => {
    const res = await raw(`/api/trpc/${names('system.health', TRPC_MAX_BATCH + 1)}?batch=1`);
    expect(res.body.error.message).toBe(messages.errors.batchTooLarge(TRPC_MAX_BATCH));
    expect(res.body.error.data).toMatchObject({
      code: 'BAD_REQUEST',
      httpStatus: 400,
      appCode: 'BAD_REQUEST',
    });
  });
});

describe('[ANONYMOUS][edge] one spelling per path, for the dispatcher, the app and the log (real server)', () => {
  it('variants of a public path get the canonical answer, from the dispatcher (a visitor) and from the app (signed-in header)', async () => {
    const canonical = `/api/products/qr-codes/${code}`;
    const expected = await raw(canonical);
    expect(expected.status).toBe(200);
    const variants = [
      `${canonical}/`,
      `${canonical}//`,
      `//api/products/qr-codes/${code}`,
      `/api//products/qr-codes/${code}`,
      `/api/./products/qr-codes/${code}`,
      `/api/x/../products/qr-codes/${code}`,
      `/api/%2e/products/qr-codes/${code}`,
      `/api/x/%2E%2E/products/qr-codes/${code}`,
      `${canonical}/.`,
    ];
    for (const path of variants) {
      const visitor = await raw(path);
      expect(visitor.status, path).toBe(200);
      expect(visitor.body, path).toEqual(expected.body);
      // A bad token sends the request past the dispatcher to the app, which answers the same for a visitor.
      const app = await raw(path, { headers: { authorization: 'Bearer x' } });
      expect(app.status, path).toBe(200);
      expect(app.body, path).toEqual(expected.body);
    }
  });

  it('the access log quotes at most LOGGED_PATH_MAX characters of a 15 kB path, and says how long it was', async () => {
    const path = `/api/${'a'.repeat(15_000)}`;
    const res = await raw(path);
    expect(res.status).toBe(404);
    await new Promise((r) => setTimeout(r, 100));
    const line = server.lines.find((l) => l.includes('"http.request"') && l.includes('[15005 characters]'));
    expect(line).toBeDefined();
    expect((line as string).length).toBeLessThan(LOGGED_PATH_MAX + 400);
    expect(JSON.parse(line as string).path).toBe(`${path.slice(0, LOGGED_PATH_MAX)}…[15005 characters]`);
  });
});

describe('[ANONYMOUS][forms] a form of many parts is refused before it is parsed (real server)', () => {
  const BOUNDARY = 'bien-gioi-7e1d';
  /** A multipart body of `n` tiny text parts and one small file (what the form parser choked on). */
  const manyParts = (n: number) =>
    `${Array.from({ length: n }, (_, i) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nx\r\n`).join('')}` +
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nx\r\n--${BOUNDARY}--\r\n`;
  const form = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };

  it(`a photo scan of 100,000 parts (6 MB, under the photo limit), 4 at once: each a 400 naming the limit within 1 s, /api/health under 250 ms meanwhile`, async () => {
    const body = manyParts(100_000);
    const before = memoryOf(server).rss;
    const storm = Promise.all(
      Array.from({ length: 4 }, () => raw('/api/products/scan-qr', { method: 'POST', headers: form, body })),
    );
    const health = await healthWhile(server.url, storm);
    const answers = await storm;
    const after = await settledRss(server, before, 50);
    for (const a of answers) {
      expect(a.status).toBe(400);
      expect(a.body).toEqual({ statusCode: 400, message: messages.scan.tooManyParts(FORM_PARTS_MAX) });
      expect(a.ms).toBeLessThan(1000);
    }
    expect(Math.max(...health)).toBeLessThan(250);
    expect(after - before).toBeLessThan(50);
  }, 30_000);

  it('an upload and an import with more parts than a form has are refused alike; a form of a few parts still reads', async () => {
    for (const path of ['/api/uploads', '/api/products/import', '/api/products/1/lots/import']) {
      const res = await raw(path, {
        method: 'POST',
        headers: { ...form, authorization: `Bearer ${ownerToken}` },
        body: manyParts(1000),
      });
      expect(res.status, path).toBe(400);
      expect(res.body.message, path).toBe(messages.scan.tooManyParts(FORM_PARTS_MAX));
    }
    // The file and two text fields: read, and judged on its content (not an image).
    const few = await raw('/api/uploads', {
      method: 'POST',
      headers: { ...form, authorization: `Bearer ${ownerToken}` },
      body: manyParts(2),
    });
    expect(few.status).toBe(415);
  });

  it('an import sent chunked past the upload limit is a 413 at once (it once waited for ever: its clone of the body kept the cut-off reader open)', async () => {
    const chunk = new Uint8Array(256 * 1024).fill(97);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        // Far more than the limit, unless the server stops reading first.
        if (sent++ < 200) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const started = performance.now();
    const res = await fetch(`${server.url}/api/products/import`, {
      method: 'POST',
      headers: { ...form, authorization: `Bearer ${ownerToken}` },
      body,
      duplex: 'half',
      signal: AbortSignal.timeout(10_000),
    } as RequestInit);
    expect(res.status).toBe(413);
    await res.text();
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('tRPC takes no form or octet-stream body: 415 at once, unread, in its error shape', async () => {
    for (const type of [form['content-type'], 'application/octet-stream']) {
      const res = await raw('/api/trpc/auth.login', {
        method: 'POST',
        headers: { 'content-type': type },
        body: manyParts(10_000),
      });
      expect(res.status, type).toBe(415);
      expect(res.body.error).toMatchObject({
        message: messages.errors.unsupportedMediaType,
        data: { httpStatus: 415 },
      });
      expect(res.ms).toBeLessThan(1000);
    }
    // A body answered unread is drained for half a second and its connection then closed (Hono's listener,
    // which lets the caller read the answer before the close). Until then the client's pool still holds the
    // socket: the next test's request would be sent into the closing connection.
    await new Promise((r) => setTimeout(r, 1_000));
  });
});

describe("[ANONYMOUS][GS1] names of Object.prototype in a path are a client's mistake, never a 500 (real server)", () => {
  const PATHS = [
    '/01/__proto__/x',
    '/01/constructor/1',
    '/01/toString/1',
    '/01/hasOwnProperty/1',
    '/01/09506000134352/constructor/1',
  ];
  it.each(PATHS)("%s: 400 with the resolver's message, at once, and no error logged", async (path) => {
    for (const method of ['GET', 'HEAD']) {
      const res = await raw(path, { method, redirect: 'manual' });
      expect(res.status, method).toBe(400);
      expect(res.ms).toBeLessThan(1000);
    }
    const res = await raw(path);
    expect(res.body.message).toContain(messages.gs1.badDigitalLink);
    expect(server.lines.filter((l) => l.includes('"level":50'))).toEqual([]);
  });

  it('tRPC procedure names of Object.prototype are unknown procedures (404), alone or in a batch', async () => {
    for (const name of ['__proto__', 'constructor', 'toString', 'system.__proto__', 'system.constructor']) {
      expect((await raw(`/api/trpc/${name}`)).status, name).toBe(404);
      const batch = await raw(`/api/trpc/system.health,${name}?batch=1`);
      expect(batch.status, name).toBe(207);
      expect(batch.body[1].error.data.httpStatus, name).toBe(404);
    }
    expect(server.lines.filter((l) => l.includes('"level":50'))).toEqual([]);
  });
});
