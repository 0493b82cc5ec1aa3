import { eq } from 'drizzle-orm';
import { createRecurringSubscriptions } from '../../../src/server/modules/subscriptions/subscriptions-recurring';
import { allRows, createPerformerWithToken, createUserWithToken, tables } from '../../support/db';
import { startTestServer, type TestServer } from '../../support/server';
import { StripeStandIn } from '../../support/stripe-stand-in';
import { stripeConfigFor } from './stripe-webhook-fixtures';

// Renewals Stripe bills itself: the job tells Stripe to stop those of a creator who may not be
// paid any more (suspended, or unverified while the site requires verification).
jest.setTimeout(120_000);

let server: TestServer;
let stand: StripeStandIn;
beforeAll(async () => {
  stand = await new StripeStandIn().start();
  server = await startTestServer(stripeConfigFor(stand));
});
afterAll(async () => {
  await server?.close();
  await stand?.stop();
});

const row = async (id: string) => (await server.app.db.select().from(tables.subscriptions).where(eq(tables.subscriptions.id, id)))[0]!;
const stop = () => createRecurringSubscriptions(server.app).stopUnpayable();

async function subscribed() {
  const creator = await createPerformerWithToken(server.app, {}, { monthlyPriceCents: 1000 });
  const fan = await createUserWithToken(server.app);
  const card = await server.app.inject({ method: 'POST', url: '/stripe/cards', headers: { authorization: fan.token }, payload: { paymentMethodId: 'pm_card_visa', holderName: 'Pat Payer' } });
  const res = await server.app.inject({
    method: 'POST', url: '/payment/subscribe/performers', headers: { authorization: fan.token },
    payload: { performerId: creator.user.id, type: 'monthly', cardId: card.json().data._id },
  });
  expect(res.statusCode).toBe(200);
  const sub = await row(res.json().data._id);
  expect(sub.gatewaySubscriptionId).toMatch(/^sub_/);
  return { creator, fan, sub };
}

describe('stopping Stripe renewals of creators who may not be paid', () => {
  it('cancels at period end at Stripe, then here; payable creators and the setting off are left alone', async () => {
    const unverified = await subscribed();
    const suspended = await subscribed();
    const fine = await subscribed();
    const settingOff = await subscribed();
    await server.app.db.update(tables.performers).set({ verificationStatus: 'rejected' })
      .where(eq(tables.performers.userId, unverified.creator.user.id));
    await server.app.db.update(tables.users).set({ status: 'suspended' }).where(eq(tables.users.id, suspended.creator.user.id));

    const ledgerBefore = (await allRows(server.app, tables.ledgerTransactions)).length;
    expect(await stop()).toBe(2);
    for (const s of [unverified, suspended]) {
      expect(stand.subscriptions.get(s.sub.gatewaySubscriptionId!)!.cancel_at_period_end).toBe(true);
      expect(await row(s.sub.id)).toMatchObject({ status: 'cancelled', expiresAt: s.sub.expiresAt });
    }
    expect(stand.subscriptions.get(fine.sub.gatewaySubscriptionId!)!.cancel_at_period_end).toBe(false);
    expect((await row(fine.sub.id)).status).toBe('active');
    expect((await allRows(server.app, tables.ledgerTransactions)).length).toBe(ledgerBefore);
    // Nothing left to stop: a second run asks Stripe nothing.
    const requests = stand.requests.length;
    expect(await stop()).toBe(0);
    expect(stand.requests.length).toBe(requests);

    await server.app.db.update(tables.performers).set({ verificationStatus: 'pending' })
      .where(eq(tables.performers.userId, settingOff.creator.user.id));
    await server.app.settings.set({ requireCreatorVerification: false });
    try {
      expect(await stop()).toBe(0);
    } finally {
      await server.app.settings.set({ requireCreatorVerification: true });
    }
    expect((await row(settingOff.sub.id)).status).toBe('active');
    expect(await stop()).toBe(1);
    expect(stand.subscriptions.get(settingOff.sub.gatewaySubscriptionId!)!.cancel_at_period_end).toBe(true);
  });
});
