import { sql } from 'drizzle-orm';
import {
  AGORA_TOKEN_TTL_SECONDS,
  LIVE_DISABLED_MESSAGE,
  STREAM_MAX_PRICE,
  STREAM_TITLE_MAX,
} from '../../../src/common/contract/streaming';
import { agoraUid } from '../../../src/server/modules/streaming/agora-token';
import { allRows, createUserWithToken, tables } from '../../support/db';
import type { TestServer } from '../../support/server';
import { api, block, newCreator, newFan, subscribe, type Account } from '../messaging/messaging-world';
import { GB_IP } from '../wallet-charges/charge-helpers';
import { APP_ID, CERTIFICATE, enableLive, goLive, startStreamingServer, streamingSnapshot } from './streaming-world';

jest.setTimeout(120_000);

/** The package's own Token007 parser (untyped: the package declares only its builders). */
interface ParsedService { service_type(): number; __channel_name: Buffer; __uid: Buffer; __privileges: Record<string, number> }
const { AccessToken2, kRtcServiceType } = require('agora-token/src/AccessToken2') as {
  AccessToken2: new () => { appId: Buffer; services: ParsedService[]; from_string(t: string): boolean; verifySignature(c: string): boolean };
  kRtcServiceType: number;
};

let server: TestServer;
beforeAll(async () => {
  server = await startStreamingServer();
});
afterAll(() => server.close());

const ZERO = '00000000-0000-4000-8000-000000000000';
const token = (as: Account | undefined, channelName: string) => api(server.app, 'POST', '/streaming/agora/token', as?.token, { channelName });

/** Every streaming route once, as a creator would call it. */
function everyRoute(creator: Account, streamId: string, conversationId: string) {
  return [
    api(server.app, 'PUT', '/streaming/update', creator.token, { title: 't', description: '', access: 'free', price: 0 }),
    api(server.app, 'POST', '/streaming/live', creator.token, {}),
    api(server.app, 'PUT', `/streaming/live/${streamId}`, creator.token, { title: 'x' }),
    api(server.app, 'PUT', '/streaming/set-duration', creator.token, { id: streamId, duration: 5 }),
    api(server.app, 'GET', `/streaming/join/${creator.user.id}`),
    api(server.app, 'POST', '/streaming/agora/token', creator.token, { channelName: streamId }),
    api(server.app, 'GET', '/streaming/user/search'),
    api(server.app, 'GET', `/conversations/stream/performer/${creator.user.id}`),
    api(server.app, 'PUT', `/conversations/stream/${conversationId}/update`, creator.token, { isChatClosed: true }),
    api(server.app, 'GET', `/messages/stream/${conversationId}`, creator.token),
    api(server.app, 'POST', `/messages/stream/${conversationId}`, creator.token, { text: 'hi' }),
    api(server.app, 'DELETE', `/messages/stream/${conversationId}/remove-all-message`, creator.token),
    api(server.app, 'POST', `/wallet/charges/stream/${streamId}`, creator.token),
  ];
}

