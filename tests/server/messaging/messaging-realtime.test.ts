import type { Socket } from 'socket.io-client';
import type { Message } from '../../../src/common/contract/messaging';
import type { ConversationRoomAck } from '../../../src/common/contract/realtime';
import { startTestServer, type TestServer } from '../../support/server';
import { createUserWithToken } from '../../support/db';
import {
  api,
  closeSockets,
  collect,
  connected,
  newCreator,
  newFan,
  next,
  openConversation,
  openSocket,
  sendOk,
  uploadPhoto,
  type Account,
} from './messaging-world';

jest.setTimeout(60_000);

let server: TestServer;
let url: string;
beforeAll(async () => {
  server = await startTestServer();
  url = await server.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(closeSockets);
afterAll(() => server.close());

type Created = { message: Message };
const join = (socket: Socket, conversationId: string) =>
  socket.timeout(3000).emitWithAck('conversation/join', { conversationId }) as Promise<ConversationRoomAck>;

async function pair() {
  const creator = await newCreator(server.app);
  const fan = await newFan(server.app);
  const conversationId = await openConversation(server.app, fan, creator);
  return { creator, fan, conversationId };
}
async function socketOf(account: Account, base = url) {
  const socket = openSocket(base, account.token);
  await connected(socket);
  return socket;
}

describe('messaging over socket.io', () => {
  it('pushes a new message to the recipient and the unread total, one copy per socket', async () => {
    const { creator, fan, conversationId } = await pair();
    const creatorSocket = await socketOf(creator);
    const fanSocket = await socketOf(fan);
    // In the conversation room and the user room at once: still one copy.
    expect(await join(creatorSocket, conversationId)).toEqual({ ok: true });

    const arriving = collect<Created>(creatorSocket, 'message_created', 800);
    const unread = next<{ total: number }>(creatorSocket, 'unread_count');
    const echo = next<Created>(fanSocket, 'message_created');
    const sent = await sendOk(server.app, fan.token, conversationId, { text: 'are you there?' });
    const received = await arriving;
    expect(received).toHaveLength(1);
    expect(received[0].message).toMatchObject({ _id: sent._id, conversationId, senderId: fan.user.id, text: 'are you there?' });
    expect(await unread).toEqual({ total: 1 });
    // The sender's other tabs get it too (the client de-duplicates by _id).
    expect((await echo).message._id).toBe(sent._id);
  });

  it("sends a paid message's files locked to the recipient and open to the sender", async () => {
    const { creator, fan, conversationId } = await pair();
    const creatorSocket = await socketOf(creator);
    const fanSocket = await socketOf(fan);
    const photo = await uploadPhoto(server.app, creator.token);
    const toFan = next<Created>(fanSocket, 'message_created');
    const toCreator = next<Created>(creatorSocket, 'message_created');
    await sendOk(server.app, creator.token, conversationId, { fileIds: [photo], price: 4 });
    const fanCopy = (await toFan).message;
    expect(fanCopy).toMatchObject({ price: 4, isUnlocked: false });
    expect(fanCopy.files[0]).toMatchObject({ url: null, isLocked: true });
    expect((await toCreator).message).toMatchObject({ isUnlocked: true, files: [expect.objectContaining({ isLocked: false })] });
  });

  it('pushes read receipts, the new unread total and deletions', async () => {
    const { creator, fan, conversationId } = await pair();
    const msg = await sendOk(server.app, fan.token, conversationId, { text: 'one' });
    await sendOk(server.app, fan.token, conversationId, { text: 'two' });
    const creatorSocket = await socketOf(creator);
    const fanSocket = await socketOf(fan);

    const receipt = next(fanSocket, 'conversation_read');
    const total = next<{ total: number }>(creatorSocket, 'unread_count');
    expect((await api(server.app, 'POST', `/messages/read-all/${conversationId}`, creator.token)).statusCode).toBe(200);
    expect(await receipt).toEqual({ conversationId, readerId: creator.user.id });
    expect(await total).toEqual({ total: 0 });

    const deleted = next(creatorSocket, 'message_deleted');
    expect((await api(server.app, 'DELETE', `/messages/${msg._id}`, fan.token)).statusCode).toBe(200);
    expect(await deleted).toEqual({ conversationId, messageId: msg._id });
  });

  it('keeps a third account out: no events, and no joining the conversation room', async () => {
    const { creator, fan, conversationId } = await pair();
    const third = await newFan(server.app);
    const thirdSocket = await socketOf(third);
    expect(await join(thirdSocket, conversationId)).toEqual({ ok: false, message: 'Conversation not found' });
    expect(await join(thirdSocket, 'not-a-uuid')).toEqual({ ok: false, message: 'Conversation not found' });
    expect(await join(thirdSocket, 42 as unknown as string)).toEqual({ ok: false, message: 'conversationId is required' });
    const nothing = Promise.all(['message_created', 'message_deleted', 'conversation_read', 'unread_count'].map((e) => collect(thirdSocket, e, 600)));
    const msg = await sendOk(server.app, fan.token, conversationId, { text: 'private' });
    await api(server.app, 'POST', `/messages/read-all/${conversationId}`, creator.token);
    await api(server.app, 'DELETE', `/messages/${msg._id}`, fan.token);
    expect(await nothing).toEqual([[], [], [], []]);
  });

  it('drops a socket from its conversation rooms when it signs in as someone else', async () => {
    const { creator, fan, conversationId } = await pair();
    const third = await newFan(server.app);
    const socket = await socketOf(creator);
    expect(await join(socket, conversationId)).toEqual({ ok: true });
    const ack = await socket.timeout(3000).emitWithAck('auth/login', { token: third.token });
    expect(ack).toEqual({ ok: true, userId: third.user.id });
    const nothing = collect(socket, 'message_created', 600);
    await sendOk(server.app, fan.token, conversationId, { text: 'not for the new user' });
    expect(await nothing).toEqual([]);
  });

  (process.env.TEST_REDIS_URL ? it : it.skip)('delivers across two API instances sharing Redis', async () => {
    const second = await startTestServer({ REDIS_PREFIX: server.config.redisPrefix });
    try {
      const secondUrl = await second.app.listen({ port: 0, host: '127.0.0.1' });
      const { creator, fan, conversationId } = await pair();
      // The creator's socket is on the second instance (its own database and signing key, so the
      // same account id is signed in there); the fan sends through the first.
      const there = await createUserWithToken(second.app, { id: creator.user.id, role: 'performer' });
      const creatorSocket = openSocket(secondUrl, there.token);
      await connected(creatorSocket);
      const arriving = next<Created>(creatorSocket, 'message_created');
      const sent = await sendOk(server.app, fan.token, conversationId, { text: 'across instances' });
      expect((await arriving).message._id).toBe(sent._id);
    } finally {
      await second.close();
    }
  });
});
