import { sql } from 'drizzle-orm';
import { MESSAGE_DELETED_TEXT } from '../../../src/common/contract/messaging';
import { STREAM_MESSAGE_TEXT_MAX } from '../../../src/common/contract/streaming';
import { allRows, createUserWithToken, tables } from '../../support/db';
import type { TestServer } from '../../support/server';
import { api, newCreator, newFan, subscribe, type Account } from '../messaging/messaging-world';
import { chatOk, enableLive, goLive, startStreamingServer, streamingSnapshot } from './streaming-world';

jest.setTimeout(120_000);

const RATE = 5;
let server: TestServer;
beforeAll(async () => {
  server = await startStreamingServer({ MESSAGE_RATE_PER_MINUTE: String(RATE) });
  await enableLive(server.app);
});
afterAll(() => server.close());

const list = (conversationId: string, as?: Account) => api(server.app, 'GET', `/messages/stream/${conversationId}`, as?.token);
const listPublic = (conversationId: string, as?: Account) => api(server.app, 'GET', `/messages/conversations/public/${conversationId}`, as?.token);
const post = (conversationId: string, as: Account | undefined, text: string) => api(server.app, 'POST', `/messages/stream/${conversationId}`, as?.token, { text });

describe('the live chat', () => {
  it('finds the chat of a creator, stores plain-text messages with their sender and lists them newest first', async () => {
    const creator = await newCreator(server.app);
    const fan = await newFan(server.app);
    const stream = await goLive(server.app, creator);
    const found = await api(server.app, 'GET', `/conversations/stream/performer/${creator.user.username!.toUpperCase()}`);
    expect(found.json().data).toEqual({ conversationId: stream.conversationId, streamId: stream._id, isChatClosed: false });
    expect((await api(server.app, 'GET', `/conversations/stream/performer/${fan.user.id}`)).statusCode).toBe(404);

    const first = await chatOk(server.app, fan, stream.conversationId, 'hello <script>alert(1)</script><b>there</b>');
    expect(first).toMatchObject({ text: 'hello there', conversationId: stream.conversationId, senderId: fan.user.id, sender: { _id: fan.user.id, isPerformer: false } });
    await chatOk(server.app, creator, stream.conversationId, 'welcome!');
    const page = (await list(stream.conversationId, fan)).json().data;
    expect(page.total).toBe(2);
    expect(page.data.map((m: { text: string }) => m.text)).toEqual(['welcome!', 'hello there']);
    expect(page.data[0].sender).toMatchObject({ _id: creator.user.id, isPerformer: true });
    // The public-conversation route applies the same rule and answers the same messages.
    expect((await listPublic(stream.conversationId, fan)).json().data.total).toBe(2);
    // Chat messages touch nobody's unread counters or conversation list.
    expect((await api(server.app, 'GET', '/messages/total-unread-messages', creator.token)).json().data.total).toBe(0);
    expect((await api(server.app, 'GET', '/conversations', creator.token)).json().data.total).toBe(0);
  });

  it('keeps the chat of a paid or subscribers-only stream to those who may watch', async () => {
    const creator = await newCreator(server.app);
    const fan = await newFan(server.app);
    const buyer = await newFan(server.app);
    const subscriber = await newFan(server.app);
    await subscribe(server.app, subscriber, creator);
    const stream = await goLive(server.app, creator, { access: 'sale', price: 3 });
    await server.app.db.insert(tables.entitlements).values({ userId: buyer.user.id, objectType: 'stream', objectId: stream._id });
    await chatOk(server.app, buyer, stream.conversationId, 'I paid');
    const before = await streamingSnapshot(server.app);
    for (const res of [await list(stream.conversationId, fan), await listPublic(stream.conversationId, fan), await listPublic(stream.conversationId, subscriber)]) {
      expect([res.statusCode, res.json().message]).toEqual([403, 'Buy a ticket to watch this stream']);
    }
    const locked = await post(stream.conversationId, fan, 'let me in');
    expect([locked.statusCode, locked.json().message]).toEqual([403, 'Buy a ticket to watch this stream']);
    for (const res of [await list(stream.conversationId), await listPublic(stream.conversationId)]) {
      expect([res.statusCode, res.json().message]).toEqual([401, 'Sign in to see the chat']);
    }
    expect((await post(stream.conversationId, undefined, 'anon')).statusCode).toBe(401);
    expect(await streamingSnapshot(server.app)).toEqual(before);
    expect((await list(stream.conversationId, buyer)).json().data.total).toBe(1);
    const admin = await createUserWithToken(server.app, { role: 'admin' });
    expect((await list(stream.conversationId, admin)).statusCode).toBe(200);
    // Unknown and malformed ids.
    expect((await list('00000000-0000-4000-8000-000000000000', fan)).statusCode).toBe(404);
    expect((await list('nope', fan)).statusCode).toBe(400);
  });

  it('refuses empty and too long messages, closed chats (but not the creator) and ended streams, storing nothing', async () => {
    const creator = await newCreator(server.app);
    const fan = await newFan(server.app);
    const stream = await goLive(server.app, creator);
    const before = await streamingSnapshot(server.app);
    const tooLong = await post(stream.conversationId, fan, 'x'.repeat(STREAM_MESSAGE_TEXT_MAX + 1));
    expect([tooLong.statusCode, tooLong.json().message]).toEqual([400, `Message must be at most ${STREAM_MESSAGE_TEXT_MAX} characters`]);
    expect((await post(stream.conversationId, fan, '<b></b>  ')).statusCode).toBe(400);
    expect((await post(stream.conversationId, fan, 'x'.repeat(STREAM_MESSAGE_TEXT_MAX * 4 + 1))).statusCode).toBe(400);
    expect(await streamingSnapshot(server.app)).toEqual(before);
    await chatOk(server.app, fan, stream.conversationId, 'x'.repeat(STREAM_MESSAGE_TEXT_MAX));

    const closed = await api(server.app, 'PUT', `/conversations/stream/${stream.conversationId}/update`, creator.token, { isChatClosed: true });
    expect(closed.json().data).toEqual({ conversationId: stream.conversationId, streamId: stream._id, isChatClosed: true });
    const refused = await post(stream.conversationId, fan, 'still here?');
    expect([refused.statusCode, refused.json().message]).toEqual([403, 'The creator closed the chat']);
    await chatOk(server.app, creator, stream.conversationId, 'chat closed for now');
    await api(server.app, 'PUT', `/conversations/stream/${stream.conversationId}/update`, creator.token, { isChatClosed: false });
    await chatOk(server.app, fan, stream.conversationId, 'back');

    await api(server.app, 'PUT', `/streaming/live/${stream._id}`, creator.token, { isStreaming: false });
    // (A fresh account: the attempts above used up the fan's per-minute budget.)
    const after = await post(stream.conversationId, await newFan(server.app), 'too late');
    expect([after.statusCode, after.json().message]).toEqual([404, 'Not live']);
    // The history stays readable.
    expect((await list(stream.conversationId, fan)).json().data.total).toBe(3);
  });

  it(`rate-limits sending to ${RATE} messages a minute per account`, async () => {
    const creator = await newCreator(server.app);
    const fan = await newFan(server.app);
    const other = await newFan(server.app);
    const stream = await goLive(server.app, creator);
    for (let i = 0; i < RATE; i++) await chatOk(server.app, fan, stream.conversationId, `m${i}`);
    const limited = await post(stream.conversationId, fan, 'one more');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^You are sending messages too fast, please try again in \d+ seconds$/);
    expect((await list(stream.conversationId, fan)).json().data.total).toBe(RATE);
    // Per account: someone else still writes.
    await chatOk(server.app, other, stream.conversationId, 'me too');
  });

  it('lets senders delete their own messages and the creator delete any or clear the chat', async () => {
    const creator = await newCreator(server.app);
    const fan = await newFan(server.app);
    const other = await newFan(server.app);
    const stream = await goLive(server.app, creator);
    const mine = await chatOk(server.app, fan, stream.conversationId, 'mine');
    const theirs = await chatOk(server.app, other, stream.conversationId, 'theirs');
    const spam = await chatOk(server.app, other, stream.conversationId, 'spam');

    const notMine = await api(server.app, 'DELETE', `/messages/${theirs._id}`, fan.token);
    expect([notMine.statusCode, notMine.json().message]).toEqual([403, 'You can only delete your own messages']);
    const own = await api(server.app, 'DELETE', `/messages/${mine._id}`, fan.token);
    expect(own.json().data).toMatchObject({ _id: mine._id, isDeleted: true, text: MESSAGE_DELETED_TEXT });
    const moderated = await api(server.app, 'DELETE', `/messages/${spam._id}`, creator.token);
    expect(moderated.json().data).toMatchObject({ _id: spam._id, isDeleted: true });
    // Another creator can neither delete nor clear it.
    const stranger = await newCreator(server.app);
    const before = await streamingSnapshot(server.app);
    expect((await api(server.app, 'DELETE', `/messages/${theirs._id}`, stranger.token)).statusCode).toBe(403);
    expect((await api(server.app, 'DELETE', `/messages/stream/${stream.conversationId}/remove-all-message`, stranger.token)).statusCode).toBe(404);
    expect(await streamingSnapshot(server.app)).toEqual(before);

    const cleared = await api(server.app, 'DELETE', `/messages/stream/${stream.conversationId}/remove-all-message`, creator.token);
    expect(cleared.json()).toEqual({ data: { success: true } });
    const page = (await list(stream.conversationId, fan)).json().data;
    expect(page.data.every((m: { isDeleted: boolean; text: string }) => m.isDeleted && m.text === MESSAGE_DELETED_TEXT)).toBe(true);
    const rows = (await allRows(server.app, tables.messages)).filter((m) => m.conversationId === stream.conversationId);
    expect(rows.every((m) => m.isDeleted && m.text === '')).toBe(true);
  });

  it('hides chat messages of a paid stream from those who may not watch it when deleting', async () => {
    const creator = await newCreator(server.app);
    const buyer = await newFan(server.app);
    const fan = await newFan(server.app);
    const stream = await goLive(server.app, creator, { access: 'sale', price: 1 });
    await server.app.db.insert(tables.entitlements).values({ userId: buyer.user.id, objectType: 'stream', objectId: stream._id });
    const msg = await chatOk(server.app, buyer, stream.conversationId, 'paid talk');
    expect((await api(server.app, 'DELETE', `/messages/${msg._id}`, fan.token)).statusCode).toBe(404);
    await server.app.db.update(tables.streams).set({ isChatClosed: false }).where(sql`id = ${stream._id}`);
  });
});