describe('the live switch', () => {
  it('answers 422 on every streaming route but GET /streaming/me and reports agoraEnable false until settings and certificate are all set', async () => {
    const creator = await newCreator(server.app);
    const isOn = async () => (await api(server.app, 'GET', '/settings/public')).json().data.agoraEnable;
    const check = async () => {
      const before = await streamingSnapshot(server.app);
      for (const res of await Promise.all(everyRoute(creator, ZERO, ZERO))) {
        expect([res.statusCode, res.json().message]).toEqual([422, LIVE_DISABLED_MESSAGE]);
      }
      expect(await streamingSnapshot(server.app)).toEqual(before);
      expect(await isOn()).toBe(false);
      // The creator's studio learns it from GET /streaming/me, the one route that answers while off.
      const me = await api(server.app, 'GET', '/streaming/me', creator.token);
      expect([me.statusCode, me.json().data.enabled, me.json().data.current]).toEqual([200, false, null]);
    };
    await check();
    // The switch without an app id is still off.
    await server.app.settings.set({ agoraEnable: true, agoraAppId: '' });
    await check();
    await server.app.settings.set({ agoraEnable: false, agoraAppId: APP_ID });
    await check();
    const keys = await api(server.app, 'POST', '/settings/keys', undefined, { keys: ['agoraEnable'] });
    expect(keys.json().data).toEqual({ agoraEnable: false });

    await enableLive(server.app);
    expect(await isOn()).toBe(true);
    expect((await api(server.app, 'GET', '/streaming/me', creator.token)).json().data.enabled).toBe(true);
  });

  it('stays off without the API certificate, whatever the settings say', async () => {
    const other = await startStreamingServer({ AGORA_APP_CERTIFICATE: '' });
    try {
      await enableLive(other.app);
      const creator = await newCreator(other.app);
      expect((await other.app.inject({ method: 'GET', url: '/settings/public' })).json().data.agoraEnable).toBe(false);
      const res = await other.app.inject({ method: 'POST', url: '/streaming/live', headers: { authorization: creator.token }, payload: {} });
      expect([res.statusCode, res.json().message]).toEqual([422, LIVE_DISABLED_MESSAGE]);
      // Admins still see the stored value.
      const admin = await createUserWithToken(other.app, { role: 'admin' });
      const stored = await other.app.inject({ method: 'GET', url: '/admin/settings', headers: { authorization: admin.token } });
      expect(stored.json().data.agoraEnable).toBe(true);
    } finally {
      await other.close();
    }
  });
});

