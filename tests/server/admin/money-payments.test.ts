import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../../src/server/lib/http-error';
import { allRows, createPerformerWithToken, createUserWithToken, tables } from '../../support/db';
import { expectLedgerSound, walletBalance } from '../../support/money';
import { startTestServer, type TestServer } from '../../support/server';
import { createCoupon, newCard, topUp, VISA_DECLINE } from '../payments/payment-helpers';
import { createItem } from '../wallet-charges/charge-helpers';
import { as, auditRows, ok, refundSnapshot, type Account } from './money-helpers';

jest.setTimeout(120_000);

let server: TestServer;
let app: FastifyInstance;
let admin: Account;
beforeAll(async () => {
  server = await startTestServer();
  app = server.app;
  admin = await createUserWithToken(app, { role: 'admin' });
});
afterAll(() => server.close());
afterEach(() => jest.restoreAllMocks());

type Payment = { _id: string; status: string; kind: string; tokens: number; totalPrice: number; refundable: boolean; refundedAt: string | null; refundReason: string | null; gatewayRefundId: string | null; user: { _id: string } | null };

/** A fan who bought `amount` tokens by card (sandbox); answers the payment. */
async function toppedUp(amount = 20, extra: Record<string, unknown> = {}) {
  const fan = await createUserWithToken(app);
  const res = await topUp(app, fan.token, { amount, card: newCard(), ...extra });
  if (res.statusCode !== 200 || res.json().data.status !== 'succeeded') throw new Error(res.body);
  return { fan, payment: res.json().data as Payment };
}

const refund = (id: string, reason: unknown = 'Charged twice by mistake', who: Account = admin, key?: string) =>
  as(app, who, 'POST', `/admin/payments/${id}/refund`, { reason }, key);
const paymentRow = async (id: string) => (await allRows(app, tables.paymentTransactions)).find((p) => p.id === id)!;

describe('GET /admin/payments', () => {
  it('lists card payments across users, newest first, with filters by status, kind, user and date', async () => {
    const { fan, payment } = await toppedUp(15);
    const declined = await topUp(app, fan.token, { amount: 5, card: newCard(VISA_DECLINE) });
    expect(declined.json().data.status).toBe('failed');
    const other = await toppedUp(30);
    const all = await ok<{ data: Payment[]; total: number }>(as(app, admin, 'GET', '/admin/payments?limit=100'));
    expect(all.data.slice(0, 3).map((p) => p._id)).toEqual([other.payment._id, declined.json().data._id, payment._id]);
    expect(all.data[0]).toMatchObject({ kind: 'top_up', status: 'succeeded', tokens: 30, refundable: true, user: expect.objectContaining({ _id: other.fan.user.id }), refundedAt: null });
    const mine = await ok<{ data: Payment[]; total: number }>(as(app, admin, 'GET', `/admin/payments?userId=${fan.user.username}`));
    expect(mine.data.map((p) => [p._id, p.status, p.refundable])).toEqual([[declined.json().data._id, 'failed', false], [payment._id, 'succeeded', true]]);
    const failed = await ok<{ data: Payment[] }>(as(app, admin, 'GET', `/admin/payments?status=failed&userId=${fan.user.id}`));
    expect(failed.data).toHaveLength(1);
    expect((await ok<{ total: number }>(as(app, admin, 'GET', '/admin/payments?kind=subscription'))).total).toBe(0);
    expect((await ok<{ total: number }>(as(app, admin, 'GET', '/admin/payments?toDate=2020-01-01'))).total).toBe(0);
    const bad = await as(app, admin, 'GET', '/admin/payments?userId=ghost_user');
    expect([bad.statusCode, bad.json().details[0].field]).toEqual([400, 'userId']);
    expect((await as(app, fan, 'GET', '/admin/payments')).statusCode).toBe(403);
  });
});

