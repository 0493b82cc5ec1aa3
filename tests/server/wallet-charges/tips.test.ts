import { NOT_AVAILABLE_MESSAGE } from '../../../src/common/contract/social';
import { earningsOf, PLATFORM_REVENUE } from '../../../src/server/modules/ledger/ledger.repository';
import { startTestServer, type TestServer } from '../../support/server';
import { allRows, createPerformerWithToken, createUserWithToken, tables } from '../../support/db';
import { balanceOf, expectLedgerSound, fundWallet, walletBalance } from '../../support/money';
import { call, GB_IP, moneySnapshot, type Caller } from './charge-helpers';

jest.setTimeout(120_000);

let server: TestServer;
type Account = Awaited<ReturnType<typeof createUserWithToken>>;
let creator: Account;
let fan: Account;

beforeAll(async () => {
  server = await startTestServer();
  creator = await createPerformerWithToken(server.app);
  fan = await createUserWithToken(server.app);
  await fundWallet(server.app, fan.user.id, 500);
});
afterAll(() => server.close());

const tip = (as: Caller, performerId: string, payload: object) => call(server.app, 'POST', `/wallet/charges/tip/${performerId}`, as, payload);

describe('POST /wallet/charges/tip/:performerId', () => {
  it('moves the tip from the wallet to the creator net of commission, with its message', async () => {
    const revenueBefore = await balanceOf(server.app, PLATFORM_REVENUE);
    const res = await tip({ token: fan.token }, creator.user.id, { amount: 25.5, message: '  thanks <b>a lot</b>  ' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ balance: 474.5, performerId: creator.user.id, amount: 25.5 });
    expect(await walletBalance(server.app, fan.user.id)).toBe(474.5);
    expect(await balanceOf(server.app, earningsOf(creator.user.id))).toBe(20.4);
    expect(await balanceOf(server.app, PLATFORM_REVENUE)).toBeCloseTo(revenueBefore + 5.1, 10);
    const txn = (await allRows(server.app, tables.ledgerTransactions)).find((t) => t.id === data.transactionId)!;
    expect(txn).toMatchObject({ kind: 'tip', userId: fan.user.id, performerId: creator.user.id, grossCents: 2550, commissionCents: 510, message: 'thanks <b>a lot</b>' });
    await expectLedgerSound(server.app);
  });

  it('uses the creator\'s own commission when an admin set one', async () => {
    const special = await createPerformerWithToken(server.app, {}, { commissionBasisPoints: 1000 });
    expect((await tip({ token: fan.token }, special.user.id, { amount: 10 })).statusCode).toBe(200);
    expect(await balanceOf(server.app, earningsOf(special.user.id))).toBe(9);
  });

  it.each([
    [{ amount: 10.123 }, 400, /at most two decimals/],
    [{ amount: 0 }, 400, /positive/],
    [{ amount: -10 }, 400, /positive/],
    [{ amount: 'ten' }, 400, /amount/],
    [{}, 400, /amount/],
    [{ amount: 9.99 }, 422, 'Tip amount must be between 10.00 and 10,000.00 tokens'],
    [{ amount: 10000.01 }, 422, 'Tip amount must be between 10.00 and 10,000.00 tokens'],
    [{ amount: 10, message: 'x'.repeat(501) }, 400, /at most 500/],
  ])('refuses %j with %i and writes nothing', async (body, status, message) => {
    const before = await moneySnapshot(server.app, fan.user.id);
    const res = await tip({ token: fan.token }, creator.user.id, body);
    expect(res.statusCode).toBe(status);
    if (typeof message === 'string') expect(res.json().message).toBe(message);
    else expect(res.json().message).toMatch(message);
    expect(await moneySnapshot(server.app, fan.user.id)).toEqual(before);
  });

  it('accepts the bounds themselves and follows the settings', async () => {
    expect((await tip({ token: fan.token }, creator.user.id, { amount: 10 })).statusCode).toBe(200);
    await server.app.settings.set({ minimumTipPrice: 20, maximumTipPrice: 30 });
    try {
      const res = await tip({ token: fan.token }, creator.user.id, { amount: 15 });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe('Tip amount must be between 20.00 and 30.00 tokens');
      expect((await tip({ token: fan.token }, creator.user.id, { amount: 30 })).statusCode).toBe(200);
    } finally {
      await server.app.settings.set({ minimumTipPrice: 10, maximumTipPrice: 10000 });
    }
  });

  it('404 for an unknown, non-performer or inactive creator; 422 tipping yourself; 401 signed out', async () => {
    const before = await moneySnapshot(server.app, fan.user.id);
    const other = await createUserWithToken(server.app);
    const inactive = await createPerformerWithToken(server.app, { status: 'inactive' });
    expect((await tip({ token: fan.token }, '00000000-0000-4000-8000-000000000000', { amount: 10 })).statusCode).toBe(404);
    expect((await tip({ token: fan.token }, other.user.id, { amount: 10 })).statusCode).toBe(404);
    expect((await tip({ token: fan.token }, inactive.user.id, { amount: 10 })).statusCode).toBe(404);
    expect((await tip({ token: fan.token }, 'not-a-uuid', { amount: 10 })).statusCode).toBe(400);
    expect((await tip({}, creator.user.id, { amount: 10 })).statusCode).toBe(401);
    await fundWallet(server.app, creator.user.id, 50);
    const self = await tip({ token: creator.token }, creator.user.id, { amount: 10 });
    expect(self.statusCode).toBe(422);
    expect(self.json().message).toBe('You cannot tip yourself');
    expect((await moneySnapshot(server.app, fan.user.id)).transactions).toBe(before.transactions + 1); // only the funding
  });

  it('402 with the missing amount when the wallet is short, writing nothing', async () => {
    const poor = await createUserWithToken(server.app);
    await fundWallet(server.app, poor.user.id, 12.5);
    const before = await moneySnapshot(server.app, poor.user.id);
    const res = await tip({ token: poor.token }, creator.user.id, { amount: 20 });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ missingAmount: 7.5, message: 'Not enough tokens: 7.50 more needed' });
    expect(await moneySnapshot(server.app, poor.user.id)).toEqual(before);
  });

  it('403 when the creator blocked the fan or their country', async () => {
    const blocked = await createUserWithToken(server.app);
    await fundWallet(server.app, blocked.user.id, 100);
    await server.app.db.insert(tables.blockedUsers).values({ performerId: creator.user.id, userId: blocked.user.id });
    const before = await moneySnapshot(server.app, blocked.user.id);
    const res = await tip({ token: blocked.token }, creator.user.id, { amount: 10 });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(NOT_AVAILABLE_MESSAGE);
    await server.app.db.insert(tables.blockedCountries).values({ performerId: creator.user.id, country: 'GB' });
    const fromGb = await tip({ token: fan.token, ip: GB_IP }, creator.user.id, { amount: 10 });
    expect(fromGb.statusCode).toBe(403);
    expect((await moneySnapshot(server.app, blocked.user.id)).transactions).toBe(before.transactions);
    expect(await walletBalance(server.app, blocked.user.id)).toBe(100);
  });
});

