import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { NOT_VERIFIED_MESSAGE } from '../../../src/common/constants/verification';
import { createSubscriptionsService } from '../../../src/server/modules/subscriptions/subscriptions.service';
import { createPaidSubscriptions } from '../../../src/server/modules/subscriptions/subscriptions-paid';
import { createRecurringSubscriptions } from '../../../src/server/modules/subscriptions/subscriptions-recurring';
import { allRows, createPerformerWithToken, createUserWithToken, tables } from '../../support/db';
import { expectLedgerSound, fundWallet } from '../../support/money';
import type { TestServer } from '../../support/server';
import { openConversation, sendOk, uploadPhoto } from '../messaging/messaging-world';
import { createProduct } from '../products/product-helpers';
import { addBanking, sell } from '../payouts/payout-fixtures';
import { addCard } from '../payments/payment-helpers';
import { enableLive, goLive, startStreamingServer } from '../streaming/streaming-world';
import { createItem } from '../wallet-charges/charge-helpers';

// Every way of paying a creator, against a creator whose documents are not approved (issue 13):
// 422 and nothing written while the site requires verification; paid as before when it does not.
jest.setTimeout(180_000);

let server: TestServer;
beforeAll(async () => {
  server = await startStreamingServer();
  await enableLive(server.app);
});
afterAll(() => server.close());

type Account = Awaited<ReturnType<typeof createUserWithToken>>;
type Status = 'not_submitted' | 'pending' | 'rejected' | 'approved';

const post = (url: string, token: string, payload: object = {}) =>
  server.app.inject({ method: 'POST', url, headers: { authorization: token }, payload });
const requireVerification = (on: boolean) => server.app.settings.set({ requireCreatorVerification: on });
const setVerification = (id: string, verificationStatus: Status) =>
  server.app.db.update(tables.performers).set({ verificationStatus }).where(eq(tables.performers.userId, id));

/** Everything any payment may write, for "a refused payment wrote nothing". */
async function moneyState(app: FastifyInstance) {
  const sorted = (rows: { id: string }[]) => rows.map((r) => JSON.stringify(r)).sort();
  const [transactions, entries, accounts, entitlements, subscriptions, payments, orders, payouts, products] = await Promise.all([
    allRows(app, tables.ledgerTransactions), allRows(app, tables.ledgerEntries), allRows(app, tables.ledgerAccounts),
    allRows(app, tables.entitlements), allRows(app, tables.subscriptions), allRows(app, tables.paymentTransactions),
    allRows(app, tables.orders), allRows(app, tables.payoutRequests), allRows(app, tables.products),
  ]);
  return {
    transactions: transactions.length,
    entries: entries.length,
    balances: accounts.map((a) => `${a.id}:${a.balanceCents}`).sort(),
    entitlements: entitlements.length,
    subscriptions: sorted(subscriptions),
    payments: payments.length,
    orders: orders.length,
    payouts: payouts.length,
    stock: products.map((p) => `${p.id}:${p.stock}:${p.totalSold}`).sort(),
  };
}

interface World {
  creator: Account;
  fan: Account;
  cardId: string;
}

async function world(verificationStatus: Status = 'pending'): Promise<World> {
  const creator = await createPerformerWithToken(server.app, {}, { verificationStatus, isFreeSubscription: true, monthlyPriceCents: 1000 });
  const fan = await createUserWithToken(server.app);
  await fundWallet(server.app, fan.user.id, 100);
  const card = await addCard(server.app, fan.token);
  return { creator, fan, cardId: card._id };
}

/** Each way of paying: `arrange` prepares what is sold (as the creator may, verified or not), `pay` pays. */
const PATHS: Record<string, (w: World) => Promise<() => ReturnType<typeof post>>> = {
  tip: async (w) => () => post(`/wallet/charges/tip/${w.creator.user.id}`, w.fan.token, { amount: 10 }),
  feed: async (w) => {
    const id = await createItem(server.app, 'feed', w.creator.user.id, 'sale', 5);
    return () => post(`/wallet/charges/feed/${id}`, w.fan.token);
  },
  video: async (w) => {
    const id = await createItem(server.app, 'video', w.creator.user.id, 'sale', 5);
    return () => post(`/wallet/charges/video/${id}`, w.fan.token);
  },
  gallery: async (w) => {
    const id = await createItem(server.app, 'gallery', w.creator.user.id, 'sale', 5);
    return () => post(`/wallet/charges/gallery/${id}`, w.fan.token);
  },
  product: async (w) => {
    const product = await createProduct(server.app, w.creator.token, { type: 'digital', price: 7 });
    return () => post(`/wallet/charges/product/${product._id}`, w.fan.token);
  },
  message: async (w) => {
    const conversationId = await openConversation(server.app, w.fan, w.creator);
    const message = await sendOk(server.app, w.creator.token, conversationId, { text: 'for you', fileIds: [await uploadPhoto(server.app, w.creator.token)], price: 4 });
    return () => post(`/wallet/charges/message/${message._id}`, w.fan.token);
  },
  'stream ticket': async (w) => {
    const stream = await goLive(server.app, w.creator, { access: 'sale', price: 6 });
    return () => post(`/wallet/charges/stream/${stream._id}`, w.fan.token);
  },
  'free subscription': async (w) => () => post('/payment/subscribe/performers', w.fan.token, { performerId: w.creator.user.id, type: 'free' }),
  'paid subscription': async (w) => () =>
    post('/payment/subscribe/performers', w.fan.token, { performerId: w.creator.user.id, type: 'monthly', cardId: w.cardId }),
  'subscription resumption': async (w) => {
    // Subscribed and cancelled while the creator was verified; the documents are then re-sent.
    await setVerification(w.creator.user.id, 'approved');
    const sub = await post('/payment/subscribe/performers', w.fan.token, { performerId: w.creator.user.id, type: 'monthly', cardId: w.cardId });
    await post(`/payment/sandbox/cancel-subscription/${sub.json().data._id}`, w.fan.token);
    await setVerification(w.creator.user.id, 'pending');
    return () => post('/payment/subscribe/performers', w.fan.token, { performerId: w.creator.user.id, type: 'monthly', cardId: w.cardId });
  },
  'payout request': async (w) => {
    await sell(server.app, w.creator.user.id, 100);
    await addBanking(server.app, w.creator.token);
    return () => post('/payout-requests', w.creator.token, { amount: 60, method: 'banking' });
  },
};

