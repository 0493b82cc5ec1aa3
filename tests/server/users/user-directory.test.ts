import { startTestServer, type TestServer } from '../../support/server';
import { createPerformerWithToken, createUserWithToken } from '../../support/db';
import { fundWallet } from '../../support/money';

// Jest ignores testTimeout inside `projects`; booting PGlite alone can take several seconds.
jest.setTimeout(60_000);

let server: TestServer;
let performer: string;
let admin: string;
let fanToken: string;
const fans: Record<string, string> = {};
let inactiveFan: string;
let creatorId: string;

beforeAll(async () => {
  server = await startTestServer();
  const app = server.app;
  const creator = await createPerformerWithToken(app, { name: 'Pia Creator', username: 'pia_creator' });
  performer = creator.token;
  creatorId = creator.user.id;
  admin = (await createUserWithToken(app, { role: 'admin', name: 'Pia Admin', username: 'pia_admin' })).token;
  const a = await createUserWithToken(app, { name: 'Pia Lindqvist', username: 'pia_l', email: 'pia@example.com' });
  await fundWallet(app, a.user.id, 123.45);
  fanToken = a.token;
  fans.pia = a.user.id;
  fans.percent = (await createUserWithToken(app, { name: '100% Pia', username: 'pia100' })).user.id;
  fans.under = (await createUserWithToken(app, { name: 'Under Score', username: 'un_der' })).user.id;
  fans.other = (await createUserWithToken(app, { name: 'Quentin Blake', username: 'quentin' })).user.id;
  inactiveFan = (await createUserWithToken(app, { name: 'Pia Gone', username: 'pia_gone', status: 'inactive' })).user.id;
});
afterAll(() => server.close());

const get = (url: string, token?: string) => server.app.inject({ method: 'GET', url, headers: token ? { authorization: token } : {} });
const idsOf = (res: { json(): { data: { data: { _id: string }[] } } }) => res.json().data.data.map((u) => u._id);

describe('GET /users/search', () => {
  it('finds active fans by name or username, case-insensitively, for creators and admins', async () => {
    for (const token of [performer, admin]) {
      const res = await get('/users/search?q=PIA&limit=100', token);
      expect(res.statusCode).toBe(200);
      expect(idsOf(res).sort()).toEqual([fans.pia, fans.percent].sort());
      expect(res.json().data.total).toBe(2);
    }
    expect(idsOf(await get('/users/search?q=quent', performer))).toEqual([fans.other]);
  });

  it('never lists creators, admins or inactive accounts, nor private fields', async () => {
    const res = await get('/users/search?limit=100', performer);
    const ids = idsOf(res);
    expect(ids).toEqual(expect.arrayContaining(Object.values(fans)));
    expect(ids).not.toContain(inactiveFan);
    expect(ids).not.toContain(creatorId);
    expect(res.json().data.total).toBe(Object.keys(fans).length);
    expect(res.body).not.toMatch(/email|example\.com|balance|12345|password|status/i);
    expect(res.json().data.data[0]).toEqual({
      _id: expect.any(String), name: expect.any(String), username: expect.any(String), avatar: expect.any(String), isPerformer: false,
      createdAt: expect.any(String),
    });
  });

  it('treats % and _ as literal characters', async () => {
    expect(idsOf(await get('/users/search?q=%25', performer))).toEqual([fans.percent]);
    expect(idsOf(await get('/users/search?q=_', performer)).sort()).toEqual([fans.pia, fans.under].sort());
    expect(idsOf(await get(`/users/search?q=${encodeURIComponent('\\')}`, performer))).toEqual([]);
  });

  it('pages and sorts', async () => {
    const all = idsOf(await get('/users/search?sortBy=username&sort=asc&limit=100', performer));
    const page = await get('/users/search?sortBy=username&sort=asc&limit=2&offset=1', performer);
    expect(idsOf(page)).toEqual(all.slice(1, 3));
    expect(page.json().data.total).toBe(all.length);
  });

  it('refuses fans (403) and anonymous callers (401); rejects bad input (400)', async () => {
    expect((await get('/users/search', fanToken)).statusCode).toBe(403);
    expect((await get('/users/search')).statusCode).toBe(401);
    for (const query of ['limit=1000', `q=${'x'.repeat(101)}`, 'sortBy=email', 'offset=-1']) {
      expect((await get(`/users/search?${query}`, performer)).statusCode).toBe(400);
    }
  });
});

describe('GET /users/view/:id', () => {
  it('shows a fan by id or username without private fields', async () => {
    for (const id of [fans.pia, 'pia_l', 'PIA_L', fans.pia.toUpperCase()]) {
      const res = await get(`/users/view/${id}`, performer);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ _id: fans.pia, name: 'Pia Lindqvist', username: 'pia_l', isPerformer: false });
      expect(res.body).not.toMatch(/email|balance|12345/i);
    }
  });

  it('answers 404 for creators, admins, inactive and unknown accounts', async () => {
    for (const id of [creatorId, 'pia_creator', 'pia_admin', inactiveFan, 'nobody', '00000000-0000-0000-0000-000000000000', "x' or 1=1 --"]) {
      const res = await get(`/users/view/${encodeURIComponent(id)}`, admin);
      expect(res.statusCode).toBe(404);
    }
  });

  it('refuses fans (403) and anonymous callers (401)', async () => {
    expect((await get(`/users/view/${fans.other}`, fanToken)).statusCode).toBe(403);
    expect((await get(`/users/view/${fans.other}`)).statusCode).toBe(401);
  });
});
