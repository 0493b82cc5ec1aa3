import { sql } from 'drizzle-orm';
import { LIVE_DISABLED_MESSAGE } from '../../../src/common/contract/streaming';
import { NOT_AVAILABLE_MESSAGE } from '../../../src/common/contract/social';
import { earningsOf } from '../../../src/server/modules/ledger/ledger.repository';
import { allRows, tables } from '../../support/db';
import { balanceOf, expectLedgerSound, fundWallet, walletBalance } from '../../support/money';
import type { TestServer } from '../../support/server';
import { api, block, newCreator, newFan, type Account } from '../messaging/messaging-world';
import { enableLive, goLive, startStreamingServer } from '../streaming/streaming-world';
import { call, moneySnapshot } from './charge-helpers';

jest.setTimeout(120_000);

let server: TestServer;
beforeAll(async () => {
  server = await startStreamingServer();
  await enableLive(server.app);
});
afterAll(() => server.close());

const buy = (as: Account, id: string, key?: string) => call(server.app, 'POST', `/wallet/charges/stream/${id}`, { token: as.token, key });

describe('POST /wallet/charges/stream/:id', () => {
  it('sells a ticket that opens the stream, credits the creator and shows as a stream charge and earning', async () => {
    const creator = await newCreator(server.app);
    const fan = await newFan(server.app);
    const stream = await goLive(server.app, creator, { access: 'sale', price: 8 });
    await fundWallet(server.app, fan.user.id, 20);
    const earningsBefore = await balanceOf(server.app, earningsOf(creator.user.id));

    const res = await buy(fan, stream._id);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      balance: 12, amount: 8, item: { type: 'stream', id: stream._id },
      stream: { _id: stream._id, canWatch: true, isPaid: true, lockReason: null },
    });
    expect(await walletBalance(server.app, fan.user.id)).toBe(12);
    expect(await balanceOf(server.app, earningsOf(creator.user.id))).toBeCloseTo(earningsBefore + 6.4, 10);
    const txn = (await allRows(server.app, tables.ledgerTransactions)).find((t) => t.id === data.transactionId)!;
    expect(txn).toMatchObject({ kind: 'stream', objectType: 'stream', objectId: stream._id, userId: fan.user.id, performerId: creator.user.id, grossCents: 800 });
    expect((await api(server.app, 'GET', `/streaming/join/${creator.user.id}`, fan.token)).json().data).toMatchObject({ canWatch: true, isPaid: true });
    expect((await api(server.app, 'POST', '/streaming/agora/token', fan.token, { channelName: stream._id })).json().data.role).toBe('subscriber');

    const spending = (await api(server.app, 'GET', '/wallet/charges/search?type=stream', fan.token)).json().data;
    expect(spending.data.map((c: { _id: string; type: string }) => [c._id, c.type])).toEqual([[data.transactionId, 'stream']]);
    const earnings = (await api(server.app, 'GET', '/performer/earning/search?type=stream', creator.token)).json().data;
    expect(earnings.total).toBe(1);
    expect(earnings.data[0]).toMatchObject({ type: 'stream' });

    const again = await buy(fan, stream._id);
    expect([again.statusCode, again.json().message]).toEqual([409, 'You already bought this']);
    expect(await walletBalance(server.app, fan.user.id)).toBe(12);
    await expectLedgerSound(server.app);
  });

  it('answers 402 with the missing amount when the wallet is short, writing nothing', async () => {
    const creator = await newCreator(server.app);
    const fan = await newFan(server.app);
    const stream = await goLive(server.app, creator, { access: 'sale', price: 50 });
    await fundWallet(server.app, fan.user.id, 12.5);
    const before = await moneySnapshot(server.app, fan.user.id);
    const res = await buy(fan, stream._id);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ missingAmount: 37.5 });
    expect(await moneySnapshot(server.app, fan.user.id)).toEqual(before);
    expect((await api(server.app, 'GET', `/streaming/join/${creator.user.id}`, fan.token)).json().data).toMatchObject({ canWatch: false, lockReason: 'buy' });
  });

  it('refuses free, subscribers-only, ended, own and unknown streams and a blocked fan, writing nothing', async () => {
    const fan = await newFan(server.app);
    await fundWallet(server.app, fan.user.id, 30);
    const free = await goLive(server.app, await newCreator(server.app), { access: 'free' });
    const subs = await goLive(server.app, await newCreator(server.app), { access: 'subscribers' });
    const endedCreator = await newCreator(server.app);
    const ended = await goLive(server.app, endedCreator, { access: 'sale', price: 2 });
    await api(server.app, 'PUT', `/streaming/live/${ended._id}`, endedCreator.token, { isStreaming: false });
    const ownCreator = await newCreator(server.app);
    const own = await goLive(server.app, ownCreator, { access: 'sale', price: 2 });
    const before = await moneySnapshot(server.app, fan.user.id);
    const cases: [Account, string, number, string][] = [
      [fan, free._id, 422, 'This stream is free'],
      [fan, subs._id, 422, 'This stream is for subscribers only, not for sale'],
      [fan, ended._id, 422, 'This stream has ended'],
      [ownCreator, own._id, 422, 'You cannot buy a ticket to your own stream'],
      [fan, '00000000-0000-4000-8000-000000000000', 404, 'Stream not found'],
    ];
    for (const [as, id, status, message] of cases) {
      const res = await buy(as, id);
      expect([res.statusCode, res.json().message]).toEqual([status, message]);
    }
    expect((await buy(fan, 'nope')).statusCode).toBe(400);

    const blockedBy = await newCreator(server.app);
    const paid = await goLive(server.app, blockedBy, { access: 'sale', price: 2 });
    await block(server.app, blockedBy, fan);
    const blocked = await buy(fan, paid._id);
    expect([blocked.statusCode, blocked.json().message]).toEqual([403, NOT_AVAILABLE_MESSAGE]);
    expect(await moneySnapshot(server.app, fan.user.id)).toEqual(before);
  });

  it('charges once for 50 concurrent purchases, and replays an Idempotency-Key retry', async () => {
    const creator = await newCreator(server.app);
    const fan = await newFan(server.app);
    const stream = await goLive(server.app, creator, { access: 'sale', price: 1.25 });
    await fundWallet(server.app, fan.user.id, 100);
    const answers = await Promise.all(Array.from({ length: 50 }, () => buy(fan, stream._id)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(49);
    expect(await walletBalance(server.app, fan.user.id)).toBe(98.75);
    const charges = (await allRows(server.app, tables.ledgerTransactions)).filter((t) => t.objectId === stream._id);
    expect(charges).toHaveLength(1);
    const tickets = (await allRows(server.app, tables.entitlements)).filter((e) => e.objectId === stream._id);
    expect(tickets).toHaveLength(1);
    await expectLedgerSound(server.app);

    const other = await goLive(server.app, await newCreator(server.app), { access: 'sale', price: 2 });
    const first = await buy(fan, other._id, 'ticket-key-1');
    const retry = await buy(fan, other._id, 'ticket-key-1');
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json().data.transactionId).toBe(first.json().data.transactionId);
    expect(await walletBalance(server.app, fan.user.id)).toBe(96.75);
    await expectLedgerSound(server.app);
  });

  it('answers 422 while live streaming is off', async () => {
    const creator = await newCreator(server.app);
    const fan = await newFan(server.app);
    const stream = await goLive(server.app, creator, { access: 'sale', price: 2 });
    await fundWallet(server.app, fan.user.id, 5);
    await enableLive(server.app, false);
    try {
      const before = await moneySnapshot(server.app, fan.user.id);
      const res = await buy(fan, stream._id);
      expect([res.statusCode, res.json().message]).toEqual([422, LIVE_DISABLED_MESSAGE]);
      expect(await moneySnapshot(server.app, fan.user.id)).toEqual(before);
    } finally {
      await enableLive(server.app);
    }
    await server.app.db.update(tables.streams).set({ isStreaming: false }).where(sql`id = ${stream._id}`);
  });
});
