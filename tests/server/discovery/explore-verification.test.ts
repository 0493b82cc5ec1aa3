import { eq } from 'drizzle-orm';
import { createPerformerWithToken, createUserWithToken, tables } from '../../support/db';
import type { TestServer } from '../../support/server';
import { enableLive, goLive, startStreamingServer } from '../streaming/streaming-world';

// While the site requires verification, explore offers only creators fans can pay (issue 13).
jest.setTimeout(120_000);

let server: TestServer;
let approved: Awaited<ReturnType<typeof createPerformerWithToken>>;
const unverified: Record<string, Awaited<ReturnType<typeof createPerformerWithToken>>> = {};
let admin: Awaited<ReturnType<typeof createUserWithToken>>;
beforeAll(async () => {
  server = await startStreamingServer();
  await enableLive(server.app);
  admin = await createUserWithToken(server.app, { role: 'admin' });
  approved = await createPerformerWithToken(server.app, { name: 'Vetted Quokka', username: 'vetted_quokka' }, { totalFollowers: 50 });
  for (const status of ['pending', 'rejected', 'not_submitted'] as const) {
    unverified[status] = await createPerformerWithToken(
      server.app, { name: `Quokka ${status}`, username: `quokka_${status}` }, { verificationStatus: status, totalFollowers: 100 },
    );
  }
  for (const creator of [approved, ...Object.values(unverified)]) await goLive(server.app, creator, { title: 'Quokka live' });
});
afterAll(() => server.close());

const get = (url: string, token?: string) => server.app.inject({ method: 'GET', url, headers: token ? { authorization: token } : {} });
const ids = async (url: string, token?: string) => {
  const res = await get(url, token);
  expect(res.statusCode).toBe(200);
  return (res.json().data.data as { _id: string; performerId?: string; performer?: { _id: string } }[])
    .map((r) => r.performerId ?? r.performer?._id ?? r._id);
};
const LISTS = ['/performers/user/search?q=quokka&limit=100', '/performers/top?limit=50', '/performers/search/random?limit=50', '/streaming/user/search?q=quokka&limit=100'];

describe('explore while requireCreatorVerification is on', () => {
  it.each(LISTS)('%s lists only approved creators, to visitors, fans, operators and the creator themself', async (url) => {
    const unlisted = Object.values(unverified).map((c) => c.user.id);
    for (const token of [undefined, (await createUserWithToken(server.app)).token, admin.token, unverified.pending.token]) {
      const found = await ids(url, token);
      expect(found).toContain(approved.user.id);
      expect(found.filter((id) => unlisted.includes(id))).toEqual([]);
    }
  });

  it('counts only listed creators in the total', async () => {
    const res = (await get('/performers/user/search?q=quokka')).json().data;
    expect(res.total).toBe(1);
  });

  it('still opens an unverified creator\'s own profile page', async () => {
    const res = await get(`/performers/${unverified.pending.user.username}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ _id: unverified.pending.user.id, verifiedDocument: false });
  });

  it('lists them again once approved, or with the setting off', async () => {
    await server.app.db.update(tables.performers).set({ verificationStatus: 'approved' }).where(eq(tables.performers.userId, unverified.rejected.user.id));
    expect(await ids(LISTS[0])).toContain(unverified.rejected.user.id);
    await server.app.settings.set({ requireCreatorVerification: false });
    try {
      for (const url of LISTS) expect(await ids(url)).toEqual(expect.arrayContaining([unverified.pending.user.id, unverified.not_submitted.user.id]));
    } finally {
      await server.app.settings.set({ requireCreatorVerification: true });
    }
  });
});