describe('POST /admin/payments/:id/refund', () => {
  it('refunds the card through the gateway once, takes the tokens back and records the refund', async () => {
    const { fan, payment } = await toppedUp(20);
    const gatewayRefund = jest.spyOn(app.payments.gateway, 'refund');
    const pushed = jest.spyOn(app.realtime, 'toUser');
    const data = await ok<Payment>(refund(payment._id));
    expect(gatewayRefund).toHaveBeenCalledTimes(1);
    expect(pushed).toHaveBeenCalledWith(fan.user.id, 'balance_updated', { balance: 0 });
    expect(gatewayRefund.mock.calls[0]![0]).toMatchObject({ amountCents: 2000, idempotencyKey: `refund:${payment._id}`, reason: 'Charged twice by mistake' });
    expect(data).toMatchObject({ _id: payment._id, status: 'refunded', refundable: false, refundReason: 'Charged twice by mistake', gatewayRefundId: expect.stringMatching(/^re_sandbox_/), refundedAt: expect.any(String) });
    expect(await walletBalance(app, fan.user.id)).toBe(0);
    const row = await paymentRow(payment._id);
    expect(row).toMatchObject({ status: 'refunded', refundReason: 'Charged twice by mistake', gatewayRefundId: data.gatewayRefundId });
    const reversal = (await allRows(app, tables.ledgerTransactions)).find((t) => t.reversesId === row.ledgerTransactionId)!;
    expect(reversal).toMatchObject({ kind: 'refund', userId: fan.user.id, objectType: 'payment', objectId: payment._id, message: 'Charged twice by mistake' });
    expect(await auditRows(app, 'payment.refund', payment._id)).toEqual([
      expect.objectContaining({ actorId: admin.user.id, targetType: 'payment', before: { status: 'succeeded' }, after: expect.objectContaining({ status: 'refunded', usd: 20, tokens: 20, refundTransactionId: reversal.id }) }),
    ]);
    // Once: a second refund is a 409 and does not reach the gateway.
    const again = await refund(payment._id);
    expect([again.statusCode, again.json().message]).toEqual([409, 'This payment is already refunded']);
    expect(gatewayRefund).toHaveBeenCalledTimes(1);
    await expectLedgerSound(app);
  });

  it('refuses with 422 when the tokens are already spent, and changes nothing', async () => {
    const { fan, payment } = await toppedUp(20);
    const creator = await createPerformerWithToken(app);
    const post = await createItem(app, 'feed', creator.user.id, 'sale', 7.5);
    await ok(as(app, fan, 'POST', `/wallet/charges/feed/${post}`));
    const gatewayRefund = jest.spyOn(app.payments.gateway, 'refund');
    const before = await refundSnapshot(app);
    const res = await refund(payment._id);
    expect([res.statusCode, res.json().message]).toEqual([422, 'These tokens are already spent: the wallet holds 12.50 of the 20.00 tokens this payment bought']);
    expect(gatewayRefund).not.toHaveBeenCalled();
    expect(await refundSnapshot(app)).toEqual(before);
  });

  it('rolls everything back when the gateway refuses or fails, and shows its words', async () => {
    const { fan, payment } = await toppedUp(20);
    const before = await refundSnapshot(app);
    jest.spyOn(app.payments.gateway, 'refund').mockRejectedValueOnce(new HttpError(422, 'The card gateway refused the refund: Charge already disputed'));
    const refused = await refund(payment._id);
    expect([refused.statusCode, refused.json().message]).toEqual([422, 'The card gateway refused the refund: Charge already disputed']);
    jest.spyOn(app.payments.gateway, 'refund').mockRejectedValueOnce(new Error('connect ECONNREFUSED'));
    const down = await refund(payment._id);
    expect([down.statusCode, down.json().message]).toEqual([502, 'The card gateway did not complete the refund (connect ECONNREFUSED); nothing was changed, try again']);
    expect(await refundSnapshot(app)).toEqual(before);
    expect(await walletBalance(app, fan.user.id)).toBe(20);
    // The sandbox itself refuses a charge it never made succeed.
    await app.db.update(tables.paymentTransactions).set({ gatewayIntentId: 'pi_sandbox_decline_00ff' }).where(eq(tables.paymentTransactions.id, payment._id));
    const unknown = await refund(payment._id);
    expect([unknown.statusCode, unknown.json().message]).toEqual([422, 'The card gateway refused the refund: no successful test-mode charge pi_sandbox_decline_00ff']);
    expect((await paymentRow(payment._id)).status).toBe('succeeded');
    await expectLedgerSound(app);
  });

  it('refunds a top-up a 100 % coupon paid for without calling the gateway', async () => {
    const code = `FREE${crypto.randomBytes(3).toString('hex')}`;
    await createCoupon(app, admin.token, { code, discountPercentage: 100 });
    const { fan, payment } = await toppedUp(10, { couponCode: code });
    expect(payment.totalPrice).toBe(0);
    const gatewayRefund = jest.spyOn(app.payments.gateway, 'refund');
    const data = await ok<Payment>(refund(payment._id, 'promo misuse'));
    expect(gatewayRefund).not.toHaveBeenCalled();
    expect(data).toMatchObject({ status: 'refunded', gatewayRefundId: null });
    expect(await walletBalance(app, fan.user.id)).toBe(0);
    await expectLedgerSound(app);
  });

  it('refuses subscription payments (cancel instead) and payments that did not succeed', async () => {
    const { fan } = await toppedUp(5);
    const failed = (await topUp(app, fan.token, { amount: 5, card: newCard(VISA_DECLINE) })).json().data as Payment;
    const [subscription] = await app.db.insert(tables.paymentTransactions).values({
      userId: fan.user.id, kind: 'subscription', gateway: 'sandbox', status: 'succeeded', amountCents: 995, description: 'Monthly subscription',
    }).returning();
    const before = await refundSnapshot(app);
    const sub = await refund(subscription!.id);
    expect([sub.statusCode, sub.json().message]).toEqual([422, 'Subscription payments are not refunded to the card: cancel the subscription instead (access lasts to the end of the period paid for)']);
    const notPaid = await refund(failed._id);
    expect([notPaid.statusCode, notPaid.json().message]).toEqual([422, 'Only a succeeded payment can be refunded: this one is failed']);
    expect(await refundSnapshot(app)).toEqual(before);
  });

  it('refunds once under concurrent requests and replays an Idempotency-Key', async () => {
    const { fan, payment } = await toppedUp(20);
    const gatewayRefund = jest.spyOn(app.payments.gateway, 'refund');
    const results = await Promise.all(Array.from({ length: 8 }, () => refund(payment._id)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, ...Array(7).fill(409)]);
    expect(gatewayRefund).toHaveBeenCalledTimes(1);
    expect(await walletBalance(app, fan.user.id)).toBe(0);
    expect(await auditRows(app, 'payment.refund', payment._id)).toHaveLength(1);

    const second = await toppedUp(12);
    const key = crypto.randomUUID();
    const first = await refund(second.payment._id, 'typo in amount', admin, key);
    const replay = await refund(second.payment._id, 'typo in amount', admin, key);
    expect([first.statusCode, replay.statusCode, replay.headers['idempotent-replayed']]).toEqual([200, 200, 'true']);
    expect(replay.json()).toEqual(first.json());
    expect(gatewayRefund).toHaveBeenCalledTimes(2);
    await expectLedgerSound(app);
  });

  it('answers bad input and other accounts without writing anything', async () => {
    const { fan, payment } = await toppedUp(20);
    const creator = await createPerformerWithToken(app);
    const before = await refundSnapshot(app);
    const cases: [string, unknown, Account, number, string][] = [
      ['nope', 'x', admin, 400, 'id must be a valid uuid'],
      [crypto.randomUUID(), 'x', admin, 404, 'Payment not found'],
      [payment._id, '  \n ', admin, 400, 'Give a reason for the refund'],
      [payment._id, 'y'.repeat(501), admin, 400, 'reason must be at most 500 characters'],
      [payment._id, 'mine', fan, 403, 'Only admin accounts can do this'],
      [payment._id, 'mine', creator, 403, 'Only admin accounts can do this'],
    ];
    for (const [id, reason, who, status, message] of cases) {
      const res = await refund(id, reason, who);
      expect({ status: res.statusCode, message: res.json().message }).toEqual({ status, message });
    }
    expect(await refundSnapshot(app)).toEqual(before);
  });
});
