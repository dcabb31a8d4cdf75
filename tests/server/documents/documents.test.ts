import { describe, expect, it } from 'vitest';
import { vi as messages } from '#shared/i18n/vi/index.ts';
import { callerFor } from '#tests/helpers/factories.ts';
import { createTestApi } from '#tests/helpers/http.ts';
import { createWorld, ROLES_AND_VISITOR, tokenOf, type Who } from '#tests/server/users/world.ts';

const PATH = '/settings/term-conditions';
const section = (extra: object = {}) => ({
  key: 'traceability' as 'traceability' | 'termsAndServices',
  title: 'Giới thiệu',
  subtitle: 'Về chúng tôi',
  body: '<p>Nội dung</p>',
  ...extra,
});

const EDIT: Record<Who, 'ok' | 401 | 403> = {
  SUPER_ADMIN: 'ok',
  MODERATOR: 'ok',
  COMPANY_ADMIN: 403,
  EMPLOYEE: 403,
  USER: 403,
  none: 401,
};

describe('[REST][documents] role matrix', () => {
  for (const who of ROLES_AND_VISITOR) {
    it(`[${who}][REST][documents]: reads the sections; POST, PATCH and DELETE are ${EDIT[who] === 'ok' ? '201/200/200' : EDIT[who]}`, async () => {
      const api = await createTestApi();
      const world = await createWorld(api.deps);
      const [existing] = await callerFor(api.deps, world.accounts.SUPER_ADMIN).documents.create({
        items: [section()],
      });
      const token = tokenOf(world, who);
      const get = await api.call('GET', `${PATH}?key=traceability`, { token });
      expect(get.status).toBe(200);
      expect(get.body.data.map((s: { title: string }) => s.title)).toEqual(['Giới thiệu']);
      const post = await api.call('POST', PATH, { token, body: { items: [section({ title: 'Mới' })] } });
      const patch = await api.call('PATCH', PATH, {
        token,
        body: { items: [{ id: existing?.id, title: 'Đã sửa' }] },
      });
      const del = await api.call('DELETE', PATH, { token, body: { ids: [existing?.id] } });
      const expected = EDIT[who];
      if (expected === 'ok') {
        expect([post.status, patch.status, del.status]).toEqual([201, 200, 200]);
        expect(post.body.message).toBe(messages.documents.saved);
        expect(patch.body.data[0]).toMatchObject({ title: 'Đã sửa', version: 2 });
        expect(del.body.data).toEqual({ count: 1 });
      } else {
        expect([post.status, patch.status, del.status]).toEqual([expected, expected, expected]);
        const after = await api.call('GET', `${PATH}?key=traceability`);
        expect(after.body.data.map((s: { title: string }) => s.title)).toEqual(['Giới thiệu']);
      }
    });
  }
});

