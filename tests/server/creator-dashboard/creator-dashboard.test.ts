import { eq } from 'drizzle-orm';
import { createPerformerWithToken, createUserWithToken, tables } from '../../support/db';
import { fundWallet } from '../../support/money';
import { startTestServer, type TestServer } from '../../support/server';
import { createCreatorDashboardService } from '../../../src/server/modules/creator-dashboard/creator-dashboard.service';
import { call, createItem } from '../wallet-charges/charge-helpers';
import { sell } from '../payouts/payout-fixtures';

jest.setTimeout(120_000);

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(() => server.close());

type Account = { user: { id: string }; token: string };
const stats = (who: Account | null) => call(server.app, 'GET', '/performer/dashboard/stats', { token: who?.token });
const DAY_MS = 86_400_000;

describe('GET /performer/dashboard/stats', () => {
  it('adds up a tip, a sale and a subscription from the ledger, with subscribers, followers, views and top content', async () => {
    const creator = await createPerformerWithToken(server.app);
    const fan = await createUserWithToken(server.app);
    await fundWallet(server.app, fan.user.id, 200);
    // The site's 20 % commission: a 10-token tip nets 8, a 25-token video 20, a 5-token subscription 4.
    expect((await call(server.app, 'POST', `/wallet/charges/tip/${creator.user.id}`, { token: fan.token }, { amount: 10 })).statusCode).toBe(200);
    const video = await createItem(server.app, 'video', creator.user.id, 'sale', 25);
    expect((await call(server.app, 'POST', `/wallet/charges/video/${video}`, { token: fan.token })).statusCode).toBe(200);
    await sell(server.app, creator.user.id, 5, 'subscription', fan.user.id);
    // Subscriptions: one active new, one that lapsed 3 days ago, one that lapsed before the window.
    const other = await createUserWithToken(server.app);
    const old = await createUserWithToken(server.app);
    const now = Date.now();
    await server.app.db.insert(tables.subscriptions).values([
      { userId: fan.user.id, performerId: creator.user.id, type: 'monthly', expiresAt: new Date(now + 30 * DAY_MS) },
      { userId: other.user.id, performerId: creator.user.id, type: 'monthly', status: 'expired', startedAt: new Date(now - 40 * DAY_MS), expiresAt: new Date(now - 3 * DAY_MS) },
      { userId: old.user.id, performerId: creator.user.id, type: 'monthly', status: 'expired', startedAt: new Date(now - 90 * DAY_MS), expiresAt: new Date(now - 60 * DAY_MS) },
    ]);
    expect((await call(server.app, 'POST', `/follows/${creator.user.id}`, { token: fan.token })).statusCode).toBe(200);
    expect((await call(server.app, 'POST', `/follows/${creator.user.id}`, { token: other.token })).statusCode).toBe(200);
    const liked = await createItem(server.app, 'feed', creator.user.id, 'free');
    await server.app.db.update(tables.feeds).set({ text: '<p>Hello <b>fans</b></p>', totalLikes: 7 }).where(eq(tables.feeds.id, liked));
    await server.app.db.update(tables.videos).set({ totalViews: 12, totalLikes: 2 }).where(eq(tables.videos.id, video));
    const gallery = await createItem(server.app, 'gallery', creator.user.id, 'free');
    await server.app.db.update(tables.galleries).set({ totalViews: 3 }).where(eq(tables.galleries.id, gallery));

    const res = await stats(creator);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    const today = { net: 8 + 20 + 4, count: 3 };
    expect(data.timeZone).toBe('UTC');
    expect(data.earnings).toEqual({ today, week: today, month: today });
    expect(data.series).toHaveLength(30);
    expect(data.series.at(-1)).toEqual({ date: new Date().toISOString().slice(0, 10), ...today });
    expect(data.series.slice(0, -1).every((d: { net: number }) => d.net === 0)).toBe(true);
    expect(data.subscribers).toEqual({ active: 1, new: 1, lapsed: 1 });
    expect(data.followers).toEqual({ total: 2, new: 2 });
    expect(data.contentViews).toBe(15);
    expect(data.topByEarnings).toEqual([{ type: 'video', _id: video, title: 'a video', value: 20 }]);
    expect(data.topByLikes).toEqual([
      { type: 'feed', _id: liked, title: 'Hello fans', value: 7 },
      { type: 'video', _id: video, title: 'a video', value: 2 },
    ]);
    expect(data.pendingOrders).toBe(0);
    expect(data.balance).toEqual({ available: 32, reserved: 0 });
    expect(data.verification).toEqual({ status: 'approved', note: null });
  });

  it('shows another creator only their own figures', async () => {
    const first = await createPerformerWithToken(server.app);
    const second = await createPerformerWithToken(server.app, {}, { verificationStatus: 'rejected', verificationNote: 'Blurry selfie' });
    await sell(server.app, first.user.id, 50, 'tip');
    const mine = (await stats(first)).json().data;
    expect(mine.earnings.today).toEqual({ net: 40, count: 1 });
    const theirs = (await stats(second)).json().data;
    expect(theirs.earnings).toEqual({ today: { net: 0, count: 0 }, week: { net: 0, count: 0 }, month: { net: 0, count: 0 } });
    expect(theirs.balance).toEqual({ available: 0, reserved: 0 });
    expect(theirs.subscribers).toEqual({ active: 0, new: 0, lapsed: 0 });
    expect(theirs.followers).toEqual({ total: 0, new: 0 });
    expect(theirs.topByEarnings).toEqual([]);
    expect(theirs.verification).toEqual({ status: 'rejected', note: 'Blurry selfie' });
  });

  it('is for creators: a fan gets 403 and a visitor 401', async () => {
    const fan = await createUserWithToken(server.app);
    const res = await stats(fan);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBeTruthy();
    expect((await stats(null)).statusCode).toBe(401);
  });

  it('cuts days at 00:00 UTC: a sale at 23:59 yesterday counts in 7 d, not today; one 30 days ago falls out', async () => {
    const creator = await createPerformerWithToken(server.app);
    const now = new Date();
    const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const yesterday = await sell(server.app, creator.user.id, 10, 'tip');
    const sixDaysAgo = await sell(server.app, creator.user.id, 20, 'tip');
    const outOfWeek = await sell(server.app, creator.user.id, 30, 'tip');
    const outOfMonth = await sell(server.app, creator.user.id, 40, 'tip');
    const at = async (id: string, t: number) => {
      await server.app.db.update(tables.ledgerTransactions).set({ createdAt: new Date(t) }).where(eq(tables.ledgerTransactions.id, id));
    };
    await at(yesterday, midnight - 60_000);
    await at(sixDaysAgo, midnight - 6 * DAY_MS + 1000);
    await at(outOfWeek, midnight - 6 * DAY_MS - 1000);
    await at(outOfMonth, midnight - 29 * DAY_MS - 1000);
    const data = await createCreatorDashboardService(server.app).stats(creator.user.id, now);
    expect(data.earnings.today).toEqual({ net: 0, count: 0 });
    expect(data.earnings.week).toEqual({ net: 8 + 16, count: 2 });
    expect(data.earnings.month).toEqual({ net: 8 + 16 + 24, count: 3 });
    expect(data.series[0].date).toBe(new Date(midnight - 29 * DAY_MS).toISOString().slice(0, 10));
  });
});
