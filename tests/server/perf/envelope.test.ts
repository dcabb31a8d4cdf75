import { describe, expect, it } from 'vitest';
import { encoded } from '#server/http/public-routes.ts';
import type { PublicAnswer } from '#server/services/products/public-answers.ts';

/**
 * A kept answer's envelope is made on its first send and kept with the answer from its second
 * (server/http/public-routes.ts, decision 168): the bytes must be the envelope's every time, and an answer made after a
 * change must never get the envelope of the one it replaced.
 */
const answer = (json: string): PublicAnswer => ({
  data: new Uint8Array(Buffer.from(json)),
  productId: 1,
  companyId: 1,
  lotId: null,
  pages: {},
  envelopes: {},
});

describe('[GUEST][perf] the public answers in their envelopes', () => {
  it('sends the same REST and tRPC bytes on every ask, keeping them from the second, and a new answer its own', () => {
    const old = answer('{"name":"Cà phê"}');
    const rest = [1, 2, 3].map(() => encoded('rest', old));
    for (const bytes of rest)
      expect(JSON.parse(Buffer.from(bytes).toString())).toEqual({
        statusCode: 200,
        message: 'Thành công',
        data: { name: 'Cà phê' },
      });
    expect(rest[2]).toBe(rest[1]);
    expect(rest[1]).not.toBe(rest[0]);
    const trpc = [1, 2, 3].map(() => Buffer.from(encoded('trpc', old)).toString());
    for (const text of trpc) expect(JSON.parse(text)).toEqual([{ result: { data: { name: 'Cà phê' } } }]);

    const changed = answer('{"name":"Cà phê mới"}');
    for (let i = 0; i < 3; i++)
      expect(JSON.parse(Buffer.from(encoded('rest', changed)).toString()).data).toEqual({
        name: 'Cà phê mới',
      });
  });
});
