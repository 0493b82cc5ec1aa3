import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { earningsOf, ledgerRepository, PLATFORM_REVENUE } from '../../../src/server/modules/ledger/ledger.repository';
import { payoutReservePosting } from '../../../src/server/modules/ledger/postings';
import { allRows, createPerformerWithToken, createUserWithToken, tables } from '../../support/db';
import { balanceOf, expectLedgerSound, fundWallet, walletBalance } from '../../support/money';
import type { TestServer } from '../../support/server';
import { openConversation, sendOk, uploadPhoto } from '../messaging/messaging-world';
import { addAddress, buy as buyProduct } from '../orders/order-helpers';
import { createProduct } from '../products/product-helpers';
import { enableLive, goLive, startStreamingServer } from '../streaming/streaming-world';
import { createItem } from '../wallet-charges/charge-helpers';
import { as, auditRows, ok, refundSnapshot, type Account } from './money-helpers';

jest.setTimeout(240_000);

let server: TestServer;
let app: FastifyInstance;
let admin: Account;
beforeAll(async () => {
  server = await startStreamingServer();
  app = server.app;
  await enableLive(app);
  admin = await createUserWithToken(app, { role: 'admin', username: `ops_${crypto.randomBytes(3).toString('hex')}` });
});
afterAll(() => server.close());

type Kind = 'tip' | 'feed' | 'video' | 'gallery' | 'message' | 'stream' | 'product' | 'digital';
interface Sale {
  saleId: string;
  fan: Account;
  creator: Account;
  /** What the fan bought (null for a tip). */
  objectId: string | null;
  entitlementType: string | null;
  orderId?: string;
}

/** A sale of 10 tokens (a product: 2 × 5) made through the real route, by a fresh fan with 30 tokens. */
async function sell(kind: Kind, creator?: Account): Promise<Sale> {
  const seller = creator ?? (await createPerformerWithToken(app));
  const fan = await createUserWithToken(app);
  await fundWallet(app, fan.user.id, 30);
  const charge = (url: string, body: object = {}) => ok<{ transactionId: string; order?: { _id: string } }>(as(app, fan, 'POST', url, body));
  if (kind === 'tip') {
    const { transactionId } = await charge(`/wallet/charges/tip/${seller.user.id}`, { amount: 10, message: 'for you' });
    return { saleId: transactionId, fan, creator: seller, objectId: null, entitlementType: null };
  }
  if (kind === 'feed' || kind === 'video' || kind === 'gallery') {
    const id = await createItem(app, kind, seller.user.id, 'sale', 10);
    const { transactionId } = await charge(`/wallet/charges/${kind}/${id}`);
    return { saleId: transactionId, fan, creator: seller, objectId: id, entitlementType: kind };
  }
  if (kind === 'message') {
    const conversationId = await openConversation(app, fan, seller);
    const msg = await sendOk(app, seller.token, conversationId, { text: 'paid', fileIds: [await uploadPhoto(app, seller.token)], price: 10 });
    const { transactionId } = await charge(`/wallet/charges/message/${msg._id}`);
    return { saleId: transactionId, fan, creator: seller, objectId: msg._id, entitlementType: 'message' };
  }
  if (kind === 'stream') {
    const stream = await goLive(app, seller, { access: 'sale', price: 10 });
    const { transactionId } = await charge(`/wallet/charges/stream/${stream._id}`);
    return { saleId: transactionId, fan, creator: seller, objectId: stream._id, entitlementType: 'stream' };
  }
  const digital = kind === 'digital';
  const product = await createProduct(app, seller.token, digital ? { type: 'digital', price: 10 } : { price: 5, stock: 4 });
  const body = digital ? {} : { quantity: 2, addressId: await addAddress(app, fan.token) };
  const res = await buyProduct(app, fan.token, product._id, body);
  if (res.statusCode !== 200) throw new Error(res.body);
  const order = res.json().data.order as { _id: string };
  const row = (await allRows(app, tables.orders)).find((o) => o.id === order._id)!;
  return { saleId: row.ledgerTransactionId, fan, creator: seller, objectId: product._id, entitlementType: 'product', orderId: order._id };
}

