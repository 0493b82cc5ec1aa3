import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { toCents } from '../../../src/common/lib/money';
import { ledgerRepository, walletOf, type Posting } from '../../../src/server/modules/ledger/ledger.repository';
import { reversalPosting, salePosting, topUpPosting } from '../../../src/server/modules/ledger/postings';
import { allRows, createPerformerWithToken, createUser, createUserWithToken, tables } from '../../support/db';
import { fundWallet } from '../../support/money';
import { keptProblems, LEDGER_PROBLEMS_KEPT } from '../../../src/server/modules/admin-stats/admin-stats.service';
import { startTestServer, type TestServer } from '../../support/server';

const DAY = 86_400_000;
let server: TestServer;
let admin: Awaited<ReturnType<typeof createUserWithToken>>;
let creator: Awaited<ReturnType<typeof createPerformerWithToken>>;

jest.setTimeout(60_000);

/** 00:00 UTC of today moved by `days`. */
const dayStart = (days = 0) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + days * DAY);
};
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

beforeAll(async () => {
  // The figures are cut at UTC midnight: never start a run a few seconds before one.
  const left = dayStart(1).getTime() - Date.now();
  if (left < 90_000) await new Promise((r) => setTimeout(r, left + 1000));
  server = await startTestServer();
  admin = await createUserWithToken(server.app, { role: 'admin', username: 'ops_dash' });
  creator = await createPerformerWithToken(server.app);
});
afterAll(() => server.close());

const get = (url: string, token = admin.token) => server.app.inject({ method: 'GET', url, headers: { authorization: token } });
const stats = async () => {
  const res = await get('/admin/stats');
  expect(res.statusCode).toBe(200);
  return res.json().data;
};
const runCheck = () => server.app.inject({ method: 'POST', url: '/admin/ledger-check', headers: { authorization: admin.token } });

/** Posts a ledger movement and moves its time to `at` (sales happened on other days). */
async function postAt(posting: Posting, at?: Date): Promise<string> {
  const { id } = await server.app.db.transaction((tx) => ledgerRepository.post(tx, posting));
  if (at) await server.app.db.update(tables.ledgerTransactions).set({ createdAt: at }).where(eq(tables.ledgerTransactions.id, id));
  return id;
}
const entriesOf = (p: Posting) => p.entries.map((e) => ({ kind: e.account.kind, ownerId: e.account.ownerId, amountCents: e.amountCents }));
const originalOf = (p: Posting, id: string) => ({
  id, userId: p.userId ?? null, performerId: p.performerId ?? null, objectType: p.objectType ?? null, objectId: p.objectId ?? null,
  grossCents: p.grossCents, commissionCents: p.commissionCents ?? 0,
});

