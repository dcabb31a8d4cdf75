import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { restRoutes } from '#server/rest/index.ts';
import { appRouter } from '#server/trpc/root.ts';
import type { Role } from '#shared/permissions.ts';
import { createUser, tokenFor } from '#tests/helpers/factories.ts';
import { createTestApi, type TestApi } from '#tests/helpers/http.ts';

/**
 * The only procedures a visitor may call. Every other procedure of the app router, including any added
 * later, must answer 401 to a visitor whatever the input: adding a public one means adding it here.
 */
const PUBLIC = new Set([
  'system.health',
  'system.ready',
  'system.config',
  'auth.register',
  'auth.resendVerifyCode',
  'auth.verifyEmail',
  'auth.login',
  'auth.forgotPassword',
  'auth.verifyResetPassword',
  'auth.resetPassword',
  // Dropping the member mark at sign-out sets an expired cookie and reads nothing (decision 209).
  'auth.dropMemberMark',
  'companies.byId',
  'documents.list',
  'products.resolve',
  'products.resolveScan',
  'products.scanImage',
  'publicProducts.byId',
  'publicProducts.companyProducts',
  'lots.publicById',
  'shortLinks.resolve',
  // EPCIS exports of ACTIVE products are public like their pages (decision 133).
  'epcis.product',
  'epcis.lot',
  // A shopper checks an item's serialized code without an account (decisions 206, 208): the verdict, an open,
  // the scratch-off PIN and a report of a suspected fake, each bounded per address.
  'serials.verdict',
  'serials.open',
  'serials.verifyPin',
  'serials.reportFake',
]);
/** The statuses the API answers with (decision 001). Anything else (500 above all) is a bug. */
const DOCUMENTED = new Set([200, 201, 400, 401, 403, 404, 409, 410, 412, 413, 415, 429]);
const ROLES: (Role | 'VISITOR')[] = [
  'VISITOR',
  'USER',
  'EMPLOYEE',
  'COMPANY_ADMIN',
  'MODERATOR',
  'SUPER_ADMIN',
];

interface Procedure {
  path: string;
  type: 'query' | 'mutation';
  keys: string[];
}
const procedures: Procedure[] = Object.entries(appRouter._def.procedures).map(([path, p]) => {
  const def = (
    p as unknown as { _def: { type: 'query' | 'mutation'; inputs?: { shape?: Record<string, unknown> }[] } }
  )._def;
  return { path, type: def.type, keys: Object.keys(def.inputs?.[0]?.shape ?? {}) };
});

const json = fc.jsonValue({ maxDepth: 3 });
/** Values that often break code past validation: odd numbers, long and odd strings, wrong types. */
const oddValue = fc.oneof(
  json,
  fc.constantFrom(
    0,
    -1,
    1.5,
    2 ** 31,
    2 ** 53,
    Number.MAX_SAFE_INTEGER,
    1e308,
    '',
    ' ',
    '0',
    '-1',
    '1e9',
    null,
    true,
  ),
  fc.constantFrom(
    '__proto__',
    'constructor',
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '%00',
    '\u0000',
  ),
  fc.string({ maxLength: 300 }),
  fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 20 })), { maxLength: 5 }),
);
/** Bodies for one procedure: anything at all, or its own field names with odd values (past the strict-object check). */
const inputFor = (proc: Procedure) =>
  fc.oneof(
    fc.constant(undefined),
    json,
    fc.dictionary(fc.string({ maxLength: 12 }), oddValue, { maxKeys: 4 }),
    proc.keys.length
      ? fc.record(Object.fromEntries(proc.keys.map((k) => [k, oddValue])), { requiredKeys: [] })
      : fc.constant({}),
  );

let api: TestApi;
const tokens = new Map<string, string | undefined>();

