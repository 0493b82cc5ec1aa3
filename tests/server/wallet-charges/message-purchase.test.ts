import { NOT_AVAILABLE_MESSAGE } from '../../../src/common/contract/social';
import { earningsOf } from '../../../src/server/modules/ledger/ledger.repository';
import { startTestServer, type TestServer } from '../../support/server';
import { allRows, tables } from '../../support/db';
import { balanceOf, expectLedgerSound, fundWallet, walletBalance } from '../../support/money';
import { api, block, newCreator, newFan, openConversation, sendOk, uploadPhoto, type Account } from '../messaging/messaging-world';
import { call, moneySnapshot } from './charge-helpers';

jest.setTimeout(120_000);

let server: TestServer;
let creator: Account;
let fan: Account;
let conversationId: string;

beforeAll(async () => {
  server = await startTestServer();
  creator = await newCreator(server.app);
  fan = await newFan(server.app);
  conversationId = await openConversation(server.app, fan, creator);
});
afterAll(() => server.close());

async function paidMessage(price: number, text = 'just for you') {
  const photo = await uploadPhoto(server.app, creator.token);
  return sendOk(server.app, creator.token, conversationId, { text, fileIds: [photo], price });
}
const buy = (as: Account, id: string, key?: string) => call(server.app, 'POST', `/wallet/charges/message/${id}`, { token: as.token, key });
const fanView = async (id: string) =>
  (await api(server.app, 'GET', `/messages/conversations/${conversationId}`, fan.token)).json().data.data.find((m: { _id: string }) => m._id === id);

describe('POST /wallet/charges/message/:id', () => {
  it('shows the fan a blurred preview until they pay; paying unlocks it and credits the creator like any sale', async () => {
    const msg = await paidMessage(8);
    // The sender sees their own files.
    expect(msg).toMatchObject({ price: 8, isUnlocked: true, isPaid: false });
    expect(msg.files[0].url).toEqual(expect.any(String));

    const locked = await fanView(msg._id);
    expect(locked).toMatchObject({ price: 8, isUnlocked: false, isPaid: false, text: 'just for you' });
    expect(locked.files[0]).toMatchObject({ url: null, isLocked: true, preview: expect.any(String) });
    expect(locked.files[0].thumbnails).toEqual([locked.files[0].preview]);

    await fundWallet(server.app, fan.user.id, 20);
    const earningsBefore = await balanceOf(server.app, earningsOf(creator.user.id));
    const res = await buy(fan, msg._id);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ balance: 12, amount: 8, item: { type: 'message', id: msg._id }, message: { _id: msg._id, isUnlocked: true, isPaid: true } });
    expect(data.message.files[0]).toMatchObject({ isLocked: false, url: expect.any(String) });
    expect(await walletBalance(server.app, fan.user.id)).toBe(12);
    // Default commission 20 %: the creator earns 6.40 of 8.
    expect(await balanceOf(server.app, earningsOf(creator.user.id))).toBeCloseTo(earningsBefore + 6.4, 10);
    const txn = (await allRows(server.app, tables.ledgerTransactions)).find((t) => t.id === data.transactionId)!;
    expect(txn).toMatchObject({ kind: 'message', objectType: 'message', objectId: msg._id, userId: fan.user.id, performerId: creator.user.id, grossCents: 800 });
    expect(await fanView(msg._id)).toMatchObject({ isUnlocked: true, isPaid: true });

    const again = await buy(fan, msg._id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You already bought this');
    expect(await walletBalance(server.app, fan.user.id)).toBe(12);
    await expectLedgerSound(server.app);
  });

  it('answers 402 with the missing amount when the wallet is short, writing nothing', async () => {
    const msg = await paidMessage(50);
    const before = await moneySnapshot(server.app, fan.user.id);
    const res = await buy(fan, msg._id);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ missingAmount: 50 - before.wallet });
    expect(await moneySnapshot(server.app, fan.user.id)).toEqual(before);
    expect(await fanView(msg._id)).toMatchObject({ isUnlocked: false });
  });

  it('refuses free, own, deleted and unknown messages and a blocked fan, writing nothing', async () => {
    await fundWallet(server.app, fan.user.id, 30);
    const free = await sendOk(server.app, creator.token, conversationId, { text: 'free' });
    const own = await sendOk(server.app, fan.token, conversationId, { text: 'mine' });
    const deleted = await paidMessage(2);
    await api(server.app, 'DELETE', `/messages/${deleted._id}`, creator.token);
    const before = await moneySnapshot(server.app, fan.user.id);
    const cases: [string, number, string][] = [
      [free._id, 422, 'This message is free'],
      [own._id, 422, 'You cannot buy your own message'],
      [deleted._id, 404, 'Message not found'],
      ['00000000-0000-4000-8000-000000000000', 404, 'Message not found'],
    ];
    for (const [id, status, message] of cases) {
      const res = await buy(fan, id);
      expect([res.statusCode, res.json().message]).toEqual([status, message]);
    }
    expect((await buy(fan, 'nope')).statusCode).toBe(400);
    expect(await moneySnapshot(server.app, fan.user.id)).toEqual(before);

    const other = await newFan(server.app);
    const otherConversation = await openConversation(server.app, other, creator);
    const photo = await uploadPhoto(server.app, creator.token);
    const forOther = await sendOk(server.app, creator.token, otherConversation, { fileIds: [photo], price: 2 });
    await fundWallet(server.app, other.user.id, 10);
    await block(server.app, creator, other);
    const beforeBlocked = await moneySnapshot(server.app, fan.user.id);
    const blocked = await buy(other, forOther._id);
    expect([blocked.statusCode, blocked.json().message]).toEqual([403, NOT_AVAILABLE_MESSAGE]);
    expect(await moneySnapshot(server.app, fan.user.id)).toEqual(beforeBlocked);
    expect(await walletBalance(server.app, other.user.id)).toBe(10);
  });

  it('charges once for concurrent purchases, and replays an Idempotency-Key retry', async () => {
    const msg = await paidMessage(1);
    await fundWallet(server.app, fan.user.id, 10);
    const walletBefore = await walletBalance(server.app, fan.user.id);
    const answers = await Promise.all(Array.from({ length: 10 }, () => buy(fan, msg._id)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(9);
    expect(await walletBalance(server.app, fan.user.id)).toBe(walletBefore - 1);

    const second = await paidMessage(1);
    const first = await buy(fan, second._id, 'key-1');
    const retry = await buy(fan, second._id, 'key-1');
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json().data.transactionId).toBe(first.json().data.transactionId);
    expect(await walletBalance(server.app, fan.user.id)).toBe(walletBefore - 2);
    await expectLedgerSound(server.app);
  });
});