describe('GET /admin/stats', () => {
  it('counts fan and creator sign-ups today, in 7 and in 30 UTC days, at the day boundaries', async () => {
    const before = (await stats()).signups;
    const fanTimes = [
      new Date(), dayStart(0), // today (the first instant of today counts)
      new Date(dayStart(0).getTime() - 1), dayStart(-6), // 7 days, not today
      new Date(dayStart(-6).getTime() - 1), dayStart(-29), // 30 days only
      new Date(dayStart(-29).getTime() - 1), dayStart(-45), // too old
    ];
    for (const createdAt of fanTimes) await createUser(server.app, { createdAt });
    await createPerformerWithToken(server.app, { createdAt: dayStart(0) });
    await createPerformerWithToken(server.app, { createdAt: dayStart(-10) });
    await createUser(server.app, { role: 'admin', createdAt: new Date() });

    const after = (await stats()).signups;
    const delta = (who: 'fans' | 'creators') => ({
      today: after[who].today - before[who].today, week: after[who].week - before[who].week, month: after[who].month - before[who].month,
    });
    expect(delta('fans')).toEqual({ today: 2, week: 4, month: 6 });
    expect(delta('creators')).toEqual({ today: 1, week: 1, month: 2 });
  });

  it('counts subscriptions giving access now, free ones included', async () => {
    const before = (await stats()).activeSubscriptions;
    const later = new Date(Date.now() + 5 * DAY);
    const past = new Date(Date.now() - DAY);
    const rows = [
      { type: 'monthly', status: 'active', expiresAt: later },
      { type: 'free', status: 'active', expiresAt: later },
      { type: 'yearly', status: 'cancelled', expiresAt: later }, // renewal stopped, access until the end
      { type: 'monthly', status: 'active', expiresAt: past }, // lapsed, not yet swept by the job
      { type: 'monthly', status: 'expired', expiresAt: later },
    ] as const;
    for (const row of rows) {
      const fan = await createUser(server.app);
      await server.app.db.insert(tables.subscriptions).values({ userId: fan.id, performerId: creator.user.id, ...row });
    }
    expect((await stats()).activeSubscriptions - before).toBe(3);
  });

  it('sums 30 UTC days of gross sales and platform revenue, every day present, a refund on its own day', async () => {
    const fan = await createUserWithToken(server.app);
    const tipOf = (gross: number) =>
      salePosting({ kind: 'tip', userId: fan.user.id, performerId: creator.user.id, grossCents: toCents(gross), commissionBasisPoints: 2000 });
    await fundWallet(server.app, fan.user.id, 500);

    await postAt(tipOf(10), dayStart(-29)); // the window's first instant
    await postAt(tipOf(100), new Date(dayStart(-29).getTime() - 1)); // just before it
    const product = salePosting({ kind: 'product', userId: fan.user.id, performerId: creator.user.id, grossCents: 5000, commissionBasisPoints: 2000 });
    const productId = await postAt(product, new Date(dayStart(-3).getTime() + 12 * 3600_000));
    const card = salePosting({ kind: 'subscription', userId: fan.user.id, performerId: creator.user.id, grossCents: 3000, commissionBasisPoints: 2000, source: 'gateway' });
    await postAt(card, new Date(dayStart(0).getTime() - 1)); // the last instant of yesterday
    // Today: a tip through the real route, the refund of the product, and a top-up and its refund (not sales).
    const tip = await server.app.inject({ method: 'POST', url: `/wallet/charges/tip/${creator.user.id}`, headers: { authorization: fan.token }, payload: { amount: 20 } });
    expect(tip.statusCode).toBe(200);
    await postAt(reversalPosting(originalOf(product, productId), entriesOf(product), 'Refund'));
    const topUp = topUpPosting(fan.user.id, 2500, crypto.randomUUID());
    const topUpId = await postAt(topUp);
    await postAt(reversalPosting(originalOf(topUp, topUpId), entriesOf(topUp), 'Top-up refund'));

    const { sales } = await stats();
    expect(sales).toHaveLength(30);
    expect(sales[0].date).toBe(isoDay(dayStart(-29)));
    expect(sales[29].date).toBe(isoDay(dayStart(0)));
    expect(sales.map((d: { date: string }) => d.date)).toEqual(Array.from({ length: 30 }, (_, i) => isoDay(dayStart(i - 29))));
    const byDate = Object.fromEntries(sales.map((d: { date: string; grossSales: number; platformRevenue: number }) => [d.date, [d.grossSales, d.platformRevenue]]));
    expect(byDate[isoDay(dayStart(-29))]).toEqual([10, 2]);
    expect(byDate[isoDay(dayStart(-3))]).toEqual([50, 10]);
    expect(byDate[isoDay(dayStart(-1))]).toEqual([30, 6]);
    expect(byDate[isoDay(dayStart(0))]).toEqual([20 - 50, 4 - 10]);
    const others = sales.filter((d: { date: string }) => ![-29, -3, -1, 0].map((n) => isoDay(dayStart(n))).includes(d.date));
    expect(others.every((d: { grossSales: number; platformRevenue: number }) => d.grossSales === 0 && d.platformRevenue === 0)).toBe(true);
  });

  it('counts what waits in each queue (also GET /admin/stats/queues)', async () => {
    const before = (await get('/admin/stats/queues')).json().data;
    const fan = await createUser(server.app);
    await createPerformerWithToken(server.app, {}, { verificationStatus: 'pending' });
    await createPerformerWithToken(server.app, {}, { verificationStatus: 'rejected' });
    const report = { reporterId: fan.id, targetType: 'performer', targetId: creator.user.id, reason: 'spam', performerId: creator.user.id } as const;
    await server.app.db.insert(tables.reports).values([report, { ...report, targetId: crypto.randomUUID(), status: 'resolved' }]);
    await fundWallet(server.app, creator.user.id, 0.01); // any ledger row will do for the payout's foreign key
    const [tx] = await allRows(server.app, tables.ledgerTransactions);
    await server.app.db.insert(tables.payoutRequests).values([
      { performerId: creator.user.id, amountCents: 100, method: 'banking', reserveTransactionId: tx.id },
      { performerId: fan.id, amountCents: 100, method: 'banking', status: 'paid', reserveTransactionId: tx.id },
    ]);
    const message = { name: 'Pat', email: 'pat@example.test', subject: 'Hi', message: 'Hello' };
    await server.app.db.insert(tables.contactMessages).values([message, message, { ...message, status: 'read' }]);
    const media = { ownerId: creator.user.id, kind: 'video', purpose: 'video' } as const;
    await server.app.db.insert(tables.mediaFiles).values([
      { ...media, status: 'failed' },
      { ...media, status: 'failed', updatedAt: new Date(Date.now() - 29 * DAY) },
      { ...media, status: 'failed', updatedAt: new Date(Date.now() - 31 * DAY) }, // an old failure is history
      { ...media, status: 'ready' },
    ]);

    const res = await get('/admin/stats/queues');
    expect(res.statusCode).toBe(200);
    const after = res.json().data;
    const delta = Object.fromEntries(Object.keys(after).map((k) => [k, after[k] - before[k]]));
    expect(delta).toEqual({ pendingVerifications: 1, openReports: 1, pendingPayouts: 1, newContactMessages: 2, failedMediaJobs: 2 });
    expect((await stats()).queues).toEqual(after);
  });
});

