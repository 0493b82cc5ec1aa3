import { Type } from 'typebox';
import { defineRoute, Envelope, ErrorBody } from '../../../src/common/contract/common';
import { addRoute } from '../../../src/server/lib/route';
import { paymentRequired } from '../../../src/server/lib/http-error';
import {
  earningsOf,
  InsufficientFunds,
  ledgerRepository,
  PLATFORM_REVENUE,
  walletOf,
} from '../../../src/server/modules/ledger/ledger.repository';
import { salePosting } from '../../../src/server/modules/ledger/postings';
import { checkLedger } from '../../../src/server/modules/ledger/ledger-check.repository';
import { startTestServer, type TestServer } from '../../support/server';
import { createPerformerWithToken, createUserWithToken } from '../../support/db';
import { balanceOf, expectLedgerSound, fundWallet, walletBalance } from '../../support/money';

/** A test-only idempotent route that spends from the caller's wallet, so the plugin is tested alone. */
const spend = defineRoute({
  method: 'POST', url: '/test/spend/:performerId', auth: 'required', idempotent: true, summary: 'test', tags: ['test'],
  schema: {
    params: Type.Object({ performerId: Type.String() }),
    body: Type.Object({ amount: Type.Integer({ minimum: 1 }) }),
    response: { 200: Envelope(Type.Object({ transactionId: Type.String(), balance: Type.Number() })), 402: ErrorBody, 409: ErrorBody },
  },
});

let server: TestServer;
let calls = 0;

beforeAll(async () => {
  server = await startTestServer({}, {
    setup: (app) => addRoute(app, spend, async (request) => {
      calls += 1;
      // Long enough that concurrent repeats arrive while the first is still running.
      await new Promise((r) => setTimeout(r, 30));
      try {
        const result = await app.db.transaction((tx) => ledgerRepository.post(tx, salePosting({
          kind: 'tip', userId: request.user!.id, performerId: request.params.performerId, grossCents: request.body.amount, commissionBasisPoints: 2000,
        })));
        return { data: { transactionId: result.id, balance: result.balances.get(`wallet:${request.user!.id}`)! / 100 } };
      } catch (err) {
        if (err instanceof InsufficientFunds) throw paymentRequired('Not enough tokens', err.missingCents / 100);
        throw err;
      }
    }),
  });
});
afterAll(() => server.close());

describe('ledger postings', () => {
  it('moves a sale from the wallet to the creator net of commission and the platform, summing to zero', async () => {
    const fan = await createUserWithToken(server.app);
    const creator = await createPerformerWithToken(server.app);
    await fundWallet(server.app, fan.user.id, 100);
    const revenueBefore = await balanceOf(server.app, PLATFORM_REVENUE);
    const { id } = await server.app.db.transaction((tx) => ledgerRepository.post(tx, salePosting({
      kind: 'video', userId: fan.user.id, performerId: creator.user.id, grossCents: 1999, commissionBasisPoints: 2000,
    })));
    expect(await walletBalance(server.app, fan.user.id)).toBe(80.01);
    expect(await balanceOf(server.app, earningsOf(creator.user.id))).toBe(15.99);
    expect(await balanceOf(server.app, PLATFORM_REVENUE)).toBeCloseTo(revenueBefore + 4, 10);
    const entries = await ledgerRepository.entriesOf(server.app.db, id);
    expect(entries.reduce((s, e) => s + e.amountCents, 0)).toBe(0);
    await expectLedgerSound(server.app);
  });

  it('refuses an overdraft with the amount missing and writes nothing', async () => {
    const fan = await createUserWithToken(server.app);
    const creator = await createPerformerWithToken(server.app);
    await fundWallet(server.app, fan.user.id, 5);
    const attempt = server.app.db.transaction((tx) => ledgerRepository.post(tx, salePosting({
      kind: 'tip', userId: fan.user.id, performerId: creator.user.id, grossCents: 750, commissionBasisPoints: 2000,
    })));
    await expect(attempt).rejects.toMatchObject({ name: 'InsufficientFunds', missingCents: 250 });
    expect(await walletBalance(server.app, fan.user.id)).toBe(5);
    expect(await balanceOf(server.app, earningsOf(creator.user.id))).toBe(0);
    await expectLedgerSound(server.app);
  });

  it('rejects entries that do not sum to zero or are not whole cents', async () => {
    const fan = await createUserWithToken(server.app);
    await expect(server.app.db.transaction((tx) => ledgerRepository.post(tx, {
      kind: 'tip', grossCents: 1, entries: [{ account: walletOf(fan.user.id), amountCents: 1 }, { account: PLATFORM_REVENUE, amountCents: 1 }],
    }))).rejects.toThrow(/sum to zero/);
    await expect(server.app.db.transaction((tx) => ledgerRepository.post(tx, {
      kind: 'tip', grossCents: 1, entries: [{ account: walletOf(fan.user.id), amountCents: 0.5 }, { account: PLATFORM_REVENUE, amountCents: -0.5 }],
    }))).rejects.toThrow(/whole cents/);
  });

  it('the ledger check reports a cached balance that drifted from its entries', async () => {
    const fan = await createUserWithToken(server.app);
    await fundWallet(server.app, fan.user.id, 3);
    expect((await checkLedger(server.app.db)).ok).toBe(true);
    await server.app.db.transaction(async (tx) => {
      // Simulates a bug writing a balance without entries; restored before the transaction ends.
      await tx.execute(`update ledger_accounts set balance_cents = balance_cents + 1 where owner_id = '${fan.user.id}'` as never);
      const result = await checkLedger(tx);
      expect(result.ok).toBe(false);
      expect(result.breaches.join('\n')).toMatch(/cached 301 but entries sum to 300 cents/);
      expect(result.breaches.join('\n')).toMatch(/all balances sum to 1 cents/);
      await tx.execute(`update ledger_accounts set balance_cents = balance_cents - 1 where owner_id = '${fan.user.id}'` as never);
    });
    expect((await checkLedger(server.app.db)).ok).toBe(true);
  });
});

