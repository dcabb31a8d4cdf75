import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { INPUT_KEYS_MAX } from '#server/trpc/input-width.ts';
import { FIELD_ERRORS_MAX, zodFieldErrors } from '#server/edge/field-errors.ts';
import { vi as messages } from '#shared/i18n/vi/index.ts';
import { createUser, tokenFor } from '#tests/helpers/factories.ts';
import { createTestApi } from '#tests/helpers/http.ts';

const schema = z.strictObject({ email: z.email(), tags: z.array(z.string()).optional() });

describe('[ANONYMOUS][validation] inputs are measured before the schemas; field errors are bounded and keyed safely', () => {
  it(`20,000 unknown keys or 20,000 wrong items: the first ${FIELD_ERRORS_MAX} fields are named, no more`, () => {
    const keys = Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`k${i}`, 1]));
    const unknown = schema.safeParse({ email: 'a@example.com', ...keys });
    expect(Object.keys(zodFieldErrors(unknown.error as z.ZodError))).toHaveLength(FIELD_ERRORS_MAX);
    const items = schema.safeParse({ email: 'a@example.com', tags: new Array(20_000).fill(1) });
    const fields = zodFieldErrors(items.error as z.ZodError);
    expect(Object.keys(fields)).toHaveLength(FIELD_ERRORS_MAX);
    expect(Object.keys(fields)[0]).toBe('tags.0');
  });

  it('keys named __proto__, constructor and toString are reported as the fields they are', () => {
    const parsed = schema.safeParse(
      JSON.parse('{"email":"a@example.com","__proto__":1,"constructor":2,"toString":3}'),
    );
    const fields = zodFieldErrors(parsed.error as z.ZodError);
    expect(Object.keys(fields).sort()).toEqual(['__proto__', 'constructor', 'toString']);
    expect(Object.getPrototypeOf(fields)).toBe(Object.prototype);
    expect(fields.constructor).toBe(messages.validation.unknownField('constructor'));
    // Sent on as JSON, `__proto__` is a field of its own (read as one: the accessor would give the prototype).
    expect(Object.getOwnPropertyDescriptor(JSON.parse(JSON.stringify(fields)), '__proto__')?.value).toBe(
      messages.validation.unknownField('__proto__'),
    );
  });

  it('[REST][tRPC] an input with an object of more than INPUT_KEYS_MAX keys, at any depth, is a short 400 before any schema', async () => {
    const api = await createTestApi();
    const wide = Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`k${i}`, i]));
    const refusal = { statusCode: 400, message: messages.errors.tooManyFields(INPUT_KEYS_MAX) };
    const rest = await api.call('POST', '/auth/login', {
      body: { email: 'a@example.com', password: 'x', ...wide },
    });
    expect(rest.body).toEqual(refusal);
    expect(rest.text.length).toBeLessThan(1_000);
    const nested = await api.call('POST', '/auth/login', {
      body: { email: 'a@example.com', password: 'x', deep: [{ wide }] },
    });
    expect(nested.body).toEqual(refusal);
    const trpc = await api.app.request('/api/trpc/auth.login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@example.com', password: 'x', ...wide }),
    });
    expect(trpc.status).toBe(400);
    expect((await trpc.json()).error.message).toBe(refusal.message);
    // Exactly the bound still reaches the schema, which names the unknown fields.
    const atBound = Object.fromEntries(Array.from({ length: INPUT_KEYS_MAX - 2 }, (_, i) => [`k${i}`, i]));
    const schema = await api.call('POST', '/auth/login', {
      body: { email: 'a@example.com', password: 'x', ...atBound },
    });
    expect(schema.status).toBe(400);
    expect(Object.keys(schema.body.errors ?? {})).toHaveLength(FIELD_ERRORS_MAX);
  });

  it('[REST] a JSON body that is not an object (an array of 100,000 items) is a 400 at once, never spread into an object', async () => {
    const api = await createTestApi();
    const user = await createUser(api.deps, { role: 'SUPER_ADMIN' });
    const token = await tokenFor(api.deps, user);
    for (const body of [new Array(100_000).fill(0), 'x', 1, null]) {
      const res = await api.call('PATCH', `/users/${user.id}`, {
        token,
        raw: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      });
      expect(res.body, JSON.stringify(body).slice(0, 20)).toEqual({
        statusCode: 400,
        message: messages.errors.notAnObject,
      });
    }
  });
});
