import type { Notification } from '../../../src/common/contract/notifications';
import { createUserWithToken } from '../../support/db';
import { fundWallet } from '../../support/money';
import { startTestServer, type TestServer } from '../../support/server';
import { api, closeSockets, collect, connected, grantSubscription, newCreator, newFan, next, ok, openSocket, type Account } from './notifications-world';

jest.setTimeout(90_000);

let server: TestServer;
let url: string;
beforeAll(async () => {
  server = await startTestServer();
  url = await server.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(closeSockets);
afterAll(() => server.close());

type Created = { notification: Notification };
async function socketOf(account: Account, base = url) {
  const socket = openSocket(base, account.token);
  await connected(socket);
  return socket;
}

describe('notifications over socket.io', () => {
  it('pushes a new notification to every socket of its recipient after the commit, and to nobody else', async () => {
    const creator = await newCreator(server.app);
    const fan = await newFan(server.app, { name: 'Tina Tipper' });
    await fundWallet(server.app, fan.user.id, 50);
    const [tab, phone, fanSocket] = [await socketOf(creator), await socketOf(creator), await socketOf(fan)];
    const onTab = next<Created>(tab, 'notification_created');
    const onPhone = next<Created>(phone, 'notification_created');
    const toFan = collect(fanSocket, 'notification_created', 800);
    await ok(api(server.app, 'POST', `/wallet/charges/tip/${creator.user.id}`, fan.token, { amount: 10 }));
    const pushed = (await onTab).notification;
    expect(pushed).toEqual({
      _id: expect.any(String), kind: 'tip_received', link: '/creator/earning', data: { amount: 10 }, readAt: null, createdAt: expect.any(String),
      actor: expect.objectContaining({ _id: fan.user.id, name: 'Tina Tipper' }),
    });
    expect((await onPhone).notification).toEqual(pushed);
    expect(await toFan).toEqual([]);
    // What was pushed is what the list answers.
    const listed = await ok<{ data: Notification[] }>(api(server.app, 'GET', '/notifications', creator.token));
    expect(listed.data[0]).toEqual(pushed);
  });

  it('pushes the unread total to the reader\'s other devices when they read, and nothing to others', async () => {
    const creator = await newCreator(server.app);
    for (let i = 0; i < 3; i += 1) await ok(api(server.app, 'POST', `/follows/${creator.user.id}`, (await newFan(server.app)).token));
    const other = await newCreator(server.app);
    const [device, otherSocket] = [await socketOf(creator), await socketOf(other)];
    const [first] = (await ok<{ data: Notification[] }>(api(server.app, 'GET', '/notifications', creator.token))).data;
    const unread = next<{ total: number }>(device, 'notification_unread');
    const nothing = collect(otherSocket, 'notification_unread', 800);
    expect(await ok(api(server.app, 'POST', '/notifications/read', creator.token, { ids: [first._id] }))).toEqual({ total: 2 });
    expect(await unread).toEqual({ total: 2 });
    const all = next<{ total: number }>(device, 'notification_unread');
    expect(await ok(api(server.app, 'POST', '/notifications/read-all', creator.token))).toEqual({ total: 0 });
    expect(await all).toEqual({ total: 0 });
    // Marking what is already read changes nothing and pushes nothing.
    const quiet = collect(device, 'notification_unread', 600);
    await ok(api(server.app, 'POST', '/notifications/read-all', creator.token));
    expect(await quiet).toEqual([]);
    expect(await nothing).toEqual([]);
  });

  it('pushes a post\'s announcement to each connected subscriber in the background', async () => {
    const creator = await newCreator(server.app, { name: 'Fan Out' });
    const subscribers = [await newFan(server.app), await newFan(server.app)];
    for (const s of subscribers) await grantSubscription(server.app, s, creator);
    const outsider = await newFan(server.app);
    const sockets = await Promise.all(subscribers.map((s) => socketOf(s)));
    const arriving = sockets.map((s) => next<Created>(s, 'notification_created'));
    const toOutsider = collect(await socketOf(outsider), 'notification_created', 1000);
    const { _id: postId } = await ok<{ _id: string }>(api(server.app, 'POST', '/performer/feeds', creator.token, { access: 'free', text: 'Hello subscribers' }));
    for (const got of await Promise.all(arriving)) {
      expect(got.notification).toMatchObject({ kind: 'creator_posted', link: `/post/${postId}`, actor: { _id: creator.user.id, name: 'Fan Out' } });
    }
    expect(await toOutsider).toEqual([]);
  });

  (process.env.TEST_REDIS_URL ? it : it.skip)('reaches a recipient connected to another API instance through Redis', async () => {
    const second = await startTestServer({ REDIS_PREFIX: server.config.redisPrefix });
    try {
      const secondUrl = await second.app.listen({ port: 0, host: '127.0.0.1' });
      const creator = await newCreator(server.app);
      const fan = await newFan(server.app);
      // The creator's socket is on the second instance (its own database and signing key, so the
      // same account id is signed in there); the fan follows through the first.
      const there = await createUserWithToken(second.app, { id: creator.user.id, role: 'performer' });
      const socket = openSocket(secondUrl, there.token);
      await connected(socket);
      const arriving = next<Created>(socket, 'notification_created');
      await ok(api(server.app, 'POST', `/follows/${creator.user.id}`, fan.token));
      expect((await arriving).notification).toMatchObject({ kind: 'follower_new', actor: { _id: fan.user.id } });
    } finally {
      await second.close();
    }
  });
});