describe('going live and the creator routes', () => {
  beforeAll(() => enableLive(server.app));

  it('saves defaults, goes live once with a public chat, edits, beats and ends', async () => {
    const creator = await newCreator(server.app);
    const saved = await api(server.app, 'PUT', '/streaming/update', creator.token, { title: ' <b>Morning</b> show ', description: 'line 1\nline 2', access: 'subscribers', price: 7 });
    expect(saved.statusCode).toBe(200);
    // Only sale keeps a price; markup is dropped.
    expect(saved.json().data).toEqual({ title: 'Morning show', description: 'line 1\nline 2', access: 'subscribers', price: 0 });

    const me = (await api(server.app, 'GET', '/streaming/me', creator.token)).json().data;
    expect(me).toEqual({ settings: saved.json().data, current: null, enabled: true });

    const stream = await goLive(server.app, creator, { title: 'Evening show' });
    expect(stream).toMatchObject({
      performerId: creator.user.id, title: 'Evening show', description: 'line 1\nline 2', access: 'subscribers', price: 0,
      isStreaming: true, isChatClosed: false, viewerCount: 0, duration: 0, endedAt: null, channelName: stream._id,
      performer: { _id: creator.user.id, isPerformer: true },
    });
    // The body's fields became the defaults.
    expect((await api(server.app, 'GET', '/streaming/me', creator.token)).json().data).toMatchObject({
      settings: { title: 'Evening show' }, current: { _id: stream._id },
    });
    const [conversation] = (await allRows(server.app, tables.conversations)).filter((c) => c.id === stream.conversationId);
    expect(conversation.type).toBe('public');
    const members = (await allRows(server.app, tables.conversationMembers)).filter((m) => m.conversationId === stream.conversationId);
    expect(members.map((m) => m.userId)).toEqual([creator.user.id]);

    // Going live again, even concurrently, answers the running stream.
    const again = await Promise.all([goLive(server.app, creator), goLive(server.app, creator)]);
    expect(again.map((s) => s._id)).toEqual([stream._id, stream._id]);
    expect((await allRows(server.app, tables.streams)).filter((s) => s.performerId === creator.user.id)).toHaveLength(1);

    const edited = await api(server.app, 'PUT', `/streaming/live/${stream._id}`, creator.token, { title: 'New title', description: 'd' });
    expect(edited.json().data).toMatchObject({ title: 'New title', description: 'd', isStreaming: true });
    const beat = await api(server.app, 'PUT', '/streaming/set-duration', creator.token, { id: stream._id, duration: 95 });
    expect(beat.json().data).toMatchObject({ duration: 95 });
    const row = (await allRows(server.app, tables.streams)).find((s) => s.id === stream._id)!;
    expect(row.lastHeartbeatAt).not.toBeNull();

    const ended = await api(server.app, 'PUT', `/streaming/live/${stream._id}`, creator.token, { isStreaming: false });
    expect(ended.json().data).toMatchObject({ isStreaming: false, endedAt: expect.any(String) });
    // Ending twice answers the ended stream; editing it is a 422; heartbeats are a 404.
    expect((await api(server.app, 'PUT', `/streaming/live/${stream._id}`, creator.token, { isStreaming: false })).statusCode).toBe(200);
    expect((await api(server.app, 'PUT', `/streaming/live/${stream._id}`, creator.token, { title: 'late' })).statusCode).toBe(422);
    expect((await api(server.app, 'PUT', '/streaming/set-duration', creator.token, { id: stream._id, duration: 99 })).statusCode).toBe(404);
    expect((await api(server.app, 'GET', `/streaming/join/${creator.user.id}`, creator.token)).json()).toMatchObject({ statusCode: 404, message: 'Not live' });

    // A new session is a new stream with a new chat.
    const second = await goLive(server.app, creator);
    expect(second._id).not.toBe(stream._id);
    expect(second.conversationId).not.toBe(stream.conversationId);
  });

  it('stores a sale price in cents and refuses bad settings with a 4xx, writing nothing', async () => {
    const creator = await newCreator(server.app);
    const sale = await api(server.app, 'PUT', '/streaming/update', creator.token, { title: 'Paid', description: '', access: 'sale', price: 12.5 });
    expect(sale.json().data).toMatchObject({ access: 'sale', price: 12.5 });
    expect((await allRows(server.app, tables.streamSettings)).find((s) => s.performerId === creator.user.id)?.priceCents).toBe(1250);

    const before = await streamingSnapshot(server.app);
    const cases: [object, number, RegExp][] = [
      [{ access: 'sale', price: 0 }, 422, /between 0.01 and 10,000.00 tokens/],
      [{ access: 'sale', price: STREAM_MAX_PRICE + 0.01 }, 422, /between/],
      [{ access: 'sale', price: -1 }, 400, /price/],
      [{ access: 'sale', price: 1.005 }, 400, /at most two decimals/],
      [{ title: 'x'.repeat(STREAM_TITLE_MAX + 1) }, 400, /title/],
      [{ access: 'vip' }, 400, /access/],
      [{ extra: true }, 400, /.+/],
    ];
    for (const [body, status, message] of cases) {
      for (const res of [
        await api(server.app, 'POST', '/streaming/live', creator.token, body),
        await api(server.app, 'PUT', '/streaming/update', creator.token, { title: 't', description: '', access: 'free', price: 0, ...body }),
      ]) {
        expect(res.statusCode).toBe(status);
        expect(res.json().message).toMatch(message);
      }
    }
    expect(await streamingSnapshot(server.app)).toEqual(before);

    // A subscribers-only stream stores 0, whatever price came with it.
    const subs = await goLive(server.app, creator, { access: 'subscribers', price: 3 });
    expect(subs).toMatchObject({ access: 'subscribers', price: 0 });
    expect((await allRows(server.app, tables.streams)).find((s) => s.id === subs._id)?.priceCents).toBe(0);
  });

  it("gives another creator and a fan a 404 on every creator route of someone else's stream, writing nothing", async () => {
    const owner = await newCreator(server.app);
    const stream = await goLive(server.app, owner, { title: 'mine' });
    const other = await newCreator(server.app);
    await goLive(server.app, other);
    const fan = await newFan(server.app);
    const before = await streamingSnapshot(server.app);
    for (const as of [other]) {
      const answers = await Promise.all([
        api(server.app, 'PUT', `/streaming/live/${stream._id}`, as.token, { title: 'stolen' }),
        api(server.app, 'PUT', `/streaming/live/${stream._id}`, as.token, { isStreaming: false }),
        api(server.app, 'PUT', '/streaming/set-duration', as.token, { id: stream._id, duration: 1 }),
        api(server.app, 'PUT', `/conversations/stream/${stream.conversationId}/update`, as.token, { isChatClosed: true }),
        api(server.app, 'DELETE', `/messages/stream/${stream.conversationId}/remove-all-message`, as.token),
      ]);
      for (const res of answers) expect(res.statusCode).toBe(404);
    }
    // Fans are not creators: the role check answers first.
    for (const res of await Promise.all([
      api(server.app, 'PUT', `/streaming/live/${stream._id}`, fan.token, { title: 'stolen' }),
      api(server.app, 'PUT', '/streaming/set-duration', fan.token, { id: stream._id, duration: 1 }),
      api(server.app, 'PUT', `/conversations/stream/${stream.conversationId}/update`, fan.token, { isChatClosed: true }),
      api(server.app, 'DELETE', `/messages/stream/${stream.conversationId}/remove-all-message`, fan.token),
      api(server.app, 'POST', '/streaming/live', fan.token, {}),
      api(server.app, 'GET', '/streaming/me', fan.token),
    ])) expect(res.statusCode).toBe(403);
    expect(await streamingSnapshot(server.app)).toEqual(before);
    expect((await api(server.app, 'PUT', `/streaming/live/not-a-uuid`, owner.token, { title: 'x' })).statusCode).toBe(400);
  });
});

