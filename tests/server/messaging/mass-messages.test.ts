import { startTestServer, type TestServer } from '../../support/server';
import { allRows, tables } from '../../support/db';
import { messagingRepository } from '../../../src/server/modules/messaging/messaging.repository';
import { api, block, follow, messagingSnapshot, newCreator, newFan, subscribe, uploadPhoto } from './messaging-world';

jest.setTimeout(120_000);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('POST /messages/mass', () => {
  it('sends one ordinary message to each subscriber in the background, skipping blocked fans and followers', async () => {
    const creator = await newCreator(server.app);
    const subscribers = [await newFan(server.app), await newFan(server.app), await newFan(server.app)];
    for (const fan of subscribers) await subscribe(server.app, fan, creator);
    const follower = await newFan(server.app);
    await follow(server.app, follower, creator);
    await block(server.app, creator, subscribers[2]);
    const photo = await uploadPhoto(server.app, creator.token);

    const res = await api(server.app, 'POST', '/messages/mass', creator.token, { text: 'New set is out!', fileIds: [photo], price: 3 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ recipients: 2 });
    await server.app.messaging.whenIdle();

    for (const fan of subscribers.slice(0, 2)) {
      const list = (await api(server.app, 'GET', '/conversations', fan.token)).json().data;
      expect(list.data).toEqual([expect.objectContaining({ totalNotSeenMessages: 1, recipient: expect.objectContaining({ _id: creator.user.id }) })]);
      const messages = (await api(server.app, 'GET', `/messages/conversations/${list.data[0]._id}`, fan.token)).json().data;
      expect(messages.data).toEqual([expect.objectContaining({ text: 'New set is out!', senderId: creator.user.id, price: 3, isUnlocked: false, type: 'photo' })]);
      expect((await api(server.app, 'GET', '/messages/total-unread-messages', fan.token)).json().data).toEqual({ total: 1 });
    }
    for (const fan of [subscribers[2], follower]) {
      expect((await api(server.app, 'GET', '/conversations', fan.token)).json().data.total).toBe(0);
    }
    expect((await allRows(server.app, tables.massMessages)).find((m) => m.performerId === creator.user.id)).toMatchObject({ status: 'sent' });

    // A job run again (a retry after a crash) reaches nobody twice: one copy per conversation.
    const mass = (await allRows(server.app, tables.massMessages)).find((m) => m.performerId === creator.user.id)!;
    const copy = (await allRows(server.app, tables.messages)).find((m) => m.massMessageId === mass.id)!;
    const again = await messagingRepository.insertMessage(server.app.db, {
      conversationId: copy.conversationId, senderId: creator.user.id, text: 'again', massMessageId: mass.id,
    });
    expect(again).toBeNull();
    expect((await allRows(server.app, tables.messages)).filter((m) => m.massMessageId === mass.id)).toHaveLength(2);
  });

  it('is for creators only and validates like a single message, storing nothing', async () => {
    const creator = await newCreator(server.app);
    const fan = await newFan(server.app);
    const before = await messagingSnapshot(server.app);
    const massBefore = (await allRows(server.app, tables.massMessages)).length;
    const byFan = await api(server.app, 'POST', '/messages/mass', fan.token, { text: 'hi all' });
    expect(byFan.statusCode).toBe(403);
    const empty = await api(server.app, 'POST', '/messages/mass', creator.token, { text: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Write a message or attach a photo or video');
    const paidText = await api(server.app, 'POST', '/messages/mass', creator.token, { text: 'pay', price: 2 });
    expect(paidText.statusCode).toBe(400);
    expect(await messagingSnapshot(server.app)).toEqual(before);
    expect((await allRows(server.app, tables.massMessages)).length).toBe(massBefore);
  });
});
