import crypto from 'node:crypto';
import type { Notification, NotificationPreferences } from '../../../src/common/contract/notifications';
import { NOTIFICATION_KINDS_BY_ROLE } from '../../../src/common/lib/notification-text';
import { startTestServer, type TestServer } from '../../support/server';
import { createUserWithToken } from '../../support/db';
import { api, newCreator, newFan, notificationsOf, notificationsSnapshot, ok, type Account } from './notifications-world';

jest.setTimeout(60_000);

let server: TestServer;
let creator: Account;
let other: Account;
let fans: Account[];
beforeAll(async () => {
  server = await startTestServer();
  creator = await newCreator(server.app, { name: 'Nora Note', username: 'nora_note' });
  other = await newCreator(server.app);
  fans = [];
  // Four followers: the creator gets four notifications, oldest first.
  for (let i = 0; i < 4; i += 1) {
    const fan = await newFan(server.app, { name: `Follower ${i}` });
    await ok(api(server.app, 'POST', `/follows/${creator.user.id}`, fan.token));
    fans.push(fan);
  }
  await ok(api(server.app, 'POST', `/follows/${other.user.id}`, fans[0].token));
});
afterAll(() => server.close());

type Page = { data: Notification[]; total: number };
const list = (who: Account, query = '') => ok<Page>(api(server.app, 'GET', `/notifications${query}`, who.token));
const unread = async (who: Account) => (await ok<{ total: number }>(api(server.app, 'GET', '/notifications/unread-count', who.token))).total;