describe('watching: join, lock reasons, blocks and search', () => {
  beforeAll(() => enableLive(server.app));

  it('tells each viewer whether they may watch and why not', async () => {
    const creator = await newCreator(server.app);
    const admin = await createUserWithToken(server.app, { role: 'admin' });
    const fan = await newFan(server.app);
    const subscriber = await newFan(server.app);
    await subscribe(server.app, subscriber, creator);
    const view = async (as?: Account, id = creator.user.username!.toUpperCase()) => (await api(server.app, 'GET', `/streaming/join/${id}`, as?.token)).json().data;

    await goLive(server.app, creator, { access: 'free' });
    expect(await view()).toMatchObject({ canWatch: false, lockReason: 'login', isPaid: false });
    expect(await view(fan)).toMatchObject({ canWatch: true, lockReason: null });
    expect(await view(fan, creator.user.id)).toMatchObject({ canWatch: true });
    let current = (await api(server.app, 'GET', '/streaming/me', creator.token)).json().data.current;
    await api(server.app, 'PUT', `/streaming/live/${current._id}`, creator.token, { isStreaming: false });

    await goLive(server.app, creator, { access: 'subscribers' });
    expect(await view(fan)).toMatchObject({ canWatch: false, lockReason: 'subscribe' });
    expect(await view(subscriber)).toMatchObject({ canWatch: true, lockReason: null });
    current = (await api(server.app, 'GET', '/streaming/me', creator.token)).json().data.current;
    await api(server.app, 'PUT', `/streaming/live/${current._id}`, creator.token, { isStreaming: false });

    const sale = await goLive(server.app, creator, { access: 'sale', price: 5 });
    expect(await view(fan)).toMatchObject({ canWatch: false, lockReason: 'buy', price: 5 });
    // A subscription does not open a paid stream.
    expect(await view(subscriber)).toMatchObject({ canWatch: false, lockReason: 'buy' });
    await server.app.db.insert(tables.entitlements).values({ userId: fan.user.id, objectType: 'stream', objectId: sale._id });
    expect(await view(fan)).toMatchObject({ canWatch: true, isPaid: true, lockReason: null });
    expect(await view(creator)).toMatchObject({ canWatch: true, lockReason: null });
    expect(await view(admin)).toMatchObject({ canWatch: true, lockReason: null });
    expect(await view()).toMatchObject({ lockReason: 'login' });
  });

  it('hides the stream from a blocked account or country (404) and from search', async () => {
    const creator = await newCreator(server.app, );
    const fan = await newFan(server.app);
    const stream = await goLive(server.app, creator, { title: 'blocked test' });
    await block(server.app, creator, fan);
    const answers = await Promise.all([
      api(server.app, 'GET', `/streaming/join/${creator.user.id}`, fan.token),
      api(server.app, 'GET', `/conversations/stream/performer/${creator.user.id}`, fan.token),
      api(server.app, 'GET', `/messages/stream/${stream.conversationId}`, fan.token),
      api(server.app, 'GET', `/messages/conversations/public/${stream.conversationId}`, fan.token),
      token(fan, stream._id),
    ]);
    for (const res of answers) expect(res.statusCode).toBe(404);
    const search = (await api(server.app, 'GET', '/streaming/user/search?q=blocked%20test', fan.token)).json().data;
    expect(search).toEqual({ data: [], total: 0 });

    const other = await newFan(server.app);
    await server.app.db.insert(tables.blockedCountries).values({ performerId: creator.user.id, country: 'GB' });
    const fromGb = await server.app.inject({ method: 'GET', url: `/streaming/join/${creator.user.id}`, headers: { authorization: other.token, 'x-forwarded-for': GB_IP } });
    expect(fromGb.statusCode).toBe(404);
    expect((await api(server.app, 'GET', `/streaming/join/${creator.user.id}`, other.token)).statusCode).toBe(200);
  });

  it('lists running streams of active creators, most watched first, then newest, with q on names and titles', async () => {
    const tag = `s${Date.now()}`;
    const a = await newCreator(server.app);
    const b = await newCreator(server.app);
    const c = await newCreator(server.app);
    const sa = await goLive(server.app, a, { title: `${tag} alpha` });
    const sb = await goLive(server.app, b, { title: `${tag} beta` });
    const sc = await goLive(server.app, c, { title: `${tag} gamma` });
    await server.app.db.update(tables.streams).set({ viewerCount: 5 }).where(sql`id = ${sb._id}`);
    const list = async (q: string, as?: Account) => (await api(server.app, 'GET', `/streaming/user/search?q=${encodeURIComponent(q)}`, as?.token)).json().data;
    const found = await list(tag);
    expect(found.total).toBe(3);
    expect(found.data.map((s: { _id: string }) => s._id)).toEqual([sb._id, sc._id, sa._id]);
    expect(found.data[0]).toMatchObject({ viewerCount: 5, lockReason: 'login' });
    expect((await list(`${tag} gamma`)).data.map((s: { _id: string }) => s._id)).toEqual([sc._id]);
    expect((await list(a.user.username!)).data.map((s: { _id: string }) => s._id)).toEqual([sa._id]);
    // Ended streams and inactive creators drop out.
    await api(server.app, 'PUT', `/streaming/live/${sa._id}`, a.token, { isStreaming: false });
    await server.app.db.update(tables.users).set({ status: 'inactive' }).where(sql`id = ${c.user.id}`);
    expect((await list(tag)).data.map((s: { _id: string }) => s._id)).toEqual([sb._id]);
    expect((await api(server.app, 'GET', '/streaming/user/search?limit=0')).statusCode).toBe(400);
  });
});

