import { startTestServer, type TestServer } from '../../support/server';
import { createPerformerWithToken, createUserWithToken, tables } from '../../support/db';
import { newCard } from './payment-helpers';

/**
 * Spec 9: `paymentGateway` is "stripe" and the client builds `/{gateway}/cards`,
 * `POST /stripe/accounts` and `/payment/{gateway}/cancel-subscription/{id}` from it. A fresh install
 * has no Stripe keys: every one of those URLs must answer, through the sandbox (Stripe's test mode).
 */
let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(() => server.close());

const post = (url: string, token: string, payload?: object) =>
  server.app.inject({ method: 'POST', url, headers: { authorization: token }, ...(payload ? { payload } : {}) });

describe('the spec gateway URLs on a fresh install (no Stripe keys)', () => {
  it('builds every URL from the public paymentGateway and each one answers', async () => {
    const settings = (await server.app.inject({ method: 'GET', url: '/settings/public' })).json().data;
    expect(settings).toMatchObject({ paymentGateway: 'stripe', paymentTestMode: true });
    const gateway: string = settings.paymentGateway;

    const creator = await createPerformerWithToken(server.app, { name: 'Spec Creator' }, { monthlyPriceCents: 500, yearlyPriceCents: 5000 });
    const fan = await createUserWithToken(server.app);

    const card = await post(`/${gateway}/cards`, fan.token, newCard());
    expect(card.statusCode).toBe(200);
    expect(card.json().data).toMatchObject({ last4: '4242' });

    const account = await post(`/${gateway}/accounts`, creator.token);
    expect(account.statusCode).toBe(200);
    expect(account.json().data).toMatchObject({ status: 'enabled' });
    // A fan has no payout account to connect, whatever the gateway's name.
    expect((await post(`/${gateway}/accounts`, fan.token)).statusCode).toBe(403);

    const sub = await post('/payment/subscribe/performers', fan.token, { performerId: creator.user.id, type: 'monthly', cardId: card.json().data._id });
    expect(sub.statusCode).toBe(200);
    const subId = sub.json().data._id;
    // Someone else cannot cancel it through the spec URL either.
    const other = await createUserWithToken(server.app);
    expect((await post(`/payment/${gateway}/cancel-subscription/${subId}`, other.token)).statusCode).toBe(404);
    const cancelled = await post(`/payment/${gateway}/cancel-subscription/${subId}`, fan.token);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data).toMatchObject({ _id: subId, renews: false });
  });

  it('reads a stored "sandbox" from an older release as "stripe" and refuses to store it again', async () => {
    await server.app.db.insert(tables.settings).values({ key: 'paymentGateway', value: 'sandbox' })
      .onConflictDoUpdate({ target: tables.settings.key, set: { value: 'sandbox' } });
    server.app.settings.invalidate();
    const settings = (await server.app.inject({ method: 'GET', url: '/settings/public' })).json().data;
    expect(settings).toMatchObject({ paymentGateway: 'stripe', paymentTestMode: true });
    await expect(server.app.settings.set({ paymentGateway: 'sandbox' })).rejects.toMatchObject({ statusCode: 400 });
    await expect(server.app.settings.set({ paymentTestMode: false })).rejects.toMatchObject({ statusCode: 400 });
  });
});
