import { allRows, createPerformerWithToken, createUserWithToken, tables } from '../../support/db';
import { expectLedgerSound, walletBalance } from '../../support/money';
import { startTestServer, type TestServer } from '../../support/server';
import { StripeStandIn } from '../../support/stripe-stand-in';
import { createItem } from '../wallet-charges/charge-helpers';
import { stripeConfigFor } from '../payments/stripe-webhook-fixtures';
import { as, auditRows, ok, refundSnapshot, type Account } from './money-helpers';

jest.setTimeout(120_000);

/** Refunds of top-ups through the real Stripe SDK, against the local stand-in of Stripe's API. */
let server: TestServer;
let stand: StripeStandIn;
let admin: Account;
beforeAll(async () => {
  stand = await new StripeStandIn().start();
  server = await startTestServer(stripeConfigFor(stand));
  admin = await createUserWithToken(server.app, { role: 'admin' });
});
afterAll(async () => {
  await server?.close();
  await stand?.stop();
});
afterEach(() => {
  stand.refuseRefunds = null;
});

async function stripeTopUp(amount: number) {
  const fan = await createUserWithToken(server.app);
  const card = await ok<{ _id: string }>(as(server.app, fan, 'POST', '/stripe/cards', { paymentMethodId: 'pm_card_visa', holderName: 'Pat Payer' }));
  const payment = await ok<{ _id: string; status: string }>(as(server.app, fan, 'POST', '/payment/wallet/top-up', { amount, cardId: card._id }));
  expect(payment.status).toBe('succeeded');
  const row = (await allRows(server.app, tables.paymentTransactions)).find((p) => p.id === payment._id)!;
  return { fan, paymentId: payment._id, intentId: row.gatewayIntentId! };
}
const refundCalls = () => stand.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds');
const refund = (id: string) => as(server.app, admin, 'POST', `/admin/payments/${id}/refund`, { reason: 'Card was stolen' });

describe('refunding a Stripe top-up', () => {
  it('asks Stripe once for a refund of the whole intent, keyed by the payment, and records Stripe\'s refund id', async () => {
    const { fan, paymentId, intentId } = await stripeTopUp(25);
    const before = refundCalls().length;
    const data = await ok<{ status: string; gatewayRefundId: string }>(refund(paymentId));
    const calls = refundCalls().slice(before);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      body: { payment_intent: intentId, amount: '2500', reason: 'requested_by_customer', metadata: { paymentId, reason: 'Card was stolen' } },
      idempotencyKey: `refund:${paymentId}`,
    });
    const stripeRefund = [...stand.refunds.values()].at(-1)!;
    expect(data).toMatchObject({ status: 'refunded', gatewayRefundId: stripeRefund.id });
    expect(stand.intents.get(intentId)).toMatchObject({ amount_refunded: 2500 });
    expect(await walletBalance(server.app, fan.user.id)).toBe(0);
    expect(await auditRows(server.app, 'payment.refund', paymentId)).toHaveLength(1);

    const again = await refund(paymentId);
    expect([again.statusCode, again.json().message]).toEqual([409, 'This payment is already refunded']);
    expect(refundCalls().length).toBe(before + 1);
    await expectLedgerSound(server.app);
  });

  it('rolls back when Stripe refuses, and shows Stripe\'s words', async () => {
    const { fan, paymentId } = await stripeTopUp(15);
    stand.refuseRefunds = 'Charge ch_3Standin has a dispute and cannot be refunded.';
    const before = await refundSnapshot(server.app);
    const res = await refund(paymentId);
    expect([res.statusCode, res.json().message]).toEqual([422, 'The card gateway refused the refund: Charge ch_3Standin has a dispute and cannot be refunded.']);
    expect(await refundSnapshot(server.app)).toEqual(before);
    expect(await walletBalance(server.app, fan.user.id)).toBe(15);

    // The refund's key is the payment's, so a retry can never refund twice; Stripe replays its
    // answer to that key, so a refusal stands (it is settled in Stripe's dashboard, not by retrying).
    stand.refuseRefunds = null;
    const retry = await refund(paymentId);
    expect([retry.statusCode, retry.json().message]).toEqual([422, res.json().message]);
    expect(await refundSnapshot(server.app)).toEqual(before);
    await expectLedgerSound(server.app);
  });

  it('never asks Stripe when the tokens are already spent', async () => {
    const { fan, paymentId } = await stripeTopUp(10);
    const creator = await createPerformerWithToken(server.app);
    const video = await createItem(server.app, 'video', creator.user.id, 'sale', 9.5);
    await ok(as(server.app, fan, 'POST', `/wallet/charges/video/${video}`));
    const before = refundCalls().length;
    const res = await refund(paymentId);
    expect([res.statusCode, res.json().message]).toEqual([422, 'These tokens are already spent: the wallet holds 0.50 of the 10.00 tokens this payment bought']);
    expect(refundCalls().length).toBe(before);
    expect((await allRows(server.app, tables.paymentTransactions)).find((p) => p.id === paymentId)!.status).toBe('succeeded');
    await expectLedgerSound(server.app);
  });
});