describe('Agora tokens', () => {
  beforeAll(() => enableLive(server.app));

  const decode = (value: string) => {
    const parsed = new AccessToken2();
    expect(parsed.from_string(value)).toBe(true);
    expect(parsed.verifySignature(CERTIFICATE)).toBe(true);
    expect(parsed.verifySignature('00000000000000000000000000000000')).toBe(false);
    const [rtc] = parsed.services.filter((s) => s.service_type() === kRtcServiceType);
    return { appId: parsed.appId.toString(), channel: rtc.__channel_name.toString(), uid: rtc.__uid.toString(), privileges: Object.keys(rtc.__privileges).map(Number).sort() };
  };

  it('signs a publisher token for the creator and a subscriber token for a viewer who may watch', async () => {
    const creator = await newCreator(server.app);
    const fan = await newFan(server.app);
    const stream = await goLive(server.app, creator, { access: 'free' });
    const started = Date.now();

    const mine = await token(creator, stream.channelName);
    expect(mine.statusCode).toBe(200);
    const pub = mine.json().data;
    expect(pub).toMatchObject({ appId: APP_ID, channelName: stream._id, role: 'publisher', uid: agoraUid(creator.user.id) });
    expect(new Date(pub.expiresAt).getTime()).toBeGreaterThanOrEqual(started + AGORA_TOKEN_TTL_SECONDS * 1000 - 1000);
    // Join + publish audio, video and data.
    expect(decode(pub.token)).toEqual({ appId: APP_ID, channel: stream._id, uid: String(pub.uid), privileges: [1, 2, 3, 4] });

    const sub = (await token(fan, stream.channelName.toUpperCase())).json().data;
    expect(sub).toMatchObject({ role: 'subscriber', channelName: stream._id });
    expect(sub.uid).not.toBe(pub.uid);
    // The same account always gets the same uid.
    expect((await token(fan, stream.channelName)).json().data.uid).toBe(sub.uid);
    expect(decode(sub.token)).toEqual({ appId: APP_ID, channel: stream._id, uid: String(sub.uid), privileges: [1] });
  });

  it('refuses locked viewers (403), unknown or ended streams (404) and anonymous callers (401)', async () => {
    const creator = await newCreator(server.app);
    const fan = await newFan(server.app);
    const stream = await goLive(server.app, creator, { access: 'subscribers' });
    const locked = await token(fan, stream._id);
    expect([locked.statusCode, locked.json().message]).toEqual([403, 'Subscribe to this creator to watch this stream']);
    expect((await token(undefined, stream._id)).statusCode).toBe(401);
    expect((await token(fan, ZERO)).statusCode).toBe(404);
    expect((await token(fan, 'any-channel')).statusCode).toBe(404);
    await api(server.app, 'PUT', `/streaming/live/${stream._id}`, creator.token, { isStreaming: false });
    expect((await token(creator, stream._id)).statusCode).toBe(404);
  });

  it('derives distinct stable uids, never 0', () => {
    expect(agoraUid('a')).toBe(agoraUid('a'));
    expect(agoraUid('a')).not.toBe(agoraUid('b'));
    expect(agoraUid('a', agoraUid('a'))).not.toBe(agoraUid('a'));
    for (const id of ['x', 'y', 'z']) expect(agoraUid(id)).toBeGreaterThan(0);
  });
});

describe('the stale-stream job', () => {
  beforeAll(() => enableLive(server.app));

  it('ends a stream whose creator stopped sending heartbeats, and only that one', async () => {
    const silent = await newCreator(server.app);
    const beating = await newCreator(server.app);
    const quiet = await goLive(server.app, silent);
    const alive = await goLive(server.app, beating);
    await server.app.db.update(tables.streams).set({ startedAt: sql`now() - interval '1 hour'`, lastHeartbeatAt: sql`now() - interval '10 minutes'` }).where(sql`id = ${quiet._id}`);
    await server.app.db.update(tables.streams).set({ startedAt: sql`now() - interval '1 hour'` }).where(sql`id = ${alive._id}`);
    await api(server.app, 'PUT', '/streaming/set-duration', beating.token, { id: alive._id, duration: 3600 });

    expect(await server.app.streaming.endStale()).toBe(1);
    const rows = await allRows(server.app, tables.streams);
    expect(rows.find((s) => s.id === quiet._id)).toMatchObject({ isStreaming: false, endedAt: expect.any(Date) });
    expect(rows.find((s) => s.id === alive._id)).toMatchObject({ isStreaming: true, endedAt: null });
    expect(await server.app.streaming.endStale()).toBe(0);
  });
});
