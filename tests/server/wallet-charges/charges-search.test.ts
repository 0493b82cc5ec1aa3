import { ledgerRepository } from '../../../src/server/modules/ledger/ledger.repository';
import { reversalPosting } from '../../../src/server/modules/ledger/postings';
import { startTestServer, type TestServer } from '../../support/server';
import { allRows, createPerformerWithToken, createUserWithToken, tables } from '../../support/db';
import { fundWallet } from '../../support/money';
import { call, createItem } from './charge-helpers';

jest.setTimeout(120_000);

let server: TestServer;
type Account = Awaited<ReturnType<typeof createUserWithToken>>;
let alice: Account;
let bob: Account;
let creatorA: Account;
let creatorB: Account;
let videoId: string;
let refundedTipId: string;

const search = (token: string | undefined, query = '') => call(server.app, 'GET', `/wallet/charges/search${query}`, { token });

beforeAll(async () => {
  server = await startTestServer();
  [alice, bob] = await Promise.all([createUserWithToken(server.app, { name: 'Alice' }), createUserWithToken(server.app, { name: 'Bob' })]);
  creatorA = await createPerformerWithToken(server.app, { name: 'Creator A' });
  creatorB = await createPerformerWithToken(server.app, { name: 'Creator B' });
  await fundWallet(server.app, alice.user.id, 200);
  await fundWallet(server.app, bob.user.id, 200);
  await fundWallet(server.app, creatorA.user.id, 100);
  const tip = async (who: Account, to: Account, amount: number, message?: string) => {
    const res = await call(server.app, 'POST', `/wallet/charges/tip/${to.user.id}`, { token: who.token }, { amount, message });
    expect(res.statusCode).toBe(200);
    return res.json().data.transactionId as string;
  };
  refundedTipId = await tip(alice, creatorA, 10, 'first');
  await tip(alice, creatorB, 20);
  videoId = await createItem(server.app, 'video', creatorA.user.id, 'sale', 15);
  expect((await call(server.app, 'POST', `/wallet/charges/video/${videoId}`, { token: alice.token })).statusCode).toBe(200);
  await tip(bob, creatorA, 30);
  await tip(creatorA, creatorB, 11); // a creator spends as a fan too
  // A refund of Alice's first tip, as the refunds issue will post it.
  await server.app.db.transaction(async (tx) => {
    const [original] = (await tx.select().from(tables.ledgerTransactions)).filter((t) => t.id === refundedTipId);
    const entries = await ledgerRepository.entriesOf(tx, refundedTipId);
    await ledgerRepository.post(tx, reversalPosting(original, entries, 'Refund'));
  });
});
afterAll(() => server.close());

describe('GET /wallet/charges/search', () => {
  it('a fan sees only their own spending, newest first, with the creator and refunds flagged', async () => {
    const res = await search(alice.token);
    expect(res.statusCode).toBe(200);
    const { data, total } = res.json().data;
    expect(total).toBe(3);
    expect(data.map((c: { type: string; amount: number }) => [c.type, c.amount])).toEqual([['video', 15], ['tip', 20], ['tip', 10]]);
    expect(data[0]).toMatchObject({ objectType: 'video', objectId: videoId, commission: 3, net: 12, refunded: false, performer: { _id: creatorA.user.id, name: 'Creator A' } });
    expect(data[2]).toMatchObject({ _id: refundedTipId, message: 'first', refunded: true });
    expect(Object.keys(data[0].performer).sort()).toEqual(['_id', 'avatar', 'createdAt', 'isPerformer', 'name', 'username']);
    expect(JSON.stringify(res.json())).not.toMatch(/email/);
  });

  it('another fan never sees them', async () => {
    const { data, total } = (await search(bob.token)).json().data;
    expect(total).toBe(1);
    expect(data[0]).toMatchObject({ type: 'tip', amount: 30, user: { _id: bob.user.id } });
    // Filtering by someone else's creator still only reads the caller's own rows.
    expect((await search(bob.token, `?performerId=${creatorB.user.id}`)).json().data.total).toBe(0);
  });

  it('filters by type, creator and dates, and pages', async () => {
    expect((await search(alice.token, '?type=tip')).json().data.total).toBe(2);
    expect((await search(alice.token, '?type=gallery')).json().data.total).toBe(0);
    expect((await search(alice.token, `?performerId=${creatorB.user.id}`)).json().data.data.map((c: { amount: number }) => c.amount)).toEqual([20]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await search(alice.token, `?fromDate=${today}&toDate=${today}`)).json().data.total).toBe(3);
    expect((await search(alice.token, '?toDate=2000-01-01')).json().data.total).toBe(0);
    const page2 = (await search(alice.token, '?offset=1&limit=1')).json().data;
    expect(page2).toMatchObject({ total: 3, data: [{ amount: 20 }] });
    expect((await search(alice.token, '?sortBy=amount&sort=asc')).json().data.data.map((c: { amount: number }) => c.amount)).toEqual([10, 15, 20]);
  });

  it('a creator sees the sales they received by default, and their own spending with view=spending', async () => {
    const sales = (await search(creatorA.token)).json().data;
    expect(sales.total).toBe(3);
    expect(sales.data.map((c: { user: { _id: string } }) => c.user._id).sort()).toEqual([alice.user.id, alice.user.id, bob.user.id].sort());
    const spending = (await search(creatorA.token, '?view=spending')).json().data;
    expect(spending).toMatchObject({ total: 1, data: [{ type: 'tip', amount: 11, performer: { _id: creatorB.user.id } }] });
  });

  it('refuses bad input, sales to fans, and signed-out callers', async () => {
    expect((await search(alice.token, '?view=sales')).statusCode).toBe(403);
    expect((await search(alice.token, '?type=refund')).statusCode).toBe(400);
    expect((await search(alice.token, '?fromDate=yesterday-ish')).statusCode).toBe(400);
    expect((await search(alice.token, '?performerId=nope')).statusCode).toBe(400);
    expect((await search(alice.token, '?limit=1000')).statusCode).toBe(400);
    expect((await search(undefined)).statusCode).toBe(401);
  });

  it('leaves refunds and top-ups out of the list', async () => {
    const kinds = new Set((await allRows(server.app, tables.ledgerTransactions)).map((t) => t.kind));
    expect(kinds.has('refund') && kinds.has('top_up')).toBe(true);
    const types = (await search(alice.token, '?limit=100')).json().data.data.map((c: { type: string }) => c.type);
    expect(types).not.toContain('refund');
    expect(types).not.toContain('top_up');
  });
});
