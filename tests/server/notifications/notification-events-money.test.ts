import { eq } from 'drizzle-orm';
import { createUserWithToken, tables } from '../../support/db';
import { fundWallet } from '../../support/money';
import { mailsTo } from '../../support/outbox';
import type { TestServer } from '../../support/server';
import { openConversation, sendOk, uploadPhoto } from '../messaging/messaging-world';
import { addAddress, buy, updateOrder } from '../orders/order-helpers';
import { addBanking, sell } from '../payouts/payout-fixtures';
import { createProduct } from '../products/product-helpers';
import { enableLive, goLive, startStreamingServer } from '../streaming/streaming-world';
import { createItem } from '../wallet-charges/charge-helpers';
import { api, mailsFor, newCreator, newFan, notificationsOf, ok, setPreference, type Account } from './notifications-world';

jest.setTimeout(90_000);

let server: TestServer;
let admin: Account;
beforeAll(async () => {
  server = await startStreamingServer();
  await enableLive(server.app);
  admin = await createUserWithToken(server.app, { role: 'admin', username: 'ops_money' });
});
afterAll(() => server.close());

const summary = (rows: { kind: string; actorId: string | null; link: string | null; data: unknown }[]) =>
  rows.map((n) => ({ kind: n.kind, actorId: n.actorId, link: n.link, data: n.data }));

async function pair(tokens = 100) {
  const creator = await newCreator(server.app);
  const fan = await newFan(server.app);
  await fundWallet(server.app, fan.user.id, tokens);
  return { creator, fan };
}

describe('tips and wallet purchases', () => {
  it('a tip tells the creator the amount; a tip refused for a short wallet (402) tells nobody', async () => {
    const { creator, fan } = await pair(20);
    const short = await api(server.app, 'POST', `/wallet/charges/tip/${creator.user.id}`, fan.token, { amount: 25 });
    expect(short.statusCode).toBe(402);
    expect(await notificationsOf(server.app, creator.user.id)).toEqual([]);
    await ok(api(server.app, 'POST', `/wallet/charges/tip/${creator.user.id}`, fan.token, { amount: 12.5, message: 'thanks!' }));
    expect(summary(await notificationsOf(server.app, creator.user.id))).toEqual([
      { kind: 'tip_received', actorId: fan.user.id, link: '/creator/earning', data: { amount: 12.5 } },
    ]);
  });

  it('buying a post, a video or a gallery tells the creator what, its title and the price; buying again (409) tells nothing more', async () => {
    const { creator, fan } = await pair();
    const post = await createItem(server.app, 'feed', creator.user.id, 'sale', 3);
    await server.app.db.update(tables.feeds).set({ text: '<p>Behind the <i>scenes</i></p>' }).where(eq(tables.feeds.id, post));
    const video = await createItem(server.app, 'video', creator.user.id, 'sale', 4.25);
    const gallery = await createItem(server.app, 'gallery', creator.user.id, 'sale', 5);
    for (const [type, id] of [['feed', post], ['video', video], ['gallery', gallery]]) {
      await ok(api(server.app, 'POST', `/wallet/charges/${type}/${id}`, fan.token));
    }
    expect((await api(server.app, 'POST', `/wallet/charges/feed/${post}`, fan.token)).statusCode).toBe(409);
    expect(summary(await notificationsOf(server.app, creator.user.id))).toEqual([
      { kind: 'content_bought', actorId: fan.user.id, link: '/creator/earning', data: { amount: 3, objectType: 'feed', title: 'Behind the scenes' } },
      { kind: 'content_bought', actorId: fan.user.id, link: '/creator/earning', data: { amount: 4.25, objectType: 'video', title: 'a video' } },
      { kind: 'content_bought', actorId: fan.user.id, link: '/creator/earning', data: { amount: 5, objectType: 'gallery', title: 'a gallery' } },
    ]);
  });

  it('buying a paid message opens the conversation for the creator', async () => {
    const { creator, fan } = await pair();
    const conversationId = await openConversation(server.app, fan, creator);
    const photo = await uploadPhoto(server.app, creator.token);
    const message = await sendOk(server.app, creator.token, conversationId, { text: 'A photo just for you', fileIds: [photo], price: 6 });
    await ok(api(server.app, 'POST', `/wallet/charges/message/${message._id}`, fan.token));
    const rows = (await notificationsOf(server.app, creator.user.id)).filter((n) => n.kind === 'content_bought');
    expect(summary(rows)).toEqual([{
      kind: 'content_bought', actorId: fan.user.id, link: `/messages?conversationId=${conversationId}`,
      data: { amount: 6, objectType: 'message', title: 'A photo just for you' },
    }]);
  });

  it('a stream ticket tells the creator; a refused one (short wallet) tells nobody', async () => {
    const { creator, fan } = await pair(20);
    const stream = await goLive(server.app, creator, { access: 'sale', price: 8, title: 'Friday studio session' });
    const poor = await newFan(server.app);
    expect((await api(server.app, 'POST', `/wallet/charges/stream/${stream._id}`, poor.token)).statusCode).toBe(402);
    await ok(api(server.app, 'POST', `/wallet/charges/stream/${stream._id}`, fan.token));
    expect(summary(await notificationsOf(server.app, creator.user.id))).toEqual([
      { kind: 'content_bought', actorId: fan.user.id, link: '/creator/earning', data: { amount: 8, objectType: 'stream', title: 'Friday studio session' } },
    ]);
  });
});