describe('concurrency', () => {
  it('200 concurrent tips of 10 against 1,000 tokens: exactly 100 succeed, the wallet ends at 0', async () => {
    const rich = await createUserWithToken(server.app);
    const target = await createPerformerWithToken(server.app);
    await fundWallet(server.app, rich.user.id, 1000);
    const results = await Promise.all(Array.from({ length: 200 }, () => tip({ token: rich.token }, target.user.id, { amount: 10 })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(100);
    expect(results.filter((r) => r.statusCode === 402)).toHaveLength(100);
    expect(await walletBalance(server.app, rich.user.id)).toBe(0);
    expect(await balanceOf(server.app, earningsOf(target.user.id))).toBe(800);
    const tips = (await allRows(server.app, tables.ledgerTransactions)).filter((t) => t.userId === rich.user.id && t.kind === 'tip');
    expect(tips).toHaveLength(100);
    await expectLedgerSound(server.app);
  });

  it('50 concurrent tips with one Idempotency-Key: one ledger transaction, identical answers', async () => {
    const payer = await createUserWithToken(server.app);
    const target = await createPerformerWithToken(server.app);
    await fundWallet(server.app, payer.user.id, 100);
    const results = await Promise.all(Array.from({ length: 50 }, () => tip({ token: payer.token, key: 'tip-key-1' }, target.user.id, { amount: 10 })));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(new Set(results.map((r) => r.body)).size).toBe(1);
    expect(await walletBalance(server.app, payer.user.id)).toBe(90);
    const tips = (await allRows(server.app, tables.ledgerTransactions)).filter((t) => t.userId === payer.user.id && t.kind === 'tip');
    expect(tips).toHaveLength(1);
    // The same key with another body is a conflict, and moves nothing.
    const other = await tip({ token: payer.token, key: 'tip-key-1' }, target.user.id, { amount: 20 });
    expect(other.statusCode).toBe(409);
    expect(await walletBalance(server.app, payer.user.id)).toBe(90);
    await expectLedgerSound(server.app);
  });
});
