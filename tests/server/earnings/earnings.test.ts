import { allRows, createPerformerWithToken, createUserWithToken, tables } from '../../support/db';
import { expectLedgerSound } from '../../support/money';
import { startTestServer, type TestServer } from '../../support/server';
import { ledgerRepository } from '../../../src/server/modules/ledger/ledger.repository';
import { reversalPosting } from '../../../src/server/modules/ledger/postings';
import { addBanking, sell } from '../payouts/payout-fixtures';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(() => server.close());

type Account = { user: { id: string }; token: string };
const get = (url: string, who: Account | null) => server.app.inject({ method: 'GET', url, headers: who ? { authorization: who.token } : {} });

/** Refunds a sale the way the refund code does: the opposite entries, a new transaction. */
async function refund(saleId: string) {
  const original = (await allRows(server.app, tables.ledgerTransactions)).find((t) => t.id === saleId)!;
  await server.app.db.transaction(async (tx) => {
    const entries = await ledgerRepository.entriesOf(tx, saleId);
    await ledgerRepository.post(tx, reversalPosting(original, entries, 'Refund'));
  });
}

describe('earnings', () => {
  it('lists sales with fan, commission (per-creator override) and net, and totals them', async () => {
    // 10 % instead of the site's 20 %.
    const creator = await createPerformerWithToken(server.app, {}, { commissionBasisPoints: 1000 });
    const fan = await createUserWithToken(server.app, { name: 'Paying Fan' });
    await sell(server.app, creator.user.id, 20, 'tip', fan.user.id);
    await sell(server.app, creator.user.id, 9.99, 'video', fan.user.id);
    const refunded = await sell(server.app, creator.user.id, 15, 'product', fan.user.id);
    await sell(server.app, creator.user.id, 100, 'subscription');
    await refund(refunded);

    const res = await get('/performer/earning/search', creator);
    expect(res.statusCode).toBe(200);
    const { data, total } = res.json().data;
    expect(total).toBe(4);
    expect(data.map((e: { type: string }) => e.type)).toEqual(['subscription', 'product', 'video', 'tip']);
    expect(data[3]).toMatchObject({ type: 'tip', gross: 20, commission: 2, net: 18, refunded: false, user: { _id: fan.user.id, name: 'Paying Fan' } });
    expect(data[3].user).not.toHaveProperty('email');
    expect(data[2]).toMatchObject({ type: 'video', gross: 9.99, commission: 1, net: 8.99 });
    expect(data[1]).toMatchObject({ type: 'product', gross: 15, refunded: true });

    const tips = (await get('/performer/earning/search?type=tip', creator)).json().data;
    expect(tips.total).toBe(1);
    const paged = (await get('/performer/earning/search?limit=2&offset=2&sortBy=gross&sort=asc', creator)).json().data;
    expect(paged.data.map((e: { gross: number }) => e.gross)).toEqual([20, 100]);

    const stats = (await get('/performer/earning/stats', creator)).json().data;
    // The refunded product counts zero: 20 + 9.99 + 100.
    expect(stats.totals).toEqual({ gross: 129.99, commission: 13, net: 116.99, count: 3 });
    expect(stats.byType).toEqual([
      { type: 'tip', gross: 20, commission: 2, net: 18, count: 1 },
      { type: 'video', gross: 9.99, commission: 1, net: 8.99, count: 1 },
      { type: 'subscription', gross: 100, commission: 10, net: 90, count: 1 },
    ]);
    expect(stats.balances).toEqual({ available: 116.99, reserved: 0, paidOut: 0 });
    expect(stats.series).toHaveLength(30);
    const today = new Date().toISOString().slice(0, 10);
    expect(stats.series.at(-1)).toEqual({ start: today, gross: 129.99, commission: 13, net: 116.99, count: 3 });
    expect(stats.series.slice(0, -1).every((b: { gross: number }) => b.gross === 0)).toBe(true);
    await expectLedgerSound(server.app);
  });

  it('filters by date, groups by week and month, and reflects payouts in the balances', async () => {
    const creator = await createPerformerWithToken(server.app);
    await sell(server.app, creator.user.id, 100, 'feed');
    await addBanking(server.app, creator.token);
    await server.app.inject({ method: 'POST', url: '/payout-requests', headers: { authorization: creator.token }, payload: { amount: 50, method: 'banking' } });
    const today = new Date().toISOString().slice(0, 10);

    expect((await get(`/performer/earning/search?fromDate=${today}&toDate=${today}`, creator)).json().data.total).toBe(1);
    expect((await get('/performer/earning/search?toDate=2020-01-01', creator)).json().data.total).toBe(0);
    const past = (await get('/performer/earning/stats?fromDate=2020-01-01&toDate=2020-01-31', creator)).json().data;
    expect(past.totals).toEqual({ gross: 0, commission: 0, net: 0, count: 0 });
    expect(past.series).toHaveLength(31);
    expect(past.balances).toEqual({ available: 30, reserved: 50, paidOut: 0 });

    const weeks = (await get('/performer/earning/stats?period=week', creator)).json().data;
    expect(weeks.series).toHaveLength(12);
    expect(new Date(`${weeks.series[0].start}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(weeks.series.at(-1).gross).toBe(100);
    const months = (await get('/performer/earning/stats?period=month', creator)).json().data;
    expect(months.series).toHaveLength(12);
    expect(months.series.at(-1)).toMatchObject({ start: `${today.slice(0, 7)}-01`, net: 80 });
  });

  it('refuses bad queries and non-creators', async () => {
    const creator = await createPerformerWithToken(server.app);
    const fan = await createUserWithToken(server.app);
    for (const url of [
      '/performer/earning/search?type=refund', '/performer/earning/search?fromDate=yesterday',
      '/performer/earning/search?fromDate=2024-02-01&toDate=2024-01-01', '/performer/earning/stats?period=year',
      '/performer/earning/stats?fromDate=2000-01-01&toDate=2024-01-01', '/performer/earning/search?limit=101',
    ]) {
      expect({ url, status: (await get(url, creator)).statusCode }).toEqual({ url, status: 400 });
    }
    expect((await get('/performer/earning/stats?fromDate=2000-01-01&toDate=2024-01-01', creator)).json().message).toMatch(/too many days/);
    expect((await get('/performer/earning/search', fan)).statusCode).toBe(403);
    expect((await get('/performer/earning/stats', fan)).statusCode).toBe(403);
    expect((await get('/performer/earning/stats', null)).statusCode).toBe(401);
  });

  it('shows a creator only their own sales', async () => {
    const a = await createPerformerWithToken(server.app);
    const b = await createPerformerWithToken(server.app);
    await sell(server.app, a.user.id, 30);
    expect((await get('/performer/earning/search', b)).json().data.total).toBe(0);
    expect((await get('/performer/earning/stats', b)).json().data.totals.gross).toBe(0);
  });
});