describe('products and orders', () => {
  it('a digital product is a sale only; a physical one is also an order to ship; sold out (409) tells nothing', async () => {
    const { creator, fan } = await pair();
    const ebook = await createProduct(server.app, creator.token, { name: 'Lighting guide', type: 'digital', price: 9 });
    const poster = await createProduct(server.app, creator.token, { name: 'Signed poster', price: 12.5, stock: 1 });
    await ok(buy(server.app, fan.token, ebook._id));
    const address = await addAddress(server.app, fan.token);
    const order = (await ok<{ order: { _id: string; orderNumber: string } }>(buy(server.app, fan.token, poster._id, { addressId: address }))).order;
    const other = await newFan(server.app);
    await fundWallet(server.app, other.user.id, 50);
    expect((await buy(server.app, other.token, poster._id, { addressId: await addAddress(server.app, other.token) })).statusCode).toBe(409);
    // The sale and the order of one purchase share their time (one transaction): compared without order.
    const rows = summary(await notificationsOf(server.app, creator.user.id));
    expect(rows).toHaveLength(3);
    expect(rows).toEqual(expect.arrayContaining([
      { kind: 'content_bought', actorId: fan.user.id, link: '/creator/earning', data: { amount: 9, objectType: 'product', title: 'Lighting guide' } },
      { kind: 'content_bought', actorId: fan.user.id, link: '/creator/earning', data: { amount: 12.5, objectType: 'product', title: 'Signed poster' } },
      {
        kind: 'order_status', actorId: fan.user.id, link: `/creator/my-order?q=${order.orderNumber}`,
        data: { amount: 12.5, objectType: 'product', title: 'Signed poster', status: 'created', orderNumber: order.orderNumber },
      },
    ]));
    // Orders are mailed by default: the creator gets one mail, for the physical order (purchases are in-app only).
    const mails = await mailsFor(server.app, server.dataDir, creator.user.email!);
    expect(mails.map((m) => m.subject)).toEqual([expect.stringMatching(new RegExp(`placed order #${order.orderNumber}$`))]);
  });

  it('the buyer hears of shipping, delivery and a refund, from the creator; an operator\'s refund from nobody', async () => {
    const { creator, fan } = await pair();
    const poster = await createProduct(server.app, creator.token, { name: 'Tour poster', price: 10, stock: 3 });
    const address = await addAddress(server.app, fan.token);
    const first = (await ok<{ order: { _id: string; orderNumber: string } }>(buy(server.app, fan.token, poster._id, { addressId: address }))).order;
    const second = (await ok<{ order: { _id: string; orderNumber: string } }>(buy(server.app, fan.token, poster._id, { addressId: address }))).order;
    // A refused change (delivered before shipped: 409) tells nothing.
    expect((await updateOrder(server.app, creator.token, first._id, { status: 'delivered' })).statusCode).toBe(409);
    await ok(updateOrder(server.app, creator.token, first._id, { status: 'shipped', trackingCode: 'TRK123' }));
    await ok(updateOrder(server.app, creator.token, first._id, { status: 'delivered' }));
    await ok(updateOrder(server.app, admin.token, second._id, { status: 'refunded' }));
    const buyerPage = (o: { orderNumber: string }) => `/user/orders?q=${o.orderNumber}`;
    expect(summary(await notificationsOf(server.app, fan.user.id))).toEqual([
      { kind: 'order_status', actorId: creator.user.id, link: buyerPage(first), data: { status: 'shipped', orderNumber: first.orderNumber, title: 'Tour poster' } },
      { kind: 'order_status', actorId: creator.user.id, link: buyerPage(first), data: { status: 'delivered', orderNumber: first.orderNumber, title: 'Tour poster' } },
      { kind: 'order_status', actorId: null, link: buyerPage(second), data: { status: 'refunded', orderNumber: second.orderNumber, title: 'Tour poster' } },
    ]);
    // Mailed by default, in the background (not necessarily in order).
    const mails = await mailsFor(server.app, server.dataDir, fan.user.email!);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      `${creator.user.name} marked order #${first.orderNumber} as delivered`,
      `${creator.user.name} marked order #${first.orderNumber} as shipped`,
      `Order #${second.orderNumber} was marked as refunded`,
    ].sort());
  });

  it('a refund from the money console tells the buyer too', async () => {
    const { creator, fan } = await pair();
    const poster = await createProduct(server.app, creator.token, { name: 'Mug', price: 10, stock: 3 });
    const address = await addAddress(server.app, fan.token);
    const bought = await ok<{ order: { orderNumber: string } }>(buy(server.app, fan.token, poster._id, { addressId: address }));
    const [sale] = await server.app.db.select().from(tables.orders).where(eq(tables.orders.orderNumber, bought.order.orderNumber));
    await ok(api(server.app, 'POST', `/admin/transactions/${sale.ledgerTransactionId}/refund`, admin.token, { reason: 'Damaged in transit' }));
    expect(summary(await notificationsOf(server.app, fan.user.id))).toEqual([{
      kind: 'order_status', actorId: null, link: `/user/orders?q=${bought.order.orderNumber}`,
      data: { status: 'refunded', orderNumber: bought.order.orderNumber, title: 'Mug' },
    }]);
  });
});