beforeAll(async () => {
  api = await createTestApi();
  const company = (await createUser(api.deps, { role: 'COMPANY_ADMIN' })).companyId;
  for (const role of ROLES) {
    if (role === 'VISITOR') continue;
    const user = await createUser(api.deps, { role, ...(role === 'EMPLOYEE' ? { companyId: company } : {}) });
    tokens.set(role, await tokenFor(api.deps, user));
  }
});

async function callTrpc(proc: Procedure, input: unknown, token?: string) {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const url = `/api/trpc/${proc.path}`;
  const res =
    proc.type === 'query'
      ? await api.app.request(
          input === undefined ? url : `${url}?input=${encodeURIComponent(JSON.stringify(input))}`,
          { headers },
        )
      : await api.app.request(url, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: input === undefined ? undefined : JSON.stringify(input),
        });
  const text = await res.text();
  return { status: res.status, text };
}

describe('[ALL ROLES][tRPC] property-based matrix over every procedure of the app router', () => {
  it('knows every procedure: public ones are listed, and the list names only procedures that exist', () => {
    expect(procedures.length).toBeGreaterThan(20);
    for (const name of PUBLIC)
      expect(
        procedures.map((p) => p.path),
        name,
      ).toContain(name);
  });

  for (const proc of procedures) {
    it(`${proc.path}: never a 500 (or an undocumented status) on generated bad bodies, for any role`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...ROLES), inputFor(proc), async (role, input) => {
          const res = await callTrpc(proc, input, tokens.get(role));
          expect(DOCUMENTED.has(res.status), `${role} ${res.status} ${res.text.slice(0, 300)}`).toBe(true);
          expect(res.text).not.toMatch(/SQLITE|at \w+ \(|node_modules|stack/i);
        }),
        { numRuns: 40 },
      );
    });

    if (!PUBLIC.has(proc.path)) {
      it(`${proc.path}: a visitor, or a forged token, is 401 whatever the input`, async () => {
        await fc.assert(
          fc.asyncProperty(
            inputFor(proc),
            fc.oneof(
              fc.constant(undefined),
              fc.string({ minLength: 1, maxLength: 60 }).map((s) => s.replace(/\s/g, 'x')),
              fc.constant('eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIiwidmVyIjowfQ.'),
            ),
            async (input, token) => {
              const res = await callTrpc(proc, input, token);
              expect(res.status, res.text.slice(0, 200)).toBe(401);
            },
          ),
          { numRuns: 15 },
        );
      });
    }
  }
});

describe('[ALL ROLES][REST] property-based matrix over every documented path', () => {
  const segment = fc.oneof(
    fc.nat({ max: 1000 }).map(String),
    fc.constantFrom('0', '-1', '1e3', '99999999999999999999', 'abc', '%2e%2e'),
  );
  for (const route of restRoutes) {
    it(`${route.method.toUpperCase()} /api${route.path}: never a 500 on generated params, queries and bodies, for any role`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...ROLES),
          fc.array(segment, { minLength: 4, maxLength: 4 }),
          fc.dictionary(fc.string({ minLength: 1, maxLength: 10 }), fc.string({ maxLength: 30 }), {
            maxKeys: 3,
          }),
          fc.oneof(
            fc.constant(undefined),
            json,
            fc.dictionary(fc.string({ maxLength: 12 }), oddValue, { maxKeys: 4 }),
          ),
          async (role, segments, query, body) => {
            let i = 0;
            const path = route.path.replace(/:\w+(\{[^}]*\})?/g, () => segments[i++ % segments.length]!);
            const qs = new URLSearchParams(query).toString();
            const method = route.method.toUpperCase();
            const res = await api.call(method, `${path}${qs ? `?${qs}` : ''}`, {
              token: tokens.get(role),
              body: method === 'GET' ? undefined : body,
            });
            expect(DOCUMENTED.has(res.status), `${role} ${res.status} ${res.text.slice(0, 300)}`).toBe(true);
            expect(res.body.statusCode).toBe(res.status);
          },
        ),
        { numRuns: 25 },
      );
    });
  }
});