describe('concurrent debits', () => {
  it('200 concurrent spends of 10 against 1,000: exactly 100 succeed and the wallet ends at 0', async () => {
    const fan = await createUserWithToken(server.app);
    const creator = await createPerformerWithToken(server.app);
    await fundWallet(server.app, fan.user.id, 10);
    const results = await Promise.all(Array.from({ length: 200 }, () => server.app.inject({
      method: 'POST', url: `/test/spend/${creator.user.id}`, headers: { authorization: fan.token }, payload: { amount: 10 },
    })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(100);
    expect(results.filter((r) => r.statusCode === 402)).toHaveLength(100);
    expect(results.find((r) => r.statusCode === 402)!.json()).toMatchObject({ message: 'Not enough tokens', missingAmount: 0.1 });
    expect(await walletBalance(server.app, fan.user.id)).toBe(0);
    expect(await balanceOf(server.app, earningsOf(creator.user.id))).toBe(8);
    await expectLedgerSound(server.app);
  });
});

describe('Idempotency-Key', () => {
  const send = (token: string, performerId: string, key: string | undefined, amount = 100) => server.app.inject({
    method: 'POST', url: `/test/spend/${performerId}`, payload: { amount },
    headers: { authorization: token, ...(key ? { 'idempotency-key': key } : {}) },
  });

  it('50 concurrent requests with one key run once and all get the same answer', async () => {
    const fan = await createUserWithToken(server.app);
    const creator = await createPerformerWithToken(server.app);
    await fundWallet(server.app, fan.user.id, 50);
    calls = 0;
    const results = await Promise.all(Array.from({ length: 50 }, () => send(fan.token, creator.user.id, 'tip-once')));
    expect(calls).toBe(1);
    expect(new Set(results.map((r) => r.body)).size).toBe(1);
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(results.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(49);
    expect(await walletBalance(server.app, fan.user.id)).toBe(49);
    await expectLedgerSound(server.app);
  });

  it('a later repeat replays the answer; another body with the key is a 409; keys are per user', async () => {
    const fan = await createUserWithToken(server.app);
    const other = await createUserWithToken(server.app);
    const creator = await createPerformerWithToken(server.app);
    await fundWallet(server.app, fan.user.id, 10);
    await fundWallet(server.app, other.user.id, 10);
    const first = await send(fan.token, creator.user.id, 'k1');
    const again = await send(fan.token, creator.user.id, 'k1');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const different = await send(fan.token, creator.user.id, 'k1', 200);
    expect(different.statusCode).toBe(409);
    expect(different.json().message).toBe('This Idempotency-Key was already used for a different request');
    expect((await send(other.token, creator.user.id, 'k1')).statusCode).toBe(200);
    expect(await walletBalance(server.app, fan.user.id)).toBe(9);
    expect(await walletBalance(server.app, other.user.id)).toBe(9);
  });

  it('without a key each request runs; a malformed key is a 400 that runs nothing', async () => {
    const fan = await createUserWithToken(server.app);
    const creator = await createPerformerWithToken(server.app);
    await fundWallet(server.app, fan.user.id, 10);
    await send(fan.token, creator.user.id, undefined);
    await send(fan.token, creator.user.id, undefined);
    const bad = await send(fan.token, creator.user.id, 'x'.repeat(256));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Idempotency-Key must be 1 to 255/);
    expect(await walletBalance(server.app, fan.user.id)).toBe(8);
  });
});
