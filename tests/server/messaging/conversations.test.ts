import { startTestServer, type TestServer } from '../../support/server';
import { allRows, tables } from '../../support/db';
import { api, block, follow, messagingSnapshot, newCreator, newFan, openConversation, sendOk, subscribe, type Account } from './messaging-world';

jest.setTimeout(120_000);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const create = (as: Account, sourceId: string, source = 'performer') =>
  api(server.app, 'POST', '/conversations', as.token, { source, sourceId });

describe('POST /conversations', () => {
  it('opens a conversation with a followed creator once, and returns the same one afterwards', async () => {
    const creator = await newCreator(server.app);
    const fan = await newFan(server.app);
    await follow(server.app, fan, creator);
    const first = await create(fan, creator.user.id);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({
      type: 'private',
      totalNotSeenMessages: 0,
      lastMessage: null,
      isBlocked: false,
      canSendMessage: true,
      recipient: { _id: creator.user.id, name: creator.user.name, username: creator.user.username, isPerformer: true },
    });
    const again = await create(fan, creator.user.id);
    expect(again.json().data._id).toBe(first.json().data._id);
    // The creator opening it from their side finds the same conversation.
    const fromCreator = await create(creator, fan.user.id, 'user');
    expect(fromCreator.statusCode).toBe(200);
    expect(fromCreator.json().data).toMatchObject({ _id: first.json().data._id, recipient: { _id: fan.user.id, isPerformer: false } });
    const rows = (await allRows(server.app, tables.conversations)).filter((c) => c.id === first.json().data._id);
    expect(rows).toHaveLength(1);
  });

  it('makes one conversation when both sides open it at the same moment', async () => {
    const creator = await newCreator(server.app);
    const fan = await newFan(server.app);
    await follow(server.app, fan, creator);
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => create(fan, creator.user.id)),
      ...Array.from({ length: 5 }, () => create(creator, fan.user.id, 'user')),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => a.json().data._id)).size).toBe(1);
  });

  it('refuses a fan who neither follows nor subscribes, with the reason, storing nothing', async () => {
    const creator = await newCreator(server.app);
    const fan = await newFan(server.app);
    const before = await messagingSnapshot(server.app);
    const res = await create(fan, creator.user.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Follow this creator to send a message');
    expect(await messagingSnapshot(server.app)).toEqual(before);
  });

  it("follows the creator's setting: subscribers only turns followers away", async () => {
    const creator = await newCreator(server.app);
    const follower = await newFan(server.app);
    const subscriber = await newFan(server.app);
    await follow(server.app, follower, creator);
    await subscribe(server.app, subscriber, creator);
    const set = await api(server.app, 'PUT', '/messages/settings', creator.token, { whoMayWrite: 'subscribers' });
    expect(set.statusCode).toBe(200);
    expect((await api(server.app, 'GET', '/messages/settings', creator.token)).json().data).toEqual({ whoMayWrite: 'subscribers' });
    const refused = await create(follower, creator.user.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Subscribe to this creator to send a message');
    expect((await create(subscriber, creator.user.id)).statusCode).toBe(200);
    // Fans have no such setting.
    expect((await api(server.app, 'GET', '/messages/settings', follower.token)).statusCode).toBe(403);
    expect((await api(server.app, 'PUT', '/messages/settings', creator.token, { whoMayWrite: 'everyone' })).statusCode).toBe(400);
  });

  it('refuses fans writing to fans, oneself, unknown accounts and bad ids', async () => {
    const fan = await newFan(server.app);
    const other = await newFan(server.app);
    const creator = await newCreator(server.app);
    const toFan = await create(fan, other.user.id, 'user');
    expect(toFan.statusCode).toBe(403);
    expect(toFan.json().message).toBe('Messages are between fans and creators');
    const asPerformer = await create(fan, other.user.id, 'performer');
    expect(asPerformer.statusCode).toBe(404);
    expect(asPerformer.json().message).toBe('Performer not found');
    const self = await create(creator, creator.user.id);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot message yourself');
    expect((await create(fan, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const bad = await api(server.app, 'POST', '/conversations', fan.token, { source: 'performer', sourceId: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect((await api(server.app, 'POST', '/conversations', undefined, { source: 'performer', sourceId: creator.user.id })).statusCode).toBe(401);
  });

  it('lets a creator start a conversation with a fan who follows them, not with a stranger', async () => {
    const creator = await newCreator(server.app);
    const follower = await newFan(server.app);
    const stranger = await newFan(server.app);
    await follow(server.app, follower, creator);
    expect((await create(creator, follower.user.id, 'user')).statusCode).toBe(200);
    const refused = await create(creator, stranger.user.id, 'user');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You can message fans who follow or subscribe to you, or who wrote to you');
  });

  it('refuses both sides once the creator blocked the fan', async () => {
    const creator = await newCreator(server.app);
    const fan = await newFan(server.app);
    await openConversation(server.app, fan, creator);
    await block(server.app, creator, fan);
    const byFan = await create(fan, creator.user.id);
    expect(byFan.statusCode).toBe(403);
    expect(byFan.json().message).toBe('You cannot send messages to this person');
    expect((await create(creator, fan.user.id, 'user')).statusCode).toBe(403);
  });
});

describe('GET /conversations, /conversations/search, /conversations/:id', () => {
  it('lists my conversations by newest activity with the other party, last message, unread count and isMore', async () => {
    const fan = await newFan(server.app);
    const creators = [await newCreator(server.app), await newCreator(server.app), await newCreator(server.app)];
    const ids: string[] = [];
    for (const c of creators) ids.push(await openConversation(server.app, fan, c));
    // Activity: the first creator writes last, so it comes first.
    await sendOk(server.app, fan.token, ids[2], { text: 'to the third' });
    await sendOk(server.app, fan.token, ids[1], { text: 'to the second' });
    await sendOk(server.app, fan.token, ids[0], { text: 'hello first' });
    await sendOk(server.app, creators[0].token, ids[0], { text: 'hi fan' });

    const page1 = await api(server.app, 'GET', '/conversations?offset=0&limit=2', fan.token);
    expect(page1.statusCode).toBe(200);
    const body = page1.json().data;
    expect(body).toMatchObject({ total: 3, isMore: true });
    expect(body.data.map((c: { _id: string }) => c._id)).toEqual([ids[0], ids[1]]);
    expect(body.data[0]).toMatchObject({
      totalNotSeenMessages: 1,
      recipient: { _id: creators[0].user.id },
      lastMessage: { text: 'hi fan', senderId: creators[0].user.id, type: 'text', isDeleted: false },
    });
    const page2 = (await api(server.app, 'GET', '/conversations?offset=2&limit=2', fan.token)).json().data;
    expect(page2).toMatchObject({ total: 3, isMore: false });
    expect(page2.data.map((c: { _id: string }) => c._id)).toEqual([ids[2]]);

    // The creator sees the conversation from their side: the fan as the other party.
    const creatorList = (await api(server.app, 'GET', '/conversations', creators[0].token)).json().data;
    expect(creatorList.data).toEqual([expect.objectContaining({ _id: ids[0], recipient: expect.objectContaining({ _id: fan.user.id }), totalNotSeenMessages: 1 })]);

    const search = (await api(server.app, 'GET', `/conversations/search?q=${encodeURIComponent(creators[2].user.username!)}`, fan.token)).json().data;
    expect(search).toMatchObject({ total: 1, isMore: false });
    expect(search.data[0]._id).toBe(ids[2]);
    const literal = (await api(server.app, 'GET', '/conversations/search?q=%25', fan.token)).json().data;
    expect(literal.total).toBe(0);

    const one = await api(server.app, 'GET', `/conversations/${ids[1]}`, fan.token);
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toMatchObject({ _id: ids[1], lastMessage: { text: 'to the second' } });
  });

  it('leaves conversations nobody wrote in out of the lists, but opens them by id', async () => {
    const creator = await newCreator(server.app);
    const fan = await newFan(server.app);
    const id = await openConversation(server.app, fan, creator);
    for (const who of [fan, creator]) {
      expect((await api(server.app, 'GET', '/conversations', who.token)).json().data).toEqual({ data: [], total: 0, isMore: false });
      expect((await api(server.app, 'GET', `/conversations/${id}`, who.token)).statusCode).toBe(200);
    }
    await sendOk(server.app, fan.token, id, { text: 'now it counts' });
    expect((await api(server.app, 'GET', '/conversations', creator.token)).json().data.total).toBe(1);
  });

  it('answers 404 to anyone outside the conversation and 400 to a bad id', async () => {
    const creator = await newCreator(server.app);
    const fan = await newFan(server.app);
    const third = await newFan(server.app);
    const id = await openConversation(server.app, fan, creator);
    const res = await api(server.app, 'GET', `/conversations/${id}`, third.token);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Conversation not found');
    expect((await api(server.app, 'GET', '/conversations', third.token)).json().data).toEqual({ data: [], total: 0, isMore: false });
    expect((await api(server.app, 'GET', '/conversations/not-a-uuid', fan.token)).statusCode).toBe(400);
    expect((await api(server.app, 'GET', `/conversations/${id}`)).statusCode).toBe(401);
  });
});