const refund = (id: string, reason: unknown = 'Fan asked, content did not play', who: Account | null = admin, key?: string) =>
  as(app, who, 'POST', `/admin/transactions/${id}/refund`, { reason }, key);
const entitlementsOf = async (userId: string, objectId: string | null) =>
  (await allRows(app, tables.entitlements)).filter((e) => e.userId === userId && e.objectId === objectId);

describe('POST /admin/transactions/:id/refund', () => {
  it.each<Kind>(['tip', 'feed', 'video', 'gallery', 'message', 'stream', 'product', 'digital'])(
    'refunds a %s sale: the wallet gets the gross back, the creator and the platform give back their shares, what was bought goes',
    async (kind) => {
      const sale = await sell(kind);
      if (sale.entitlementType) expect(await entitlementsOf(sale.fan.user.id, sale.objectId)).toHaveLength(1);
      const earnings = await balanceOf(app, earningsOf(sale.creator.user.id));
      const platform = await balanceOf(app, PLATFORM_REVENUE);
      expect(await walletBalance(app, sale.fan.user.id)).toBe(20);
      const stockBefore = sale.orderId ? (await allRows(app, tables.products)).find((p) => p.id === sale.objectId)! : null;

      const pushed = jest.spyOn(app.realtime, 'toUser');
      const data = await ok<{ sale: Record<string, unknown>; refund: Record<string, unknown> }>(refund(sale.saleId));
      // The fan's balance is pushed after the commit, as every wallet change is.
      expect(pushed).toHaveBeenCalledWith(sale.fan.user.id, 'balance_updated', { balance: 30 });
      pushed.mockRestore();
      expect(data.sale).toMatchObject({ _id: sale.saleId, refunded: true, refundable: false, refundTransactionId: data.refund._id, gross: 10, commission: 2, net: 8 });
      expect(data.refund).toMatchObject({
        kind: 'refund', reversesId: sale.saleId, gross: 10, commission: 2, net: 8, message: 'Fan asked, content did not play', refundable: false,
        user: expect.objectContaining({ _id: sale.fan.user.id }), performer: expect.objectContaining({ _id: sale.creator.user.id }),
      });

      expect(await walletBalance(app, sale.fan.user.id)).toBe(30);
      expect(await balanceOf(app, earningsOf(sale.creator.user.id))).toBeCloseTo(earnings - 8, 10);
      expect(await balanceOf(app, PLATFORM_REVENUE)).toBeCloseTo(platform - 2, 10);
      if (sale.entitlementType) expect(await entitlementsOf(sale.fan.user.id, sale.objectId)).toEqual([]);
      if (sale.orderId) {
        const order = (await allRows(app, tables.orders)).find((o) => o.id === sale.orderId)!;
        expect(order).toMatchObject({ status: 'refunded', refundTransactionId: data.refund._id });
        const product = (await allRows(app, tables.products)).find((p) => p.id === sale.objectId)!;
        if (kind === 'product') expect([product.stock, product.totalSold]).toEqual([stockBefore!.stock! + 2, stockBefore!.totalSold - 2]);
        else expect(product.totalSold).toBe(stockBefore!.totalSold - 1);
        const detail = await ok<{ downloadUrl: string | null; status: string }>(as(app, sale.fan, 'GET', `/orders/${sale.orderId}`));
        expect(detail).toMatchObject({ status: 'refunded', downloadUrl: null });
      }
      const audit = await auditRows(app, 'sale.refund', sale.saleId);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        actorId: admin.user.id, targetType: 'ledger_transaction',
        before: expect.objectContaining({ refunded: false, kind: kind === 'digital' ? 'product' : kind }),
        after: expect.objectContaining({ refunded: true, refundTransactionId: data.refund._id, reason: 'Fan asked, content did not play' }),
      });
      await expectLedgerSound(app);
    },
  );

  it('refunds once: a second refund is a 409 and changes nothing', async () => {
    const sale = await sell('video');
    await ok(refund(sale.saleId));
    const before = await refundSnapshot(app);
    const again = await refund(sale.saleId);
    expect([again.statusCode, again.json().message]).toEqual([409, 'This sale is already refunded']);
    expect(await refundSnapshot(app)).toEqual(before);
    const product = await sell('product');
    await ok(refund(product.saleId));
    expect((await refund(product.saleId)).json().message).toBe('This sale is already refunded');
    await expectLedgerSound(app);
  });

  it.each<Kind>(['gallery', 'product'])('refunds a %s sale once when ten operators refund it at the same moment', async (kind) => {
    const sale = await sell(kind);
    const results = await Promise.all(Array.from({ length: 10 }, () => refund(sale.saleId)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
    const refunds = (await allRows(app, tables.ledgerTransactions)).filter((t) => t.reversesId === sale.saleId);
    expect(refunds).toHaveLength(1);
    expect(await walletBalance(app, sale.fan.user.id)).toBe(30);
    expect(await auditRows(app, 'sale.refund', sale.saleId)).toHaveLength(1);
    await expectLedgerSound(app);
  });

  it('refunds a product once when the console and the seller refund it at the same moment', async () => {
    const sale = await sell('product');
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2
      ? refund(sale.saleId)
      : as(app, sale.creator, 'PUT', `/orders/${sale.orderId}/update`, { status: 'refunded' }))));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    // The losers learn it was refunded already (whichever path got there first), never another error.
    expect(results.filter((r) => r.statusCode !== 200 && r.statusCode !== 409).map((r) => r.body)).toEqual([]);
    expect((await allRows(app, tables.ledgerTransactions)).filter((t) => t.reversesId === sale.saleId)).toHaveLength(1);
    expect(await walletBalance(app, sale.fan.user.id)).toBe(30);
    await expectLedgerSound(app);
  });

  it('is a 422 with the figures when the creator\'s earnings no longer cover it (paid out or reserved), and changes nothing', async () => {
    const creator = await createPerformerWithToken(app, { name: 'Aurora Lane' });
    const sale = await sell('video', creator);
    // The creator asked for a payout of everything: 8.00 earned, 5.00 of it set aside.
    await app.db.transaction((tx) => ledgerRepository.post(tx, payoutReservePosting(creator.user.id, 500, crypto.randomUUID())));
    const before = await refundSnapshot(app);
    const res = await refund(sale.saleId);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe("Aurora Lane's earnings no longer cover this refund: they hold 3.00 of the 8.00 tokens it takes back (the rest was paid out or is reserved for a payout)");
    expect(await refundSnapshot(app)).toEqual(before);
    expect(await entitlementsOf(sale.fan.user.id, sale.objectId)).toHaveLength(1);
    await expectLedgerSound(app);
  });

  it('replays an Idempotency-Key: one refund, the same answer; the key with another body is a 409', async () => {
    const sale = await sell('tip');
    const key = crypto.randomUUID();
    const first = await refund(sale.saleId, 'duplicate tip', admin, key);
    const second = await refund(sale.saleId, 'duplicate tip', admin, key);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect((await refund(sale.saleId, 'another reason', admin, key)).statusCode).toBe(409);
    expect((await allRows(app, tables.ledgerTransactions)).filter((t) => t.reversesId === sale.saleId)).toHaveLength(1);
    expect(await auditRows(app, 'sale.refund', sale.saleId)).toHaveLength(1);
    await expectLedgerSound(app);
  });

  it('refuses what is not a wallet sale with 422 and the reason', async () => {
    const fan = await createUserWithToken(app);
    await fundWallet(app, fan.user.id, 30);
    const all = await allRows(app, tables.ledgerTransactions);
    const topUp = all.find((t) => t.kind === 'top_up' && t.userId === fan.user.id)!;
    const sale = await sell('tip');
    const { refund: refundTxn } = await ok<{ refund: { _id: string } }>(refund(sale.saleId));
    const creator = await createPerformerWithToken(app);
    await sell('tip', creator);
    const payout = await app.db.transaction((tx) => ledgerRepository.post(tx, payoutReservePosting(creator.user.id, 100, crypto.randomUUID())));
    const subscription = await app.db.transaction(async (tx) => ledgerRepository.post(tx, {
      kind: 'subscription', userId: fan.user.id, performerId: creator.user.id, grossCents: 500, commissionCents: 100,
      entries: [{ account: { kind: 'gateway_clearing', ownerId: null }, amountCents: -500 }, { account: earningsOf(creator.user.id), amountCents: 400 }, { account: PLATFORM_REVENUE, amountCents: 100 }],
    }));

    const before = await refundSnapshot(app);
    const cases: [string, string][] = [
      [topUp.id, 'A top-up is refunded to the card it was paid with: use Card payments'],
      [refundTxn._id, 'This is a refund: it cannot be refunded'],
      [payout.id, 'Payout movements are not sales and cannot be refunded'],
      [subscription.id, 'Subscription payments are not refunded: cancel the subscription instead (access lasts to the end of the period paid for)'],
    ];
    for (const [id, message] of cases) {
      const res = await refund(id);
      expect({ status: res.statusCode, message: res.json().message }).toEqual({ status: 422, message });
    }
    expect(await refundSnapshot(app)).toEqual(before);
    await expectLedgerSound(app);
  });

  it('answers bad input with a 4xx naming the field, and writes nothing', async () => {
    const sale = await sell('feed');
    const before = await refundSnapshot(app);
    const cases: [string, unknown, number, string][] = [
      ['not-a-uuid', 'reason', 400, 'id must be a valid uuid'],
      [crypto.randomUUID(), 'reason', 404, 'Transaction not found'],
      [sale.saleId, '   ', 400, 'Give a reason for the refund'],
      [sale.saleId, 'x'.repeat(501), 400, 'reason must be at most 500 characters'],
    ];
    for (const [id, reason, status, message] of cases) {
      const res = await refund(id, reason);
      expect({ status: res.statusCode, message: res.json().message }).toEqual({ status, message });
    }
    const noBody = await as(app, admin, 'POST', `/admin/transactions/${sale.saleId}/refund`, {});
    expect([noBody.statusCode, noBody.json().details]).toEqual([400, [{ field: 'reason', message: 'reason is required' }]]);
    expect(await refundSnapshot(app)).toEqual(before);
  });

  it('is for operators only: the fan who paid, the creator and a visitor change nothing', async () => {
    const sale = await sell('gallery');
    const before = await refundSnapshot(app);
    expect((await refund(sale.saleId, 'mine', sale.fan)).statusCode).toBe(403);
    expect((await refund(sale.saleId, 'mine', sale.creator)).statusCode).toBe(403);
    expect((await refund(sale.saleId, 'mine', null)).statusCode).toBe(401);
    expect(await refundSnapshot(app)).toEqual(before);
  });

  it('audits an operator\'s refund of an order through the orders route, not the seller\'s', async () => {
    const bySeller = await sell('product');
    await ok(as(app, bySeller.creator, 'PUT', `/orders/${bySeller.orderId}/update`, { status: 'refunded' }));
    expect(await auditRows(app, 'sale.refund', bySeller.saleId)).toEqual([]);
    const byAdmin = await sell('product');
    await ok(as(app, admin, 'PUT', `/orders/${byAdmin.orderId}/update`, { status: 'refunded' }));
    expect(await auditRows(app, 'sale.refund', byAdmin.saleId)).toEqual([
      expect.objectContaining({ actorId: admin.user.id, after: expect.objectContaining({ refunded: true, orderId: byAdmin.orderId }) }),
    ]);
    await expectLedgerSound(app);
  });
});
