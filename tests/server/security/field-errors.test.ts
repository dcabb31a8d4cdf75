import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { FIELD_ERRORS_MAX, zodFieldErrors } from '#server/trpc/zod-errors.ts';
import { vi as messages } from '#shared/i18n/vi/index.ts';
import { createTestApi } from '#tests/helpers/http.ts';

const schema = z.strictObject({ email: z.email(), tags: z.array(z.string()).optional() });

describe('[ANONYMOUS][validation] field errors are bounded and keyed safely', () => {
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
    const parsed = schema.safeParse(JSON.parse('{"email":"a@example.com","__proto__":1,"constructor":2,"toString":3}'));
    const fields = zodFieldErrors(parsed.error as z.ZodError);
    expect(Object.keys(fields).sort()).toEqual(['__proto__', 'constructor', 'toString']);
    expect(Object.getPrototypeOf(fields)).toBe(Object.prototype);
    expect(fields.constructor).toBe(messages.validation.unknownField('constructor'));
    expect(JSON.parse(JSON.stringify(fields)).__proto__).toBe(messages.validation.unknownField('__proto__'));
  });

  it('[REST] a sign-in body of 20,000 unknown keys is a short 400, not an answer larger than the request', async () => {
    const api = await createTestApi();
    const keys = Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`k${i}`, i]));
    const res = await api.call('POST', '/auth/login', { body: { email: 'a@example.com', password: 'x', ...keys } });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors ?? {})).toHaveLength(FIELD_ERRORS_MAX);
    expect(res.text.length).toBeLessThan(10_000);
  });
});