describe.each(Object.keys(PATHS))('%s', (path) => {
  it.each(['pending', 'rejected', 'not_submitted'] as const)('to a %s creator: 422 and nothing written while verification is required', async (status) => {
    const w = await world(status);
    const pay = await PATHS[path](w);
    const before = await moneyState(server.app);
    const res = await pay();
    expect({ status: res.statusCode, message: res.json().message }).toEqual({ status: 422, message: NOT_VERIFIED_MESSAGE });
    expect(await moneyState(server.app)).toEqual(before);
  });

  it('goes through for the same creator with the setting off, and once approved', async () => {
    const w = await world('pending');
    const pay = await PATHS[path](w);
    await requireVerification(false);
    try {
      const res = await pay();
      expect({ status: res.statusCode, body: res.statusCode === 200 ? 'ok' : res.body }).toEqual({ status: 200, body: 'ok' });
    } finally {
      await requireVerification(true);
    }
    const approved = await world('pending');
    const payApproved = await PATHS[path](approved);
    await setVerification(approved.creator.user.id, 'approved');
    expect((await payApproved()).statusCode).toBe(200);
    await expectLedgerSound(server.app);
  });
});

describe('a suspended creator', () => {
  it.each(Object.keys(PATHS).filter((p) => p !== 'payout request'))('cannot be paid: %s', async (path) => {
    const w = await world('approved');
    const pay = await PATHS[path](w);
    await server.app.db.update(tables.users).set({ status: 'suspended', suspendedReason: 'test' }).where(eq(tables.users.id, w.creator.user.id));
    const before = await moneyState(server.app);
    const res = await pay();
    // The "not found" each route gives an absent creator (or its item), never a payment.
    expect([403, 404]).toContain(res.statusCode);
    expect(await moneyState(server.app)).toEqual(before);
  });
});

describe('payout request form', () => {
  it('says why an unverified creator cannot ask for a payout', async () => {
    const w = await world('pending');
    await sell(server.app, w.creator.user.id, 100);
    await addBanking(server.app, w.creator.token);
    const calc = (await post('/payout-requests/calculate', w.creator.token)).json().data;
    expect(calc).toMatchObject({ canRequest: false, reason: 'Your identity documents must be approved before you can ask for a payout' });
    await setVerification(w.creator.user.id, 'approved');
    expect((await post('/payout-requests/calculate', w.creator.token)).json().data).toMatchObject({ canRequest: true });
  });
});

describe('sandbox renewals', () => {
  const paid = () => createPaidSubscriptions(server.app, createSubscriptionsService(server.app).item, createRecurringSubscriptions(server.app));
  const row = async (id: string) => (await server.app.db.select().from(tables.subscriptions).where(eq(tables.subscriptions.id, id)))[0]!;

  async function dueSubscription() {
    const w = await world('approved');
    const res = await post('/payment/subscribe/performers', w.fan.token, { performerId: w.creator.user.id, type: 'monthly', cardId: w.cardId });
    expect(res.statusCode).toBe(200);
    const soon = new Date(Date.now() + 30 * 60_000);
    await server.app.db.update(tables.subscriptions).set({ expiresAt: soon }).where(eq(tables.subscriptions.id, res.json().data._id));
    return { ...w, id: res.json().data._id as string, soon };
  }

  it.each([
    ['unverified', (id: string) => setVerification(id, 'rejected')],
    ['suspended', (id: string) => server.app.db.update(tables.users).set({ status: 'suspended' }).where(eq(tables.users.id, id))],
  ])('of a %s creator are not charged: the subscription stops renewing and ends with its period', async (_, make) => {
    const s = await dueSubscription();
    await make(s.creator.user.id);
    const before = await moneyState(server.app);
    await paid().renewDue('sandbox');
    const after = await row(s.id);
    expect(after).toMatchObject({ status: 'cancelled', expiresAt: s.soon, graceUntil: null });
    const state = await moneyState(server.app);
    expect({ ...state, subscriptions: [] }).toEqual({ ...before, subscriptions: [] });
    await server.app.db.update(tables.subscriptions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(tables.subscriptions.id, s.id));
    await createSubscriptionsService(server.app).expireLapsed();
    expect((await row(s.id)).status).toBe('expired');
  });

  it('of an unverified creator renew as before with the setting off', async () => {
    const s = await dueSubscription();
    await setVerification(s.creator.user.id, 'pending');
    await requireVerification(false);
    try {
      await paid().renewDue('sandbox');
    } finally {
      await requireVerification(true);
    }
    const after = await row(s.id);
    expect(after.status).toBe('active');
    expect(after.expiresAt.getTime()).toBeGreaterThan(s.soon.getTime() + 29 * 86_400_000);
    await expectLedgerSound(server.app);
  });
});
