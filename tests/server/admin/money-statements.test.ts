import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { allRows, createPerformerWithToken, createUserWithToken, tables } from '../../support/db';
import { fundWallet } from '../../support/money';
import { startTestServer, type TestServer } from '../../support/server';
import { createItem } from '../wallet-charges/charge-helpers';
import { as, ok, type Account } from './money-helpers';

jest.setTimeout(120_000);

let server: TestServer;
let app: FastifyInstance;
let admin: Account;
let fan: Account;
let creator: Account;

type Entry = { _id: string; kind: string; amount: number; balanceAfter: number; transactionId: string; description: string };
type Statement = { account: { _id: string; kind: string; balance: number }; data: Entry[]; total: number };
type Accounts = { user: { _id: string } | null; accounts: { _id: string; kind: string; balance: number; owner: { _id: string } | null }[] };

beforeAll(async () => {
  server = await startTestServer();
  app = server.app;
  admin = await createUserWithToken(app, { role: 'admin' });
  fan = await createUserWithToken(app, { username: `fan_${crypto.randomBytes(3).toString('hex')}` });
  creator = await createPerformerWithToken(app);
  // Eleven movements of the fan's wallet, in and out: 3 top-ups, 7 purchases, 1 refund.
  for (const tokens of [40, 25.5, 10]) await fundWallet(app, fan.user.id, tokens);
  const sales: string[] = [];
  for (const price of [3, 4.25, 1.1, 9.99, 2, 6, 5]) {
    const id = await createItem(app, 'feed', creator.user.id, 'sale', price);
    sales.push((await ok<{ transactionId: string }>(as(app, fan, 'POST', `/wallet/charges/feed/${id}`))).transactionId);
  }
  await ok(as(app, admin, 'POST', `/admin/transactions/${sales[3]}/refund`, { reason: 'refund for the statement' }));
});
afterAll(() => server.close());

const accounts = (query: string, who: Account = admin) => as(app, who, 'GET', `/admin/ledger/accounts${query}`);
const statement = (id: string, query = '', who: Account = admin) => as(app, who, 'GET', `/admin/ledger/accounts/${id}/entries${query}`);

describe('GET /admin/ledger/accounts', () => {
  it('lists a user\'s accounts (by username or id) with balances, then the platform\'s two', async () => {
    const byName = await ok<Accounts>(accounts(`?user=${fan.user.username}`));
    expect(byName.user).toMatchObject({ _id: fan.user.id });
    // 75.50 in, 31.34 spent, 9.99 back.
    expect(byName.accounts.map((a) => [a.kind, a.balance, a.owner?._id ?? null])).toEqual([
      ['wallet', 54.15, fan.user.id], ['gateway_clearing', -75.5, null], ['platform_revenue', 4.27, null],
    ]);
    const byId = await ok<Accounts>(accounts(`?user=${creator.user.id.toUpperCase()}`));
    expect(byId.accounts.map((a) => [a.kind, a.balance])).toEqual([['earnings', 17.08], ['gateway_clearing', -75.5], ['platform_revenue', 4.27]]);
    const platform = await ok<Accounts>(accounts(''));
    expect([platform.user, platform.accounts.map((a) => a.kind)]).toEqual([null, ['gateway_clearing', 'platform_revenue']]);
  });

  it('answers 404 for an unknown user and 400 for a bad query', async () => {
    expect([(await accounts('?user=nobody_at_all')).statusCode, (await accounts('?user=nobody_at_all')).json().message]).toEqual([404, 'User not found']);
    expect((await accounts(`?user=${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect((await accounts('?owner=x')).statusCode).toBe(400);
    expect((await accounts('', fan)).statusCode).toBe(403);
  });
});

describe('GET /admin/ledger/accounts/:id/entries', () => {
  const walletId = async () => (await ok<Accounts>(accounts(`?user=${fan.user.id}`))).accounts.find((a) => a.kind === 'wallet')!._id;

  it('gives the entries newest first with the balance after each, consistent across pages', async () => {
    const id = await walletId();
    const pages: Entry[] = [];
    const totals: number[] = [];
    for (let offset = 0; ; offset += 3) {
      const page = await ok<Statement>(statement(id, `?limit=3&offset=${offset}`));
      totals.push(page.total);
      expect(page.account).toMatchObject({ _id: id, kind: 'wallet', balance: 54.15 });
      pages.push(...page.data);
      if (page.data.length < 3) break;
    }
    expect([new Set(totals), pages.length]).toEqual([new Set([11]), 11]);
    expect(pages[0]!.balanceAfter).toBe(54.15);
    expect(pages.at(-1)).toMatchObject({ kind: 'top_up', amount: 40, balanceAfter: 40 });
    // Each balance is the older one plus this entry, across every page boundary; in cents, exactly.
    for (let i = 0; i < pages.length - 1; i++) {
      expect(Math.round(pages[i]!.balanceAfter * 100)).toBe(Math.round(pages[i + 1]!.balanceAfter * 100) + Math.round(pages[i]!.amount * 100));
    }
    expect(pages[0]).toMatchObject({ kind: 'refund', amount: 9.99, description: 'Refund of a post purchase' });
    expect(pages[1]).toMatchObject({ kind: 'feed', amount: -5, balanceAfter: 44.16 });
    const one = await ok<Statement>(statement(id, '?limit=1&offset=10'));
    expect(one.data.map((e) => e._id)).toEqual([pages[10]!._id]);
  });

  it('sums to the account\'s balance for the platform\'s accounts too', async () => {
    const platform = await ok<Accounts>(accounts(''));
    for (const account of platform.accounts) {
      const page = await ok<Statement>(statement(account._id, '?limit=100'));
      expect(page.data[0]!.balanceAfter).toBe(account.balance);
      const entries = (await allRows(app, tables.ledgerEntries)).filter((e) => e.accountId === account._id);
      expect(page.total).toBe(entries.length);
    }
  });

  it('answers 404 for an unknown account, 400 for a malformed one or a bad page, 403 for others', async () => {
    expect((await statement(crypto.randomUUID())).statusCode).toBe(404);
    expect([(await statement('nope')).statusCode, (await statement('nope')).json().message]).toEqual([400, 'id must be a valid uuid']);
    const id = await walletId();
    expect((await statement(id, '?limit=0')).statusCode).toBe(400);
    expect((await statement(id, '', fan)).statusCode).toBe(403);
    expect((await statement(id, '', creator)).statusCode).toBe(403);
  });
});
