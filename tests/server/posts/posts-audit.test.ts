import { startTestServer, type TestServer } from '../../support/server';
import { allRows, createPerformerWithToken, createUserWithToken, tables } from '../../support/db';

jest.setTimeout(60_000);

let server: TestServer;
let admin: Awaited<ReturnType<typeof createUserWithToken>>;
let fan: string;
let creator: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await createUserWithToken(server.app, { role: 'admin', username: 'pages_ops' });
  fan = (await createUserWithToken(server.app)).token;
  creator = (await createPerformerWithToken(server.app)).token;
});
afterAll(() => server.close());

const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin.token) =>
  server.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });
const create = (payload: object, token = admin.token) => send('POST', '/admin/posts', payload, token);
const update = (id: string, payload: object, token = admin.token) => send('PUT', `/admin/posts/${id}`, payload, token);
const remove = (id: string, token = admin.token) => send('DELETE', `/admin/posts/${id}`, undefined, token);
const audit = () => allRows(server.app, tables.auditLog);

async function added(write: () => Promise<{ statusCode: number }>, status = 200) {
  const before = (await audit()).length;
  expect((await write()).statusCode).toBe(status);
  return (await audit()).slice(before);
}

describe('page writes are audited', () => {
  it('records a create with the stored (sanitised) fields', async () => {
    const rows = await added(() => create({ slug: 'help', title: ' Help ', content: '<p>Hi</p><script>x</script>', ordering: 4 }));
    const page = (await allRows(server.app, tables.posts)).find((p) => p.slug === 'help')!;
    expect(rows.map((r) => [r.actorId, r.actorUsername, r.action, r.targetType, r.targetId, r.before, r.after])).toEqual([
      [admin.user.id, 'pages_ops', 'page.create', 'page', page.id, null, { slug: 'help', title: 'Help', content: '<p>Hi</p>', status: 'published', ordering: 4 }],
    ]);
  });

  it('records only the changed fields of an edit, and nothing when nothing changed', async () => {
    const id = (await create({ slug: 'edit-me', title: 'Edit me', content: '<p>Old</p>' })).json().data._id;
    const rows = await added(() => update(id, { title: 'Edit me', content: '<p>New</p>', status: 'draft' }));
    expect(rows.map((r) => [r.action, r.targetId, r.before, r.after])).toEqual([
      ['page.update', id, { content: '<p>Old</p>', status: 'published' }, { content: '<p>New</p>', status: 'draft' }],
    ]);
    // The same content after sanitising is no change either.
    expect(await added(() => update(id, { content: '<p>New</p><script>x</script>', status: 'draft' }))).toEqual([]);
    expect(await added(() => update(id, {}))).toEqual([]);
  });

  it('records a delete with what was removed', async () => {
    const id = (await create({ slug: 'bye', title: 'Bye' })).json().data._id;
    const rows = await added(() => remove(id));
    expect(rows.map((r) => [r.action, r.targetId, r.before, r.after])).toEqual([
      ['page.delete', id, { slug: 'bye', title: 'Bye', content: '', status: 'published', ordering: 0 }, null],
    ]);
  });

  it('records nothing, and changes no page, for every refused write', async () => {
    const a = (await create({ slug: 'taken-a', title: 'A' })).json().data._id;
    await create({ slug: 'taken-b', title: 'B' });
    const snapshot = async () => ({ audit: await audit(), posts: (await allRows(server.app, tables.posts)).sort((x, y) => x.id.localeCompare(y.id)) });
    const before = await snapshot();
    const missing = '00000000-0000-4000-8000-000000000000';
    const refused: [() => Promise<{ statusCode: number }>, number][] = [
      [() => create({ slug: 'taken-a', title: 'Again' }), 409],
      [() => create({ slug: 'Bad Slug', title: 'x' }), 400],
      [() => create({ slug: 'fine', title: '   ' }), 400],
      [() => create({ slug: 'fine', title: 'x' }, fan), 403],
      [() => create({ slug: 'fine', title: 'x' }, creator), 403],
      [() => update(a, { slug: 'taken-b' }), 409],
      [() => update(a, { slug: 'UPPER' }), 400],
      [() => update(a, { title: 'Mine' }, fan), 403],
      [() => update(missing, { title: 'x' }), 404],
      [() => remove(missing), 404],
      [() => remove(a, creator), 403],
    ];
    for (const [write, status] of refused) expect(await added(write, status)).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });
});