describe('operator decisions', () => {
  it('a payout approved or rejected tells the creator the amount (and the reason); both mailed by default', async () => {
    const creator = await newCreator(server.app);
    await addBanking(server.app, creator.token);
    await sell(server.app, creator.user.id, 200);
    const request = async (amount: number) => (await ok<{ _id: string }>(api(server.app, 'POST', '/payout-requests', creator.token, { amount, method: 'banking' })))._id;
    await ok(api(server.app, 'POST', `/admin/payout-requests/${await request(60)}/approve`, admin.token, { note: 'Sent by SEPA' }));
    const second = await request(55.5);
    // A refused decision (no reason: 400) tells nothing.
    expect((await api(server.app, 'POST', `/admin/payout-requests/${second}/reject`, admin.token, { note: ' ' })).statusCode).toBe(400);
    await ok(api(server.app, 'POST', `/admin/payout-requests/${second}/reject`, admin.token, { note: 'Bank details do not match' }));
    expect(summary(await notificationsOf(server.app, creator.user.id))).toEqual([
      { kind: 'payout_decided', actorId: null, link: '/creator/payout-request', data: { status: 'approved', amount: 60 } },
      { kind: 'payout_decided', actorId: null, link: '/creator/payout-request', data: { status: 'rejected', amount: 55.5, reason: 'Bank details do not match' } },
    ]);
    const mails = await mailsFor(server.app, server.dataDir, creator.user.email!);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'Your payout request of 60.00 tokens was approved',
      'Your payout request of 55.50 tokens was rejected: Bank details do not match',
    ].sort());
  });

  it('an identity decision is one notification and one mail; with that email switched off, no mail', async () => {
    const approved = await newCreator(server.app, {}, { verificationStatus: 'pending' });
    await ok(api(server.app, 'POST', `/admin/creator-verifications/${approved.user.id}/approve`, admin.token));
    expect(summary(await notificationsOf(server.app, approved.user.id))).toEqual([
      { kind: 'verification_decided', actorId: null, link: `/${approved.user.username}`, data: { status: 'approved' } },
    ]);
    expect(await mailsFor(server.app, server.dataDir, approved.user.email!)).toHaveLength(1);

    const rejected = await newCreator(server.app, {}, { verificationStatus: 'pending' });
    await setPreference(server.app, rejected, 'verification_decided', { email: false });
    await ok(api(server.app, 'POST', `/admin/creator-verifications/${rejected.user.id}/reject`, admin.token, { reason: 'The selfie is too dark' }));
    expect(summary(await notificationsOf(server.app, rejected.user.id))).toEqual([
      { kind: 'verification_decided', actorId: null, link: '/creator/account?tab=documents', data: { status: 'rejected', reason: 'The selfie is too dark' } },
    ]);
    expect(await mailsFor(server.app, server.dataDir, rejected.user.email!)).toEqual([]);
    expect(await mailsTo(server.dataDir, rejected.user.email!)).toEqual([]);
  });
});
