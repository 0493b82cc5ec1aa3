import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import type { StreamRoomAck } from '../../../src/common/contract/realtime';
import type { PrivateShowRequest } from '../../../src/common/contract/private-shows';
import { PRIVATE_SHOWS_OFF_MESSAGE } from '../../../src/common/contract/private-shows';
import { earningsOf } from '../../../src/server/modules/ledger/ledger.repository';
import { allRows, createUserWithToken, tables } from '../../support/db';
import { balanceOf, expectLedgerSound, fundWallet, walletBalance } from '../../support/money';
import type { TestServer } from '../../support/server';
import { api, block, closeSockets, connected, follow, newCreator, newFan, next, openSocket, type Account } from '../messaging/messaging-world';
import { call } from '../wallet-charges/charge-helpers';
import { enableLive, goLive, startStreamingServer } from './streaming-world';

jest.setTimeout(120_000);

let server: TestServer;
let url: string;
beforeAll(async () => {
  server = await startStreamingServer();
  await enableLive(server.app);
  url = await server.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(closeSockets);
afterAll(() => server.close());

const app = () => server.app;

async function socketOf(account: Account): Promise<Socket> {
  const socket = openSocket(url, account.token);
  await connected(socket);
  return socket;
}

/** A creator taking requests at `price` tokens, and a fan following them (so they may write). */
async function world(price = 25) {
  const creator = await newCreator(app());
  const fan = await newFan(app());
  await follow(app(), fan, creator);
  const res = await api(app(), 'PUT', '/private-shows/settings', creator.token, { enabled: true, price });
  expect(res.statusCode).toBe(200);
  return { creator, fan };
}

async function requestShow(fan: Account, creator: Account, message?: string): Promise<PrivateShowRequest> {
  const res = await api(app(), 'POST', '/private-shows', fan.token, { performerId: creator.user.id, ...(message ? { message } : {}) });
  if (res.statusCode !== 200) throw new Error(`request failed: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

async function accepted(fan: Account, creator: Account): Promise<PrivateShowRequest> {
  const request = await requestShow(fan, creator);
  const res = await api(app(), 'POST', `/private-shows/${request._id}/accept`, creator.token);
  if (res.statusCode !== 200) throw new Error(`accept failed: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

const buyTicket = (as: Account, streamId: string, key?: string) => call(app(), 'POST', `/wallet/charges/stream/${streamId}`, { token: as.token, key });
const token = (as: Account, channelName: string) => api(app(), 'POST', '/streaming/agora/token', as.token, { channelName });
const requestRow = async (id: string) => (await app().db.select().from(tables.privateShowRequests).where(eq(tables.privateShowRequests.id, id)))[0];
const snapshot = async () => {
  const [requests, streams, conversations, txns] = await Promise.all([
    allRows(app(), tables.privateShowRequests),
    allRows(app(), tables.streams),
    allRows(app(), tables.conversations),
    allRows(app(), tables.ledgerTransactions),
  ]);
  return {
    requests: requests.map((r) => `${r.id}:${r.status}:${r.streamId}:${r.saleTransactionId}:${r.refundTransactionId}`).sort(),
    streams: streams.map((s) => `${s.id}:${s.isStreaming}`).sort(),
    conversations: conversations.length,
    transactions: txns.length,
  };
};

describe('private show settings', () => {
  it('sets, reads and turns off the price; refuses bad prices and fans, writing nothing', async () => {
    const creator = await newCreator(app());
    expect((await api(app(), 'GET', '/private-shows/settings', creator.token)).json().data).toEqual({ enabled: false, price: null });
    expect((await api(app(), 'PUT', '/private-shows/settings', creator.token, { enabled: true, price: 12.5 })).json().data).toEqual({ enabled: true, price: 12.5 });
    expect((await api(app(), 'GET', `/private-shows/offer/${creator.user.id}`)).json().data).toEqual({
      performerId: creator.user.id, enabled: true, price: 12.5, openRequest: null,
    });
    const bad = [{ enabled: true }, { enabled: true, price: 0 }, { enabled: true, price: -3 }, { enabled: true, price: 12.345 },
      { enabled: true, price: 10_001 }, { enabled: true, price: 'abc' }, { price: 5 }, { enabled: true, price: 5, extra: 1 }];
    for (const body of bad) {
      const res = await api(app(), 'PUT', '/private-shows/settings', creator.token, body);
      expect([JSON.stringify(body), res.statusCode]).toEqual([JSON.stringify(body), 400]);
    }
    const fan = await newFan(app());
    expect((await api(app(), 'PUT', '/private-shows/settings', fan.token, { enabled: true, price: 3 })).statusCode).toBe(403);
    expect((await api(app(), 'GET', '/private-shows/settings', creator.token)).json().data).toEqual({ enabled: true, price: 12.5 });
    expect((await api(app(), 'PUT', '/private-shows/settings', creator.token, { enabled: false })).json().data).toEqual({ enabled: false, price: null });
    expect((await api(app(), 'GET', `/private-shows/offer/${creator.user.id}`, fan.token)).json().data).toMatchObject({ enabled: false, price: null });
    // Saving the live defaults keeps the private show price.
    await api(app(), 'PUT', '/private-shows/settings', creator.token, { enabled: true, price: 7 });
    expect((await api(app(), 'PUT', '/streaming/update', creator.token, { title: 'Yoga', description: '', access: 'free', price: 0 })).statusCode).toBe(200);
    expect((await api(app(), 'GET', '/private-shows/settings', creator.token)).json().data).toEqual({ enabled: true, price: 7 });
  });
});

describe('asking for a private show', () => {
  it('stores a pending request in the conversation and tells the creator live', async () => {
    const { creator, fan } = await world(25);
    const creatorSocket = await socketOf(creator);
    const arrived = next<{ request: PrivateShowRequest }>(creatorSocket, 'private_show_updated');
    const request = await requestShow(fan, creator, 'Birthday <b>show</b> please');
    expect(request).toMatchObject({ status: 'pending', price: 25, message: 'Birthday show please', fanId: fan.user.id, performerId: creator.user.id, streamId: null, isPaid: false });
    const conversation = (await api(app(), 'POST', '/conversations', fan.token, { source: 'performer', sourceId: creator.user.id })).json().data;
    expect(request.conversationId).toBe(conversation._id);
    expect((await arrived).request).toMatchObject({ _id: request._id, status: 'pending', conversationId: conversation._id });

    const mine = (await api(app(), 'GET', `/private-shows?conversationId=${conversation._id}`, creator.token)).json().data;
    expect(mine.data.map((r: PrivateShowRequest) => r._id)).toEqual([request._id]);
    expect((await api(app(), 'GET', `/private-shows/offer/${creator.user.id}`, fan.token)).json().data.openRequest._id).toBe(request._id);

    const before = await snapshot();
    const again = await api(app(), 'POST', '/private-shows', fan.token, { performerId: creator.user.id });
    expect([again.statusCode, again.json().message]).toEqual([409, 'You already have an open private show request with this creator']);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses bad input, requests off, unverified and unknown creators, blocks, the who-may-write rule and creators, writing nothing', async () => {
    const { creator, fan } = await world(10);
    const off = await newCreator(app());
    await follow(app(), fan, off);
    const unverified = await newCreator(app());
    await follow(app(), fan, unverified);
    await api(app(), 'PUT', '/private-shows/settings', unverified.token, { enabled: true, price: 5 });
    await app().db.update(tables.performers).set({ verificationStatus: 'pending' }).where(eq(tables.performers.userId, unverified.user.id));
    const stranger = await newFan(app());
    const blocked = await newFan(app());
    await follow(app(), blocked, creator);
    await block(app(), creator, blocked);
    const before = await snapshot();

    const cases: [Account, object, number, string?][] = [
      [fan, {}, 400],
      [fan, { performerId: 'nope' }, 400],
      [fan, { performerId: creator.user.id, message: 'x'.repeat(501) }, 400],
      [fan, { performerId: creator.user.id, extra: 1 }, 400],
      [fan, { performerId: '00000000-0000-4000-8000-000000000000' }, 404],
      [fan, { performerId: fan.user.id }, 404],
      [fan, { performerId: off.user.id }, 422, PRIVATE_SHOWS_OFF_MESSAGE],
      [fan, { performerId: unverified.user.id }, 422, 'This creator is not verified yet'],
      [stranger, { performerId: creator.user.id }, 403, 'Follow this creator to send a message'],
      [blocked, { performerId: creator.user.id }, 403],
      [off, { performerId: creator.user.id }, 403],
    ];
    for (const [as, body, status, message] of cases) {
      const res = await api(app(), 'POST', '/private-shows', as.token, body);
      expect([JSON.stringify(body), res.statusCode]).toEqual([JSON.stringify(body), status]);
      if (message) expect(res.json().message).toBe(message);
    }
    expect((await api(app(), 'POST', '/private-shows', undefined, { performerId: creator.user.id })).statusCode).toBe(401);
    expect(await snapshot()).toEqual(before);

    await enableLive(app(), false);
    try {
      expect((await api(app(), 'POST', '/private-shows', fan.token, { performerId: creator.user.id })).statusCode).toBe(422);
      expect((await api(app(), 'GET', `/private-shows/offer/${creator.user.id}`, fan.token)).json().data.enabled).toBe(false);
    } finally {
      await enableLive(app());
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('deciding', () => {
  it('declines once; others can neither see nor decide the request', async () => {
    const { creator, fan } = await world();
    const request = await requestShow(fan, creator);
    const otherFan = await newFan(app());
    const otherCreator = await newCreator(app());
    const before = await snapshot();
    for (const as of [otherFan, otherCreator]) {
      expect((await api(app(), 'GET', '/private-shows', as.token)).json().data).toEqual({ data: [], total: 0 });
      expect((await api(app(), 'POST', `/private-shows/${request._id}/cancel`, as.token)).statusCode).toBe(404);
    }
    expect((await api(app(), 'POST', `/private-shows/${request._id}/accept`, otherCreator.token)).statusCode).toBe(404);
    expect((await api(app(), 'POST', `/private-shows/${request._id}/decline`, otherCreator.token)).statusCode).toBe(404);
    expect((await api(app(), 'POST', `/private-shows/${request._id}/accept`, fan.token)).statusCode).toBe(403);
    expect((await api(app(), 'POST', `/private-shows/${request._id}/accept`, otherFan.token)).statusCode).toBe(403);
    expect((await api(app(), 'POST', '/private-shows/not-a-uuid/accept', creator.token)).statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);

    const fanSocket = await socketOf(fan);
    const told = next<{ request: PrivateShowRequest }>(fanSocket, 'private_show_updated', (p) => p.request.status === 'declined');
    const res = await api(app(), 'POST', `/private-shows/${request._id}/decline`, creator.token);
    expect(res.json().data).toMatchObject({ status: 'declined' });
    expect((await told).request._id).toBe(request._id);
    const again = await api(app(), 'POST', `/private-shows/${request._id}/accept`, creator.token);
    expect([again.statusCode, again.json().message]).toEqual([409, 'This request is declined']);
    // A decided request frees the place for a new one.
    expect((await requestShow(fan, creator)).status).toBe('pending');
  });

  it('a creator live in public ends that stream before accepting', async () => {
    const { creator, fan } = await world();
    const request = await requestShow(fan, creator);
    await goLive(app(), creator);
    const res = await api(app(), 'POST', `/private-shows/${request._id}/accept`, creator.token);
    expect([res.statusCode, res.json().message]).toEqual([409, 'End your live stream before starting a private show']);
    expect((await requestRow(request._id)).status).toBe('pending');
  });
});

describe('the private show', () => {
  it('opens a stream only its fan can see, join and pay for; charges once per key; starts on the fan\'s video token and ends without refund', async () => {
    const { creator, fan } = await world(30);
    const otherFan = await newFan(app());
    await follow(app(), otherFan, creator);
    const third = await createUserWithToken(app());
    await fundWallet(app(), fan.user.id, 50);
    await fundWallet(app(), otherFan.user.id, 50);
    const fanSocket = await socketOf(fan);
    const toldAccepted = next<{ request: PrivateShowRequest }>(fanSocket, 'private_show_updated', (p) => p.request.status === 'accepted');
    const request = await accepted(fan, creator);
    expect(request).toMatchObject({ status: 'accepted', isPaid: false });
    expect((await toldAccepted).request.streamId).toBe(request.streamId);
    const streamId = request.streamId!;
    const stream = (await app().db.select().from(tables.streams).where(eq(tables.streams.id, streamId)))[0];
    expect(stream).toMatchObject({ privateViewerId: fan.user.id, access: 'sale', priceCents: 3000, isStreaming: true });

    // Neither a second fan nor a third account sees, joins, chats, buys or gets a token.
    for (const as of [otherFan, third]) {
      expect((await api(app(), 'GET', `/streaming/join/${creator.user.id}`, as.token)).statusCode).toBe(404);
      expect((await api(app(), 'GET', `/streaming/join/${creator.user.username}`, as.token)).statusCode).toBe(404);
      expect((await token(as, streamId)).statusCode).toBe(404);
      expect((await api(app(), 'GET', `/messages/stream/${stream.conversationId}`, as.token)).statusCode).toBe(404);
      expect((await api(app(), 'GET', `/conversations/stream/performer/${creator.user.id}`, as.token)).statusCode).toBe(404);
      expect((await buyTicket(as, streamId)).statusCode).toBe(404);
      expect((await api(app(), 'GET', '/streaming/user/search', as.token)).json().data.data.map((s: { _id: string }) => s._id)).not.toContain(streamId);
      const ack = (await (await socketOf(as)).timeout(3000).emitWithAck('stream/join', { streamId })) as StreamRoomAck;
      expect(ack).toEqual({ ok: false, message: 'Not live' });
      expect((await api(app(), 'GET', '/private-shows', as.token)).json().data.total).toBe(0);
    }
    expect((await api(app(), 'GET', '/streaming/user/search', fan.token)).json().data.data.map((s: { _id: string }) => s._id)).not.toContain(streamId);
    expect(await walletBalance(app(), otherFan.user.id)).toBe(50);

    // The fan sees it locked behind the show's price until paying.
    expect((await api(app(), 'GET', `/streaming/join/${creator.user.username}`, fan.token)).json().data).toMatchObject({ _id: streamId, isPrivate: true, canWatch: false, lockReason: 'buy', price: 30 });
    expect((await token(fan, streamId)).statusCode).toBe(403);
    const earningsBefore = await balanceOf(app(), earningsOf(creator.user.id));
    const paid = await buyTicket(fan, streamId, 'show-key-1');
    expect(paid.statusCode).toBe(200);
    const replay = await buyTicket(fan, streamId, 'show-key-1');
    expect([replay.statusCode, replay.headers['idempotent-replayed'], replay.json().data.transactionId]).toEqual([200, 'true', paid.json().data.transactionId]);
    expect(await walletBalance(app(), fan.user.id)).toBe(20);
    expect(await balanceOf(app(), earningsOf(creator.user.id))).toBeCloseTo(earningsBefore + 24, 10);
    expect((await requestRow(request._id)).saleTransactionId).toBe(paid.json().data.transactionId);
    expect((await api(app(), 'GET', `/private-shows/offer/${creator.user.id}`, fan.token)).json().data.openRequest).toMatchObject({ status: 'accepted', isPaid: true });

    // Taking the video starts the show: from then on nobody can cancel it into a refund.
    const started = next<{ request: PrivateShowRequest }>(fanSocket, 'private_show_updated', (p) => p.request.status === 'started');
    expect((await token(fan, streamId)).json().data.role).toBe('subscriber');
    expect((await started).request.startedAt).not.toBeNull();
    expect((await api(app(), 'POST', `/private-shows/${request._id}/cancel`, fan.token)).statusCode).toBe(409);
    expect((await token(otherFan, streamId)).statusCode).toBe(404);

    const end = await api(app(), 'PUT', `/streaming/live/${streamId}`, creator.token, { isStreaming: false });
    expect(end.json().data.isStreaming).toBe(false);
    expect((await requestRow(request._id))).toMatchObject({ status: 'ended', refundTransactionId: null });
    expect(await walletBalance(app(), fan.user.id)).toBe(20);
    await expectLedgerSound(app());
  });

  it('answers 402 with the missing amount, writing nothing', async () => {
    const { creator, fan } = await world(30);
    await fundWallet(app(), fan.user.id, 12.5);
    const request = await accepted(fan, creator);
    const before = await snapshot();
    const res = await buyTicket(fan, request.streamId!, 'short-1');
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ missingAmount: 17.5 });
    expect(await snapshot()).toEqual(before);
    expect(await walletBalance(app(), fan.user.id)).toBe(12.5);
  });

  it('refunds a paid show the creator cancels before it starts, once', async () => {
    const { creator, fan } = await world(15);
    await fundWallet(app(), fan.user.id, 40);
    const request = await accepted(fan, creator);
    const sale = (await buyTicket(fan, request.streamId!, 'pay-1')).json().data.transactionId;
    expect(await walletBalance(app(), fan.user.id)).toBe(25);
    const fanSocket = await socketOf(fan);
    const balance = next<{ balance: number }>(fanSocket, 'balance_updated');
    const told = next<{ request: PrivateShowRequest }>(fanSocket, 'private_show_updated', (p) => p.request.status === 'refunded');
    const res = await api(app(), 'POST', `/private-shows/${request._id}/cancel`, creator.token);
    expect(res.json().data).toMatchObject({ status: 'refunded', isPaid: false, isRefunded: true });
    expect((await balance).balance).toBe(40);
    expect((await told).request._id).toBe(request._id);
    expect(await walletBalance(app(), fan.user.id)).toBe(40);
    const refund = (await allRows(app(), tables.ledgerTransactions)).find((t) => t.reversesId === sale)!;
    expect(refund).toMatchObject({ kind: 'refund', userId: fan.user.id, performerId: creator.user.id, objectId: request.streamId });
    expect((await app().db.select().from(tables.streams).where(eq(tables.streams.id, request.streamId!)))[0].isStreaming).toBe(false);
    expect((await api(app(), 'GET', `/streaming/join/${creator.user.id}`, fan.token)).statusCode).toBe(404);
    const again = await api(app(), 'POST', `/private-shows/${request._id}/cancel`, fan.token);
    expect([again.statusCode, again.json().message]).toEqual([409, 'This request is refunded']);
    expect(await walletBalance(app(), fan.user.id)).toBe(40);
    await expectLedgerSound(app());
  });

  it('refunds once under concurrent cancels and ends, and sells one ticket under concurrent payments', async () => {
    const { creator, fan } = await world(4);
    await fundWallet(app(), fan.user.id, 20);
    const request = await accepted(fan, creator);
    const buys = await Promise.all(Array.from({ length: 5 }, (_, i) => buyTicket(fan, request.streamId!, `race-${i}`)));
    expect(buys.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await walletBalance(app(), fan.user.id)).toBe(16);
    const closes = await Promise.all([
      api(app(), 'POST', `/private-shows/${request._id}/cancel`, creator.token),
      api(app(), 'POST', `/private-shows/${request._id}/cancel`, fan.token),
      api(app(), 'PUT', `/streaming/live/${request.streamId}`, creator.token, { isStreaming: false }),
      api(app(), 'POST', `/private-shows/${request._id}/cancel`, creator.token),
    ]);
    expect(closes.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    expect(await requestRow(request._id)).toMatchObject({ status: 'refunded' });
    expect(await walletBalance(app(), fan.user.id)).toBe(20);
    const sale = (await requestRow(request._id)).saleTransactionId;
    expect((await allRows(app(), tables.ledgerTransactions)).filter((t) => t.reversesId === sale)).toHaveLength(1);
    await expectLedgerSound(app());
  });

  it('does not refund twice a sale an operator refunded already', async () => {
    const { creator, fan } = await world(9);
    await fundWallet(app(), fan.user.id, 9);
    const request = await accepted(fan, creator);
    const sale = (await buyTicket(fan, request.streamId!)).json().data.transactionId;
    const admin = await createUserWithToken(app(), { role: 'admin' });
    const byOperator = await api(app(), 'POST', `/admin/transactions/${sale}/refund`, admin.token, { reason: 'Goodwill' });
    expect(byOperator.statusCode).toBe(200);
    expect(await walletBalance(app(), fan.user.id)).toBe(9);
    const res = await api(app(), 'POST', `/private-shows/${request._id}/cancel`, creator.token);
    expect(res.json().data).toMatchObject({ status: 'refunded', isRefunded: true });
    expect(await walletBalance(app(), fan.user.id)).toBe(9);
    expect((await allRows(app(), tables.ledgerTransactions)).filter((t) => t.reversesId === sale)).toHaveLength(1);
    await expectLedgerSound(app());
  });

  it('refunds a paid show whose stream the creator ends, or the job ends, before it starts; an unpaid one is just cancelled', async () => {
    const { creator, fan } = await world(5);
    await fundWallet(app(), fan.user.id, 10);
    const first = await accepted(fan, creator);
    await buyTicket(fan, first.streamId!);
    await api(app(), 'PUT', `/streaming/live/${first.streamId}`, creator.token, { isStreaming: false });
    expect(await requestRow(first._id)).toMatchObject({ status: 'refunded' });
    expect(await walletBalance(app(), fan.user.id)).toBe(10);

    const second = await accepted(fan, creator);
    await buyTicket(fan, second.streamId!);
    await app().db.update(tables.streams).set({ lastHeartbeatAt: new Date(Date.now() - 3_600_000), startedAt: new Date(Date.now() - 3_600_000) })
      .where(eq(tables.streams.id, second.streamId!));
    expect(await app().streaming.endStale()).toBe(1);
    expect(await requestRow(second._id)).toMatchObject({ status: 'refunded' });
    expect(await walletBalance(app(), fan.user.id)).toBe(10);

    const third = await accepted(fan, creator);
    const res = await api(app(), 'POST', `/private-shows/${third._id}/cancel`, fan.token);
    expect(res.json().data).toMatchObject({ status: 'cancelled', isRefunded: false });
    expect((await buyTicket(fan, third.streamId!)).statusCode).toBe(422);
    expect(await walletBalance(app(), fan.user.id)).toBe(10);
    await expectLedgerSound(app());
  });
});
