import { startTestServer, type TestServer } from '../../support/server';
import { allRows, tables } from '../../support/db';
import { seedDemo } from '../../../src/server/seed/demo';
import { PERFORMERS } from '../../../src/server/seed/demo-accounts';

// Seeding draws a few hundred pictures and renders clips; the jobs then transcode them.
jest.setTimeout(300_000);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  // Four generated creators (the demo has 30): the content code is the same for each, the drawing is not free.
  await seedDemo(server.app, { generatedCreators: 4 });
});
afterAll(() => server.close());

const get = (url: string, token = '') => server.app.inject({ method: 'GET', url, headers: { authorization: token } });

describe('seedDemo: demo content', () => {
  it('gives each named creator posts, galleries and videos at every access level, and both kinds of product', async () => {
    const [users, feeds, galleries, videos, products] = await Promise.all([
      allRows(server.app, tables.users), allRows(server.app, tables.feeds), allRows(server.app, tables.galleries),
      allRows(server.app, tables.videos), allRows(server.app, tables.products),
    ]);
    for (const named of PERFORMERS) {
      const id = users.find((u) => u.username === named.username)!.id;
      const mine = <T extends { performerId: string }>(rows: T[]) => rows.filter((r) => r.performerId === id);
      for (const rows of [mine(feeds), mine(galleries), mine(videos)]) {
        expect(new Set(rows.map((r) => r.access))).toEqual(new Set(['free', 'subscribers', 'sale']));
      }
      expect(mine(feeds).some((f) => f.pollId)).toBe(true);
      expect(mine(feeds).some((f) => f.isPinned)).toBe(true);
      expect(mine(feeds).some((f) => f.publishAt.getTime() > Date.now())).toBe(true);
      expect(new Set(mine(products).map((p) => p.type))).toEqual(new Set(['physical', 'digital']));
    }
  });

  it('gives every generated creator content of each kind too', async () => {
    const performers = await allRows(server.app, tables.performers);
    const [feeds, galleries, videos, products] = await Promise.all([
      allRows(server.app, tables.feeds), allRows(server.app, tables.galleries), allRows(server.app, tables.videos), allRows(server.app, tables.products),
    ]);
    expect(performers.length).toBeGreaterThanOrEqual(8);
    // The creator waiting for review has no content yet: her page is what a new creator's looks like.
    for (const p of performers.filter((row) => row.verificationStatus === 'approved')) {
      for (const rows of [feeds, galleries, videos, products]) expect(rows.some((r) => r.performerId === p.userId)).toBe(true);
      expect(new Set(feeds.filter((f) => f.performerId === p.userId).map((f) => f.access))).toEqual(new Set(['free', 'subscribers', 'sale']));
    }
  });

  it('keeps the creator stats equal to the rows', async () => {
    const [performers, feeds] = await Promise.all([allRows(server.app, tables.performers), allRows(server.app, tables.feeds)]);
    for (const p of performers) {
      // Published posts only: a scheduled post counts from its time (creator-stats.repository.ts).
      expect(p.totalPosts).toBe(feeds.filter((f) => f.performerId === p.userId && f.status === 'active' && f.publishAt.getTime() <= Date.now()).length);
    }
  });

  it('hands every file to the media pipeline, which processes all of them', async () => {
    await server.app.media.whenIdle();
    const files = await allRows(server.app, tables.mediaFiles);
    expect(files.length).toBeGreaterThan(60);
    expect(files.filter((f) => f.status !== 'ready').map((f) => `${f.purpose}: ${f.status} ${f.failureReason ?? ''}`)).toEqual([]);
    expect(new Set(files.map((f) => f.kind))).toEqual(new Set(['image', 'video', 'audio', 'document']));
  });

  it('shows a named creator\'s feed to a visitor with the locked items blurred', async () => {
    const res = await get('/user/feeds/search/aurora?limit=50');
    expect(res.statusCode).toBe(200);
    const posts = res.json().data.data as { access: string; isLocked: boolean; files: { url: string | null }[] }[];
    expect(posts.filter((p) => p.access === 'free').every((p) => !p.isLocked)).toBe(true);
    const locked = posts.filter((p) => p.access !== 'free');
    expect(locked.length).toBeGreaterThan(0);
    expect(locked.every((p) => p.isLocked && p.files.every((f) => f.url === null))).toBe(true);
  });

  it('subscribes dana to two generated creators, so her timeline opens subscriber posts', async () => {
    const login = await server.app.inject({ method: 'POST', url: '/auth/login', payload: { username: 'dana', password: 'fan-demo-pass' } });
    const token = login.json().data.token as string;
    const subscriptions = await allRows(server.app, tables.subscriptions);
    const users = await allRows(server.app, tables.users);
    const dana = users.find((u) => u.username === 'dana')!;
    expect(subscriptions.filter((s) => s.userId === dana.id)).toHaveLength(2);
    const timeline = await get('/user/feeds?limit=50', token);
    const posts = timeline.json().data.data as { access: string; unlockedBy: string | null }[];
    expect(posts.some((p) => p.access === 'subscribers' && p.unlockedBy === 'subscriber')).toBe(true);
    expect((await allRows(server.app, tables.entitlements)).filter((e) => e.userId === dana.id).length).toBeGreaterThanOrEqual(2);
  });
});
