import { sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { streamRoom, userRoom, type StreamRoomAck } from '../../../src/common/contract/realtime';
import { startTestServer } from '../../support/server';
import { allRows, createUserWithToken, tables } from '../../support/db';
import type { TestServer } from '../../support/server';
import { api, block, closeSockets, collect, connected, newCreator, newFan, next, openSocket, type Account } from '../messaging/messaging-world';
import { chatOk, enableLive, goLive, startStreamingServer } from './streaming-world';

jest.setTimeout(60_000);

let server: TestServer;
let url: string;
beforeAll(async () => {
  server = await startStreamingServer();
  await enableLive(server.app);
  url = await server.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(closeSockets);
afterAll(() => server.close());

const join = (socket: Socket, streamId: string) => socket.timeout(3000).emitWithAck('stream/join', { streamId }) as Promise<StreamRoomAck>;
const leave = (socket: Socket, streamId: string) => socket.timeout(3000).emitWithAck('stream/leave', { streamId }) as Promise<StreamRoomAck>;
async function socketOf(account: Account) {
  const socket = openSocket(url, account.token);
  await connected(socket);
  return socket;
}
type Viewers = { streamId: string; viewerCount: number };
const storedCount = async (id: string) => (await allRows(server.app, tables.streams)).find((s) => s.id === id)!.viewerCount;

describe('stream rooms over socket.io', () => {
  it('admits those who may watch, counts viewers across joins, leaves and disconnects, and fans out chat', async () => {
    const creator = await newCreator(server.app);
    const fan = await newFan(server.app);
    const other = await newFan(server.app);
    const stream = await goLive(server.app, creator);
    const creatorSocket = await socketOf(creator);
    const fanSocket = await socketOf(fan);
    const otherSocket = await socketOf(other);

    // The creator's own sockets are not viewers.
    expect(await join(creatorSocket, stream._id)).toEqual({ ok: true, viewerCount: 0 });
    const seen = next<Viewers>(creatorSocket, 'stream_viewers', (p) => p.viewerCount === 1);
    expect(await join(fanSocket, stream._id.toUpperCase())).toEqual({ ok: true, viewerCount: 1 });
    expect(await seen).toEqual({ streamId: stream._id, viewerCount: 1 });
    expect(await join(otherSocket, stream._id)).toEqual({ ok: true, viewerCount: 2 });
    expect(await storedCount(stream._id)).toBe(2);
    expect((await api(server.app, 'GET', `/streaming/join/${creator.user.id}`, fan.token)).json().data.viewerCount).toBe(2);

    // One copy of a chat message per socket in the room; nothing to sockets outside it.
    const outsider = await socketOf(await newFan(server.app));
    const toCreator = collect<{ message: { _id: string } }>(creatorSocket, 'stream_message_created', 600);
    const toOutsider = collect(outsider, 'stream_message_created', 600);
    const toOther = next<{ message: { _id: string; text: string; sender: { _id: string } } }>(otherSocket, 'stream_message_created');
    const sent = await chatOk(server.app, fan, stream.conversationId, 'hi all');
    expect((await toOther).message).toMatchObject({ _id: sent._id, text: 'hi all', sender: { _id: fan.user.id } });
    expect((await toCreator).map((p) => p.message._id)).toEqual([sent._id]);
    expect(await toOutsider).toEqual([]);

    const deleted = next<{ messageId: string; conversationId: string }>(otherSocket, 'stream_message_deleted');
    await api(server.app, 'DELETE', `/messages/${sent._id}`, creator.token);
    expect(await deleted).toEqual({ conversationId: stream.conversationId, messageId: sent._id });
    const cleared = next<{ conversationId: string }>(fanSocket, 'stream_messages_cleared');
    await api(server.app, 'DELETE', `/messages/stream/${stream.conversationId}/remove-all-message`, creator.token);
    expect(await cleared).toEqual({ conversationId: stream.conversationId });
    const closedChat = next<{ stream: { isChatClosed: boolean } }>(fanSocket, 'stream_updated');
    await api(server.app, 'PUT', `/conversations/stream/${stream.conversationId}/update`, creator.token, { isChatClosed: true });
    expect((await closedChat).stream.isChatClosed).toBe(true);

    const afterLeave = next<Viewers>(creatorSocket, 'stream_viewers', (p) => p.viewerCount === 1);
    expect(await leave(otherSocket, stream._id)).toEqual({ ok: true, viewerCount: 1 });
    await afterLeave;
    const afterDisconnect = next<Viewers>(creatorSocket, 'stream_viewers', (p) => p.viewerCount === 0);
    fanSocket.close();
    expect(await afterDisconnect).toEqual({ streamId: stream._id, viewerCount: 0 });
    expect(await storedCount(stream._id)).toBe(0);
  });

  it('refuses locked, blocked and unknown streams in the ack', async () => {
    const creator = await newCreator(server.app);
    const fan = await newFan(server.app);
    const blocked = await newFan(server.app);
    await block(server.app, creator, blocked);
    const stream = await goLive(server.app, creator, { access: 'sale', price: 2 });
    const fanSocket = await socketOf(fan);
    expect(await join(fanSocket, stream._id)).toEqual({ ok: false, message: 'Buy a ticket to watch this stream' });
    expect(await join(await socketOf(blocked), stream._id)).toEqual({ ok: false, message: 'Not live' });
    expect(await join(fanSocket, '00000000-0000-4000-8000-000000000000')).toEqual({ ok: false, message: 'Not live' });
    expect(await join(fanSocket, 'x')).toEqual({ ok: false, message: 'Not live' });
    expect(await (fanSocket.timeout(3000).emitWithAck('stream/join', { nope: 1 }) as Promise<StreamRoomAck>)).toEqual({ ok: false, message: 'streamId is required' });
    // Once bought, the same socket gets in.
    await server.app.db.insert(tables.entitlements).values({ userId: fan.user.id, objectType: 'stream', objectId: stream._id });
    expect(await join(fanSocket, stream._id)).toEqual({ ok: true, viewerCount: 1 });
  });

  it('tells the room when the stream ends, by the creator or by the stale job', async () => {
    const creator = await newCreator(server.app);
    const fan = await newFan(server.app);
    const stream = await goLive(server.app, creator);
    const fanSocket = await socketOf(fan);
    await join(fanSocket, stream._id);
    const ended = next<{ stream: { _id: string; isStreaming: boolean; endedAt: string | null } }>(fanSocket, 'stream_updated', (p) => !p.stream.isStreaming);
    await api(server.app, 'PUT', `/streaming/live/${stream._id}`, creator.token, { isStreaming: false });
    expect((await ended).stream).toMatchObject({ _id: stream._id, isStreaming: false, endedAt: expect.any(String) });

    const silent = await goLive(server.app, creator);
    await join(fanSocket, silent._id);
    await server.app.db.update(tables.streams).set({ startedAt: sql`now() - interval '1 hour'` }).where(sql`id = ${silent._id}`);
    const endedByJob = next<{ stream: { _id: string; isStreaming: boolean } }>(fanSocket, 'stream_updated', (p) => p.stream._id === silent._id);
    expect(await server.app.streaming.endStale()).toBe(1);
    expect((await endedByJob).stream.isStreaming).toBe(false);
  });

  (process.env.TEST_REDIS_URL ? it : it.skip)('counts viewers whose sockets sit on another API instance sharing Redis', async () => {
    const second = await startTestServer({ REDIS_PREFIX: server.config.redisPrefix });
    try {
      const secondUrl = await second.app.listen({ port: 0, host: '127.0.0.1' });
      const creator = await newCreator(server.app);
      const fan = await newFan(server.app);
      const stream = await goLive(server.app, creator);
      const fanSocket = await socketOf(fan);
      expect(await join(fanSocket, stream._id)).toEqual({ ok: true, viewerCount: 1 });
      // A viewer on the second instance (its own database, so the room is joined server-side there).
      const remote = await createUserWithToken(second.app);
      const remoteSocket = openSocket(secondUrl, remote.token);
      await connected(remoteSocket);
      // The local part of socketsJoin is synchronous; the count then asks every instance.
      second.app.io.in(userRoom(remote.user.id)).socketsJoin(streamRoom(stream._id));
      const pushed = next<Viewers>(remoteSocket, 'stream_viewers', (p) => p.viewerCount === 2);
      expect(await server.app.streaming.recount(stream._id)).toBe(2);
      expect(await pushed).toEqual({ streamId: stream._id, viewerCount: 2 });
    } finally {
      await second.close();
    }
  });
});