describe('POST /admin/ledger-check', () => {
  const checkAudits = async () => (await allRows(server.app, tables.auditLog)).filter((r) => r.action === 'ledger.check');

  it('runs the check, keeps the run and its audit row, and the dashboard shows it', async () => {
    const res = await runCheck();
    expect(res.statusCode).toBe(200);
    const run = res.json().data;
    expect(run).toEqual({ ok: true, problems: [], durationMs: expect.any(Number), checkedAt: expect.any(String), checkedBy: 'ops_dash' });
    const rows = await allRows(server.app, tables.ledgerCheckRuns);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ok: true, problems: [], ranBy: admin.user.id });
    const audits = await checkAudits();
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorId: admin.user.id, targetType: 'ledger', targetId: rows[0].id, after: { ok: true, breaches: 0 } });
    expect((await stats()).ledgerCheck).toEqual(run);
  });

  it('reports a corrupted cached balance as a breach, and the dashboard shows the latest run', async () => {
    const fan = await createUser(server.app);
    await fundWallet(server.app, fan.id, 5);
    const wallet = and(eq(tables.ledgerAccounts.kind, 'wallet'), eq(tables.ledgerAccounts.ownerId, walletOf(fan.id).ownerId!));
    await server.app.db.update(tables.ledgerAccounts).set({ balanceCents: 900 }).where(wallet);
    try {
      const res = await runCheck();
      expect(res.statusCode).toBe(200);
      const run = res.json().data;
      expect(run.ok).toBe(false);
      expect(run.problems).toEqual(expect.arrayContaining([
        expect.stringMatching(/^account .* \(wallet\): cached 900 but entries sum to 500 cents$/),
        'all balances sum to 400 cents instead of 0',
      ]));
      expect((await stats()).ledgerCheck).toEqual(run);
      expect(await checkAudits()).toHaveLength(2);
      expect((await checkAudits()).at(-1)).toMatchObject({ after: { ok: false, breaches: 2 } });
    } finally {
      await server.app.db.update(tables.ledgerAccounts).set({ balanceCents: 500 }).where(wallet);
    }
    expect((await runCheck()).json().data.ok).toBe(true);
  });

  it('keeps the first breaches of a badly broken ledger and says how many more there were', () => {
    const breaches = Array.from({ length: LEDGER_PROBLEMS_KEPT + 50 }, (_, i) => `breach ${i}`);
    const kept = keptProblems(breaches);
    expect(kept).toHaveLength(LEDGER_PROBLEMS_KEPT + 1);
    expect(kept.slice(0, 2)).toEqual(['breach 0', 'breach 1']);
    expect(kept.at(-1)).toBe('... and 50 more');
    expect(keptProblems(['one'])).toEqual(['one']);
  });

  it('answers null before any check ran (a fresh site)', async () => {
    const fresh = await startTestServer();
    try {
      const op = await createUserWithToken(fresh.app, { role: 'admin' });
      const res = await fresh.app.inject({ method: 'GET', url: '/admin/stats', headers: { authorization: op.token } });
      expect(res.json().data).toMatchObject({ ledgerCheck: null, activeSubscriptions: 0, queues: { openReports: 0 } });
      expect(res.json().data.sales.every((d: { grossSales: number }) => d.grossSales === 0)).toBe(true);
    } finally {
      await fresh.close();
    }
  });
});
