import { describe, expect, it } from 'vitest';
import { callerFor, createUser } from '#tests/helpers/factories.ts';
import { createTestApi } from '#tests/helpers/http.ts';

/**
 * While the change feed is lost (decision 180), a write elsewhere may go unheard: the public answers then
 * serve nothing they kept and keep nothing, each ask reading the database; once the feed listens again they
 * start over from nothing. (The feed's own part, telling the moment it is lost and when it is back, is in
 * tests/server/foundation/change-feed.test.ts; two instances through an outage, in postgres-outage.test.ts.)
 */
describe('[GUEST][REST] the public answers while changes may go unheard', () => {
  it('serve and keep nothing until the feed listens again, then keep as before', async () => {
    const api = await createTestApi();
    const admin = await createUser(api.deps, { role: 'COMPANY_ADMIN' });
    const product = await callerFor(api.deps, admin).products.create({
      name: 'Chè Shan tuyết',
      status: 'ACTIVE',
    });
    const resolve = () => api.call('GET', `/products/qr-codes/${product.qr_code}`);
    const answers = api.deps.publicAnswers;

    expect((await resolve()).status).toBe(200);
    expect(answers.size).toBe(1);

    answers.listening(false);
    expect(answers.size).toBe(0);
    for (let i = 0; i < 3; i++) {
      const res = await resolve();
      expect(res.status).toBe(200);
      expect(res.body.data.name).toBe('Chè Shan tuyết');
      expect(answers.size).toBe(0);
    }

    answers.listening(true);
    expect(answers.size).toBe(0);
    expect((await resolve()).status).toBe(200);
    expect(answers.size).toBe(1);
  });
});