describe('notification routes', () => {
  it('answers 401 to every route without a token', async () => {
    const calls = [
      api(server.app, 'GET', '/notifications'),
      api(server.app, 'GET', '/notifications/unread-count'),
      api(server.app, 'POST', '/notifications/read', undefined, { ids: [crypto.randomUUID()] }),
      api(server.app, 'POST', '/notifications/read-all'),
      api(server.app, 'GET', '/notifications/preferences'),
      api(server.app, 'PUT', '/notifications/preferences', undefined, { kinds: [{ kind: 'tip_received', inApp: false }] }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Please sign in to continue');
    }
  });

  it('lists the caller\'s notifications newest first with their actors, paged, and counts the unread', async () => {
    const page = await list(creator);
    expect(page.total).toBe(4);
    expect(page.data.map((n) => n.actor?._id)).toEqual([...fans].reverse().map((f) => f.user.id));
    expect(page.data[0]).toEqual({
      _id: expect.any(String), kind: 'follower_new', link: '/creator/followers', data: {}, readAt: null, createdAt: expect.any(String),
      actor: expect.objectContaining({ _id: fans[3].user.id, name: 'Follower 3', isPerformer: false }),
    });
    // The actor is public: never an email.
    expect(JSON.stringify(page.data)).not.toContain('@');
    const second = await list(creator, '?offset=1&limit=2');
    expect(second).toEqual({ total: 4, data: page.data.slice(1, 3) });
    expect(await unread(creator)).toBe(4);
    // The other creator sees only their own.
    expect((await list(other)).data.map((n) => n.actor?._id)).toEqual([fans[0].user.id]);
  });

  it('refuses bad list queries with 400 and the field', async () => {
    for (const query of ['?limit=0', '?limit=101', '?offset=-1', '?offset=100001', '?unread=maybe', '?sort=asc', '?limit=ten']) {
      const res = await api(server.app, 'GET', `/notifications${query}`, creator.token);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });

  it('marks only the caller\'s own notifications read; anyone else\'s ids change nothing and show nothing', async () => {
    const mine = (await list(creator)).data;
    const theirs = (await list(other)).data;
    const before = await notificationsSnapshot(server.app);
    // The other creator marks the first creator's ids: their own total comes back, nothing moves.
    expect(await ok(api(server.app, 'POST', '/notifications/read', other.token, { ids: [mine[0]._id, mine[1]._id] }))).toEqual({ total: 1 });
    // Unknown ids likewise.
    expect(await ok(api(server.app, 'POST', '/notifications/read', creator.token, { ids: [crypto.randomUUID()] }))).toEqual({ total: 4 });
    expect(await notificationsSnapshot(server.app)).toEqual(before);
    // A second account cannot list them either: its list is its own.
    expect((await list(other)).data.map((n) => n._id)).toEqual(theirs.map((n) => n._id));

    expect(await ok(api(server.app, 'POST', '/notifications/read', creator.token, { ids: [mine[0]._id.toUpperCase(), mine[2]._id] }))).toEqual({ total: 2 });
    // Again: nothing more to mark, the same total.
    expect(await ok(api(server.app, 'POST', '/notifications/read', creator.token, { ids: [mine[0]._id] }))).toEqual({ total: 2 });
    const unreadOnly = await list(creator, '?unread=true');
    expect(unreadOnly.total).toBe(2);
    expect(unreadOnly.data.map((n) => n._id)).toEqual([mine[1]._id, mine[3]._id]);
    const rows = await notificationsOf(server.app, creator.user.id);
    expect(rows.filter((r) => r.readAt).map((r) => r.id).sort()).toEqual([mine[0]._id, mine[2]._id].sort());
    expect((await notificationsOf(server.app, other.user.id))[0].readAt).toBeNull();
  });

  it('refuses bad read bodies with 400 and writes nothing', async () => {
    const before = await notificationsSnapshot(server.app);
    const id = crypto.randomUUID();
    const bodies: unknown[] = [
      {}, { ids: [] }, { ids: 'all' }, { ids: ['not-a-uuid'] }, { ids: [id, id] }, { ids: [id], extra: 1 },
      { ids: Array.from({ length: 101 }, () => crypto.randomUUID()) },
    ];
    for (const payload of bodies) {
      const res = await api(server.app, 'POST', '/notifications/read', creator.token, payload as object);
      expect(res.statusCode).toBe(400);
    }
    expect(await notificationsSnapshot(server.app)).toEqual(before);
  });

  it('marks all read and answers 0; another account\'s read-all touches only its own', async () => {
    expect(await ok(api(server.app, 'POST', '/notifications/read-all', other.token))).toEqual({ total: 0 });
    expect(await unread(creator)).toBe(2);
    expect(await ok(api(server.app, 'POST', '/notifications/read-all', creator.token))).toEqual({ total: 0 });
    expect(await unread(creator)).toBe(0);
    expect((await list(creator, '?unread=true')).total).toBe(0);
    expect((await list(creator)).total).toBe(4);
  });
});

describe('notification preferences', () => {
  it('lists the kinds of the caller\'s role with their defaults', async () => {
    const fan = await newFan(server.app);
    const forFan = await ok<NotificationPreferences>(api(server.app, 'GET', '/notifications/preferences', fan.token));
    expect(forFan.kinds.map((k) => k.kind)).toEqual([...NOTIFICATION_KINDS_BY_ROLE.user]);
    expect(forFan.kinds.find((k) => k.kind === 'renewal_failed')).toEqual({ kind: 'renewal_failed', inApp: true, email: true });
    expect(forFan.kinds.find((k) => k.kind === 'creator_posted')).toEqual({ kind: 'creator_posted', inApp: true, email: false });
    const forCreator = await ok<NotificationPreferences>(api(server.app, 'GET', '/notifications/preferences', other.token));
    expect(forCreator.kinds.map((k) => k.kind)).toEqual([...NOTIFICATION_KINDS_BY_ROLE.performer]);
    expect(forCreator.kinds.find((k) => k.kind === 'tip_received')).toEqual({ kind: 'tip_received', inApp: true, email: false });
    const admin = await createUserWithToken(server.app, { role: 'admin' });
    expect(await ok(api(server.app, 'GET', '/notifications/preferences', admin.token))).toEqual({ kinds: [] });
  });

  it('changes only the channels given and keeps them per account', async () => {
    const fan = await newFan(server.app);
    const second = await newFan(server.app);
    const saved = await ok<NotificationPreferences>(api(server.app, 'PUT', '/notifications/preferences', fan.token, {
      kinds: [{ kind: 'creator_posted', email: true }, { kind: 'comment_reply', inApp: false }],
    }));
    expect(saved.kinds.find((k) => k.kind === 'creator_posted')).toEqual({ kind: 'creator_posted', inApp: true, email: true });
    expect(saved.kinds.find((k) => k.kind === 'comment_reply')).toEqual({ kind: 'comment_reply', inApp: false, email: false });
    const again = await ok<NotificationPreferences>(api(server.app, 'PUT', '/notifications/preferences', fan.token, {
      kinds: [{ kind: 'creator_posted', inApp: false }],
    }));
    expect(again.kinds.find((k) => k.kind === 'creator_posted')).toEqual({ kind: 'creator_posted', inApp: false, email: true });
    expect(await ok(api(server.app, 'GET', '/notifications/preferences', fan.token))).toEqual(again);
    // Someone else's preferences are untouched.
    const theirs = await ok<NotificationPreferences>(api(server.app, 'GET', '/notifications/preferences', second.token));
    expect(theirs.kinds.find((k) => k.kind === 'creator_posted')).toEqual({ kind: 'creator_posted', inApp: true, email: false });
  });

  it('refuses a kind not for the role, an unknown kind and bad bodies with 400, writing nothing', async () => {
    const fan = await newFan(server.app);
    const before = await notificationsSnapshot(server.app);
    const notForFans = await api(server.app, 'PUT', '/notifications/preferences', fan.token, {
      kinds: [{ kind: 'creator_posted', email: true }, { kind: 'tip_received', inApp: false }],
    });
    expect(notForFans.statusCode).toBe(400);
    expect(notForFans.json().message).toContain('tip_received');
    expect(notForFans.json().details).toEqual([{ field: 'kinds.1.kind', message: expect.stringContaining('Tips') }]);
    const twice = await api(server.app, 'PUT', '/notifications/preferences', fan.token, {
      kinds: [{ kind: 'creator_posted', email: true }, { kind: 'creator_posted', inApp: false }],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().details[0].field).toBe('kinds.1.kind');
    const admin = await createUserWithToken(server.app, { role: 'admin' });
    expect((await api(server.app, 'PUT', '/notifications/preferences', admin.token, { kinds: [{ kind: 'order_status', email: false }] })).statusCode).toBe(400);
    for (const payload of [
      {}, { kinds: [] }, { kinds: [{ kind: 'no_such_kind', inApp: true }] }, { kinds: [{ inApp: true }] },
      { kinds: [{ kind: 'creator_posted', inApp: 'yes' }] }, { kinds: [{ kind: 'creator_posted', push: true }] }, { kinds: 'all' },
    ]) {
      const res = await api(server.app, 'PUT', '/notifications/preferences', fan.token, payload);
      expect(res.statusCode).toBe(400);
    }
    expect(await notificationsSnapshot(server.app)).toEqual(before);
  });
});
