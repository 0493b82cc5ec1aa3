import sharp from 'sharp';
import { startTestServer, type TestServer } from '../../support/server';
import { allRows, tables } from '../../support/db';
import { login } from '../../support/accounts';
import { seedDemo } from '../../../src/server/seed/demo';
import { PERFORMER_ATTRIBUTES, ageBandOf, valuesOf } from '../../../src/common/constants/performer-attributes';
import { generateCreators } from '../../../src/server/seed/demo-creators';
import { planSocialGraph } from '../../../src/server/seed/demo-social';
import { createRandom } from '../../../src/server/seed/prng';

// Jest ignores testTimeout inside `projects`; booting PGlite and seeding take several seconds.
jest.setTimeout(120_000);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await seedDemo(server.app, { content: false });
});
afterAll(() => server.close());

/** The creators of the README's table: the three named ones and nova, who waits for review. */
const HEADLINE_CREATORS = ['aurora', 'blake', 'cleo', 'nova'];

type Row = { user: typeof tables.users.$inferSelect; performer: typeof tables.performers.$inferSelect };
async function performerRows(app = server.app): Promise<Row[]> {
  const users = await allRows(app, tables.users);
  const performers = await allRows(app, tables.performers);
  return performers.map((performer) => ({ performer, user: users.find((u) => u.id === performer.userId)! }));
}

