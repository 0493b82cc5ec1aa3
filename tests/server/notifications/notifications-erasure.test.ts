import { registerFan } from '../../support/accounts';
import { startTestServer, type TestServer } from '../../support/server';
import { createItem } from '../wallet-charges/charge-helpers';
import { api, newCreator, notificationsOf, notificationsSnapshot, ok, setPreference } from './notifications-world';

jest.setTimeout(60_000);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('account deletion', () => {
  it('erases the person\'s notifications and preferences, and the notifications their actions caused, in the deletion', async () => {
    const creator = await newCreator(server.app);
    const fan = await registerFan(server.app, { name: 'Leaving Soon' });
    const stayer = await registerFan(server.app);
    const asFan = { user: { id: fan.id }, token: fan.token } as Parameters<typeof setPreference>[1];
    await ok(api(server.app, 'POST', `/follows/${creator.user.id}`, fan.token));
    await ok(api(server.app, 'POST', `/follows/${creator.user.id}`, stayer.token));
    const post = await createItem(server.app, 'feed', creator.user.id, 'free');
    const said = await ok<{ _id: string }>(api(server.app, 'POST', '/comments', fan.token, { objectType: 'feed', objectId: post, text: 'My words' }));
    await ok(api(server.app, 'POST', '/comments', creator.token, { objectType: 'feed', objectId: post, parentId: said._id, text: 'Thanks' }));
    await setPreference(server.app, asFan, 'creator_posted', { email: true });
    expect(await notificationsOf(server.app, fan.id)).toHaveLength(1);
    expect((await notificationsOf(server.app, creator.user.id)).map((n) => n.actorId).sort()).toEqual([fan.id, fan.id, stayer.id].sort());

    // A refused deletion (wrong password) erases nothing.
    const before = await notificationsSnapshot(server.app);
    expect((await api(server.app, 'DELETE', '/users/me', fan.token, { currentPassword: 'wrong one', acknowledgeForfeit: true })).statusCode).toBe(400);
    expect(await notificationsSnapshot(server.app)).toEqual(before);

    await ok(api(server.app, 'DELETE', '/users/me', fan.token, { currentPassword: fan.password, acknowledgeForfeit: true }));
    expect(await notificationsOf(server.app, fan.id)).toEqual([]);
    expect((await notificationsOf(server.app, creator.user.id)).map((n) => n.actorId)).toEqual([stayer.id]);
    expect((await notificationsSnapshot(server.app)).preferences.filter((p) => p.startsWith(fan.id))).toEqual([]);
  });
});
