import { describe, expect, it } from 'vitest';
import { createTestApi } from '#tests/helpers/http.ts';

describe('[REST][system]', () => {
  it('health answers 200 in the envelope', async () => {
    const api = await createTestApi();
    const res = await api.call('GET', '/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ statusCode: 200, data: { status: 'ok' } });
  });
  it('an unknown /api path is a 404 envelope', async () => {
    const api = await createTestApi();
    const res = await api.call('GET', '/nope');
    expect(res.status).toBe(404);
    expect(res.body.statusCode).toBe(404);
  });
});