describe('[REST][documents] content', () => {
  it('[MODERATOR][REST][documents]: sections are appended in order and kept apart by key', async () => {
    const api = await createTestApi();
    const world = await createWorld(api.deps);
    const token = world.tokens.MODERATOR;
    await api.call('POST', PATH, {
      token,
      body: { items: [section({ title: 'Một' }), section({ title: 'Hai' })] },
    });
    const res = await api.call('POST', PATH, {
      token,
      body: { items: [section({ title: 'Ba' }), section({ key: 'termsAndServices', title: 'Điều khoản' })] },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toHaveLength(2);
    expect(res.body.data[0]).toMatchObject({ key: 'traceability', title: 'Ba', position: 2, version: 1 });
    const home = await api.call('GET', `${PATH}?key=traceability`);
    expect(home.body.data.map((s: { title: string }) => s.title)).toEqual(['Một', 'Hai', 'Ba']);
    expect(Object.keys(home.body.data[0]).sort()).toEqual(
      ['id', 'key', 'title', 'subtitle', 'body', 'position', 'version', 'createdAt', 'updatedAt'].sort(),
    );
    const terms = await api.call('GET', `${PATH}?key=termsAndServices`);
    expect(terms.body.data.map((s: { title: string }) => s.title)).toEqual(['Điều khoản']);
    // Moving a section changes the order everyone reads.
    const first = home.body.data[0];
    await api.call('PATCH', PATH, { token, body: { items: [{ id: first.id, position: 10 }] } });
    const moved = await api.call('GET', `${PATH}?key=traceability`);
    expect(moved.body.data.map((s: { title: string }) => s.title)).toEqual(['Hai', 'Ba', 'Một']);
  });

  it('[MODERATOR][router][documents]: sections created together (one tRPC batch) get one position each', async () => {
    const api = await createTestApi();
    const world = await createWorld(api.deps);
    const caller = callerFor(api.deps, world.accounts.MODERATOR);
    // Started in the same callback, as the procedures of one batch are: each reads the last position and
    // writes the next, so only transactions that run one after the other keep the positions apart.
    const created = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        caller.documents.create({ items: [section({ title: `Mục ${i}` }), section({ title: `Mục ${i}b` })] }),
      ),
    );
    const positions = created.flat().map((s) => s.position);
    expect([...positions].sort((x, y) => x - y)).toEqual(Array.from({ length: 12 }, (_, i) => i));
    for (const pair of created) expect(pair[1]!.position).toBe(pair[0]!.position + 1);
  });

  it('[SUPER_ADMIN][REST][documents]: a stored-XSS attempt in a body comes back clean, on create and on edit', async () => {
    const api = await createTestApi();
    const world = await createWorld(api.deps);
    const token = world.tokens.SUPER_ADMIN;
    const evil =
      '<p>Xin chào<script>alert("xss")</script></p>' +
      '<img src="x" onerror="alert(1)"><img src="/uploads/anh-1.png" onerror="alert(2)" alt="Ảnh">' +
      '<a href="javascript:alert(3)" onclick="alert(4)">bấm</a><a href="https://example.vn" target="_blank">web</a>' +
      '<iframe src="https://evil.example"></iframe><div style="background:url(javascript:alert(5))">hộp</div>' +
      '<svg onload="alert(6)"></svg><a href="//evil.example/x">k</a><img src="https://tracker.example/p.gif">';
    const clean =
      '<p>Xin chào</p><img src="/uploads/anh-1.png" alt="Ảnh" />' +
      '<a rel="noopener noreferrer">bấm</a><a href="https://example.vn" rel="noopener noreferrer">web</a>' +
      'hộp<a rel="noopener noreferrer">k</a>';
    const created = await api.call('POST', PATH, { token, body: { items: [section({ body: evil })] } });
    expect(created.body.data[0].body).toBe(clean);
    const read = await api.call('GET', `${PATH}?key=traceability`);
    expect(read.body.data[0].body).toBe(clean);
    expect(read.text).not.toMatch(/script|onerror|onclick|onload|javascript:|iframe|style=|tracker/i);

    const edited = await api.call('PATCH', PATH, {
      token,
      body: {
        items: [
          {
            id: created.body.data[0].id,
            body: '<h2 onmouseover="x()">Tiêu đề</h2><p><strong>Đậm</strong> <em>nghiêng</em></p><a href="mailto:lienhe@example.vn">Liên hệ</a>',
          },
        ],
      },
    });
    expect(edited.body.data[0].body).toBe(
      '<h2>Tiêu đề</h2><p><strong>Đậm</strong> <em>nghiêng</em></p><a href="mailto:lienhe@example.vn" rel="noopener noreferrer">Liên hệ</a>',
    );
  });

  it('[MODERATOR][REST][documents]: a stale version is 409 and nothing of the batch is saved; versions go up by one', async () => {
    const api = await createTestApi();
    const world = await createWorld(api.deps);
    const token = world.tokens.MODERATOR;
    const created = await api.call('POST', PATH, {
      token,
      body: { items: [section({ title: 'A' }), section({ title: 'B' })] },
    });
    const [a, b] = created.body.data;
    const ok = await api.call('PATCH', PATH, {
      token,
      body: { items: [{ id: a.id, title: 'A2', version: 1 }] },
    });
    expect(ok.body.data[0]).toMatchObject({ title: 'A2', version: 2 });
    const stale = await api.call('PATCH', PATH, {
      token,
      body: {
        items: [
          { id: b.id, title: 'B2', version: 1 },
          { id: a.id, title: 'A3', version: 1 },
        ],
      },
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ statusCode: 409, message: messages.errors.versionConflict });
    const after = await api.call('GET', `${PATH}?key=traceability`);
    expect(after.body.data.map((s: { title: string; version: number }) => [s.title, s.version])).toEqual([
      ['A2', 2],
      ['B', 1],
    ]);
    const noVersion = await api.call('PATCH', PATH, { token, body: { items: [{ id: b.id, subtitle: '' }] } });
    expect(noVersion.body.data[0]).toMatchObject({ subtitle: '', version: 2 });
  });

  it('[SUPER_ADMIN][REST][documents]: bad keys, bad bodies and unknown fields are 400; unknown ids 404', async () => {
    const api = await createTestApi();
    const world = await createWorld(api.deps);
    const token = world.tokens.SUPER_ADMIN;
    expect((await api.call('GET', PATH)).status).toBe(400);
    const badKey = await api.call('GET', `${PATH}?key=privacy`);
    expect(badKey.status).toBe(400);
    expect(badKey.body.errors).toHaveProperty('key');
    const cases: Array<[string, unknown, Record<string, string>]> = [
      ['POST', { items: [] }, { items: messages.validation.required }],
      ['POST', { items: [section({ title: '' })] }, { 'items.0.title': messages.validation.required }],
      ['POST', { items: [section({ key: 'home' })] }, {}],
      [
        'POST',
        { items: [section({ position: 3 })] },
        { 'items.0.position': messages.validation.unknownField('position') },
      ],
      ['POST', { items: [section()], draft: true }, { draft: messages.validation.unknownField('draft') }],
      [
        'PATCH',
        { items: [{ id: 1, key: 'termsAndServices' }] },
        { 'items.0.key': messages.validation.unknownField('key') },
      ],
      ['PATCH', { items: [{ id: 'abc' }] }, {}],
      ['DELETE', { ids: [] }, { ids: messages.validation.required }],
    ];
    for (const [method, body, errors] of cases) {
      const res = await api.call(method, PATH, { token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe(messages.errors.validation);
      expect(res.body.errors).toMatchObject(errors);
    }
    const missing = await api.call('PATCH', PATH, { token, body: { items: [{ id: 4242, title: 'x' }] } });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(messages.documents.sectionNotFound(4242));
    const [kept] = (await api.call('POST', PATH, { token, body: { items: [section()] } })).body.data;
    const delMissing = await api.call('DELETE', PATH, { token, body: { ids: [kept.id, 4242] } });
    expect(delMissing.status).toBe(404);
    expect((await api.call('GET', `${PATH}?key=traceability`)).body.data).toHaveLength(1);
  });
});

describe('[router][documents]', () => {
  it('[GUEST][router][documents]: anyone lists; editing needs SUPER_ADMIN or MODERATOR', async () => {
    const api = await createTestApi();
    const world = await createWorld(api.deps);
    const moderator = callerFor(api.deps, world.accounts.MODERATOR);
    const [created] = await moderator.documents.create({
      items: [section({ body: '<p onclick="x">a</p>' })],
    });
    expect(created?.body).toBe('<p>a</p>');
    await expect(callerFor(api.deps, null).documents.list({ key: 'traceability' })).resolves.toHaveLength(1);
    await expect(
      callerFor(api.deps, null).documents.delete({ ids: [created?.id ?? 0] }),
    ).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    await expect(
      callerFor(api.deps, world.accounts.COMPANY_ADMIN).documents.update({
        items: [{ id: created?.id ?? 0, title: 'x' }],
      }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(
      moderator.documents.update({ items: [{ id: created?.id ?? 0, version: 7, title: 'x' }] }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      message: messages.errors.versionConflict,
    });
    await expect(moderator.documents.delete({ ids: [created?.id ?? 0] })).resolves.toEqual({ count: 1 });
  });
});