describe('seedDemo: discovery data', () => {
  it('creates at least 30 listable creators with varied attributes', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/performers/user/search?limit=100' });
    expect(res.json().data.total).toBeGreaterThanOrEqual(30);
    const rows = await performerRows();
    const distinct = (pick: (r: Row) => unknown) => new Set(rows.map(pick)).size;
    expect(distinct((r) => r.performer.gender)).toBe(3);
    expect(distinct((r) => r.performer.country)).toBeGreaterThanOrEqual(8);
    expect(distinct((r) => r.performer.dateOfBirth && ageBandOf(r.performer.dateOfBirth))).toBeGreaterThanOrEqual(5);
    expect(distinct((r) => r.performer.bodyType)).toBeGreaterThanOrEqual(5);
    expect(distinct((r) => r.performer.sexualOrientation)).toBeGreaterThanOrEqual(4);
    expect(distinct((r) => r.performer.isFreeSubscription)).toBe(2);
    // Every generated and named creator is verified (an unverified one could not be paid or listed);
    // only the demo creator waiting for review is not.
    expect(rows.filter((r) => r.performer.verificationStatus !== 'approved').map((r) => [r.user.username, r.performer.verificationStatus]))
      .toEqual([['nova', 'pending']]);
    expect(distinct((r) => r.performer.monthlyPriceCents)).toBeGreaterThanOrEqual(4);
  });

  it('uses only values of the spec 3 option lists, prices within the site bounds and http(s) links', async () => {
    const lists: Record<string, string[]> = {
      height: valuesOf(PERFORMER_ATTRIBUTES.heights), weight: valuesOf(PERFORMER_ATTRIBUTES.weights),
      bodyType: valuesOf(PERFORMER_ATTRIBUTES.bodyTypes), ethnicity: valuesOf(PERFORMER_ATTRIBUTES.ethnicities),
      size: valuesOf(PERFORMER_ATTRIBUTES.sizes), hairColor: valuesOf(PERFORMER_ATTRIBUTES.hairColors),
      eyeColor: valuesOf(PERFORMER_ATTRIBUTES.eyeColors), gender: valuesOf(PERFORMER_ATTRIBUTES.genders),
      sexualOrientation: valuesOf(PERFORMER_ATTRIBUTES.sexualOrientations),
    };
    for (const { user, performer } of await performerRows()) {
      for (const [key, values] of Object.entries(lists)) expect(values).toContain(performer[key as keyof typeof performer]);
      expect(user.username).toMatch(/^[a-z0-9_.]{3,30}$/);
      expect(ageBandOf(performer.dateOfBirth!)).not.toBeNull();
      expect(performer.monthlyPriceCents).toBeGreaterThanOrEqual(295);
      expect(performer.monthlyPriceCents).toBeLessThanOrEqual(30_000);
      expect(performer.yearlyPriceCents).toBeLessThanOrEqual(30_000);
      expect(performer.city).toBeTruthy();
      expect(performer.languages.length).toBeGreaterThan(0);
      for (const link of Object.values(performer.socialLinks)) expect(link).toMatch(/^https?:\/\/\S+$/);
      expect(user.avatarPath).toMatch(/^public\/avatars\//);
      expect(user.coverPath).toMatch(/^public\/covers\//);
    }
  });

  it('gives generated creators rich-text bios that search finds', async () => {
    const rows = await performerRows();
    const generated = rows.filter((r) => !HEADLINE_CREATORS.includes(r.user.username!));
    expect(generated.every((r) => r.performer.bio.startsWith('<p>') && r.performer.bio.includes('<li>'))).toBe(true);
    const sample = generated[0];
    const word = sample.user.name.split(' ')[0];
    const res = await server.app.inject({ method: 'GET', url: `/performers/user/search?q=${encodeURIComponent(word)}&limit=100` });
    expect(res.json().data.data.map((p: { _id: string }) => p._id)).toContain(sample.user.id);
  });

  it('lets a generated creator sign in with the shared demo password', async () => {
    const rows = await performerRows();
    const generated = rows.find((r) => !HEADLINE_CREATORS.includes(r.user.username!))!;
    expect((await login(server.app, generated.user.username!, 'performer-demo-pass')).statusCode).toBe(200);
  });

  it('serves generated avatars (256px WebP) and covers (1500x500)', async () => {
    const profile = (await server.app.inject({ method: 'GET', url: '/performers/top?limit=1' })).json().data.data[0];
    const avatar = await server.app.inject({ method: 'GET', url: new URL(profile.avatar).pathname });
    expect(await sharp(avatar.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 256, height: 256 });
    const cover = await server.app.inject({ method: 'GET', url: new URL(profile.cover).pathname });
    expect(await sharp(cover.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 1500, height: 500 });
  });

  it('keeps follower counters equal to the follows rows', async () => {
    const follows = await allRows(server.app, tables.follows);
    expect(follows.length).toBeGreaterThan(30);
    const counts = new Map<string, number>();
    for (const f of follows) counts.set(f.performerId, (counts.get(f.performerId) ?? 0) + 1);
    const rows = await performerRows();
    for (const { performer } of rows) expect(performer.totalFollowers).toBe(counts.get(performer.userId) ?? 0);
    expect(new Set(rows.map((r) => r.performer.totalFollowers)).size).toBeGreaterThanOrEqual(5);
  });

  it('has the demo fans follow and bookmark generated creators only', async () => {
    const users = await allRows(server.app, tables.users);
    const id = (username: string) => users.find((u) => u.username === username)!.id;
    const named = new Set(['aurora', 'blake', 'cleo'].map(id));
    const follows = await allRows(server.app, tables.follows);
    const bookmarks = (await allRows(server.app, tables.reactions)).filter((r) => r.action === 'bookmark');
    for (const fan of ['dana', 'eli', 'finn'].map(id)) {
      const followed = follows.filter((f) => f.followerId === fan).map((f) => f.performerId);
      expect(followed.length).toBeGreaterThanOrEqual(3);
      expect(followed.some((p) => named.has(p))).toBe(false);
      const marked = bookmarks.filter((b) => b.userId === fan);
      expect(marked.length).toBeGreaterThanOrEqual(2);
      expect(marked.every((b) => b.objectType === 'performer' && !named.has(b.objectId))).toBe(true);
    }
    expect(follows.some((f) => named.has(f.followerId))).toBe(false);
  });

  it('puts nova in the operators\' verification queue with an ID card and a selfie they can open, and keeps her out of explore', async () => {
    const admin = (await login(server.app, 'admin', 'admin-demo-pass')).json().data.token as string;
    const queue = (await server.app.inject({ method: 'GET', url: '/admin/creator-verifications', headers: { authorization: admin } })).json().data;
    expect(queue.total).toBe(1);
    const [item] = queue.data;
    expect(item).toMatchObject({ status: 'pending', creator: { username: 'nova', email: 'nova@example.com', country: 'PT' } });
    for (const url of [item.documents.idDocument, item.documents.selfie]) {
      const u = new URL(url);
      const res = await server.app.inject({ method: 'GET', url: `${u.pathname}${u.search}` });
      expect(res.statusCode).toBe(200);
      expect((await sharp(res.rawPayload).metadata()).format).toBe('jpeg');
    }
    const search = (await server.app.inject({ method: 'GET', url: '/performers/user/search?q=nova' })).json().data;
    expect(search.data.map((p: { username: string }) => p.username)).not.toContain('nova');
    expect((await server.app.inject({ method: 'GET', url: '/performers/nova' })).statusCode).toBe(200);
    const nova = (await login(server.app, 'nova', 'performer-demo-pass')).json().data.token as string;
    const me = (await server.app.inject({ method: 'GET', url: '/users/me', headers: { authorization: nova } })).json().data;
    expect(me).toMatchObject({ verificationStatus: 'pending', payable: false });
  });

  it('creates live promo banners on landing and home', async () => {
    const landing = (await server.app.inject({ method: 'GET', url: '/site-promo/search?position=landing' })).json().data;
    const home = (await server.app.inject({ method: 'GET', url: '/site-promo/search?position=home' })).json().data;
    expect(landing.total).toBeGreaterThanOrEqual(3);
    expect(landing.total).toBeLessThanOrEqual(4);
    expect(home.total).toBeGreaterThanOrEqual(1);
    expect(home.total).toBeLessThanOrEqual(2);
    const banner = await server.app.inject({ method: 'GET', url: new URL(landing.data[0].imageUrl).pathname });
    expect(await sharp(banner.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 1500, height: 500 });
  });

  it('generates the same creators and follows on every fresh install', () => {
    // Pure functions of the seed and the date: no second database needed to show it.
    const plan = () => {
      const rand = createRandom(42);
      const now = new Date('2030-06-15T12:00:00Z');
      const creators = generateCreators(30, rand, now, { minCents: 295, maxCents: 30_000 }, new Set(['aurora']));
      const members = creators.map((c, i) => ({ id: `c${i}`, createdAt: c.createdAt, appeal: c.appeal }));
      const graph = planSocialGraph(rand, now, { named: [{ id: 'n', createdAt: now }], fans: [{ id: 'f', createdAt: now }], creators: members });
      return { creators, graph };
    };
    const first = plan();
    expect(plan()).toEqual(first);
    expect(new Set(first.creators.map((c) => c.username)).size).toBe(30);
    expect(first.creators.map((c) => c.username)).not.toContain('aurora');
  });
});
