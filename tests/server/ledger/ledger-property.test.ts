import fc from 'fast-check';
import { commissionOf } from '../../../src/common/lib/money';
import {
  earningsOf,
  InsufficientFunds,
  ledgerRepository,
  PLATFORM_REVENUE,
  reserveOf,
  walletOf,
  type Posting,
} from '../../../src/server/modules/ledger/ledger.repository';
import { payoutReservePosting, payoutSettlePosting, reversalPosting, salePosting, topUpPosting } from '../../../src/server/modules/ledger/postings';
import { checkLedger } from '../../../src/server/modules/ledger/ledger-check.repository';
import { startTestServer, type TestServer } from '../../support/server';
import { createPerformerWithToken, createUserWithToken } from '../../support/db';

/**
 * Random sequences of top-ups, sales, refunds, payout requests and their settlement, applied to
 * the real ledger and to a plain in-memory model of the balances. After every sequence the
 * balances agree and every ledger invariant holds; an operation the model refuses (an overdraft)
 * must be refused by the ledger too, writing nothing.
 */
jest.setTimeout(300_000);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Op =
  | { op: 'topUp'; fan: number; cents: number }
  | { op: 'sale'; fan: number; creator: number; cents: number; bp: number }
  | { op: 'refund'; pick: number }
  | { op: 'payout'; creator: number; cents: number }
  | { op: 'settle'; pick: number; paid: boolean };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('topUp' as const), fan: fc.nat(1), cents: fc.integer({ min: 1, max: 50_000 }) }),
  fc.record({ op: fc.constant('sale' as const), fan: fc.nat(1), creator: fc.nat(1), cents: fc.integer({ min: 1, max: 20_000 }), bp: fc.integer({ min: 0, max: 5000 }) }),
  fc.record({ op: fc.constant('refund' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('payout' as const), creator: fc.nat(1), cents: fc.integer({ min: 1, max: 20_000 }) }),
  fc.record({ op: fc.constant('settle' as const), pick: fc.nat(), paid: fc.boolean() }),
);

const post = (posting: Posting) => server.app.db.transaction((tx) => ledgerRepository.post(tx, posting));

/** Runs `posting` where the model says it fits, else expects the ledger to refuse it. */
async function apply(fits: boolean, posting: Posting): Promise<string | null> {
  if (fits) return (await post(posting)).id;
  await expect(post(posting)).rejects.toBeInstanceOf(InsufficientFunds);
  return null;
}

it('keeps balances equal to a simple model and every invariant true, whatever the sequence', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 25 }), async (ops) => {
      const fans = [(await createUserWithToken(server.app)).user.id, (await createUserWithToken(server.app)).user.id];
      const creators = [(await createPerformerWithToken(server.app)).user.id, (await createPerformerWithToken(server.app)).user.id];
      const wallet = new Map(fans.map((f) => [f, 0]));
      const earnings = new Map(creators.map((c) => [c, 0]));
      const reserve = new Map(creators.map((c) => [c, 0]));
      let platform = await ledgerRepository.balance(server.app.db, PLATFORM_REVENUE);
      const sales: { id: string; fan: string; creator: string; cents: number; commission: number; refunded: boolean }[] = [];
      const payouts: { id: string; creator: string; cents: number; settled: boolean }[] = [];

      for (const o of ops) {
        if (o.op === 'topUp') {
          const fan = fans[o.fan]!;
          await post(topUpPosting(fan, o.cents, crypto.randomUUID()));
          wallet.set(fan, wallet.get(fan)! + o.cents);
        } else if (o.op === 'sale') {
          const fan = fans[o.fan]!;
          const creator = creators[o.creator]!;
          const commission = commissionOf(o.cents, o.bp);
          const fits = wallet.get(fan)! >= o.cents;
          const id = await apply(fits, salePosting({ kind: 'tip', userId: fan, performerId: creator, grossCents: o.cents, commissionBasisPoints: o.bp }));
          if (id) {
            wallet.set(fan, wallet.get(fan)! - o.cents);
            earnings.set(creator, earnings.get(creator)! + o.cents - commission);
            platform += commission;
            sales.push({ id, fan, creator, cents: o.cents, commission, refunded: false });
          }
        } else if (o.op === 'refund') {
          const sale = sales.filter((s) => !s.refunded)[o.pick % Math.max(1, sales.length)];
          if (!sale) continue;
          const original = await server.app.db.transaction(async (tx) => ({
            entries: await ledgerRepository.entriesOf(tx, sale.id),
          }));
          const net = sale.cents - sale.commission;
          const fits = earnings.get(sale.creator)! >= net;
          const id = await apply(fits, reversalPosting(
            { id: sale.id, userId: sale.fan, performerId: sale.creator, objectType: null, objectId: null, grossCents: sale.cents, commissionCents: sale.commission },
            original.entries,
            'Refund',
          ));
          if (id) {
            sale.refunded = true;
            wallet.set(sale.fan, wallet.get(sale.fan)! + sale.cents);
            earnings.set(sale.creator, earnings.get(sale.creator)! - net);
            platform -= sale.commission;
            // A second reversal of the same transaction is refused by the unique key.
            await expect(post(reversalPosting(
              { id: sale.id, userId: sale.fan, performerId: sale.creator, objectType: null, objectId: null, grossCents: sale.cents, commissionCents: sale.commission },
              original.entries,
              'Refund again',
            ))).rejects.toThrow();
          }
        } else if (o.op === 'payout') {
          const creator = creators[o.creator]!;
          const requestId = crypto.randomUUID();
          const id = await apply(earnings.get(creator)! >= o.cents, payoutReservePosting(creator, o.cents, requestId));
          if (id) {
            earnings.set(creator, earnings.get(creator)! - o.cents);
            reserve.set(creator, reserve.get(creator)! + o.cents);
            payouts.push({ id: requestId, creator, cents: o.cents, settled: false });
          }
        } else {
          const payout = payouts.filter((p) => !p.settled)[o.pick % Math.max(1, payouts.length)];
          if (!payout) continue;
          await post(payoutSettlePosting(payout.creator, payout.cents, payout.id, o.paid ? 'payout_paid' : 'payout_rejected'));
          payout.settled = true;
          reserve.set(payout.creator, reserve.get(payout.creator)! - payout.cents);
          if (!o.paid) earnings.set(payout.creator, earnings.get(payout.creator)! + payout.cents);
        }
      }

      for (const fan of fans) expect(await ledgerRepository.balance(server.app.db, walletOf(fan))).toBe(wallet.get(fan));
      for (const c of creators) {
        expect(await ledgerRepository.balance(server.app.db, earningsOf(c))).toBe(earnings.get(c));
        expect(await ledgerRepository.balance(server.app.db, reserveOf(c))).toBe(reserve.get(c));
      }
      expect(await ledgerRepository.balance(server.app.db, PLATFORM_REVENUE)).toBe(platform);
      const check = await checkLedger(server.app.db);
      expect(check.breaches).toEqual([]);
    }),
    { numRuns: 25 },
  );
});
