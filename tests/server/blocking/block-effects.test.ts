import maxmind from 'maxmind';
import { NOT_AVAILABLE_MESSAGE } from '../../../src/common/contract/social';
import { GEO_DATABASE_PATH } from '../../../src/server/modules/geo/geo.service';
import { startTestServer, type TestServer } from '../../support/server';
import { createPerformerWithToken, createUserWithToken } from '../../support/db';
import { call, GB_IP, US_IP, type Caller } from '../social/social-helpers';

jest.setTimeout(60_000);

let server: TestServer;
type Account = Awaited<ReturnType<typeof createUserWithToken>>;
let creator: Account;
let fan: Account;
let admin: Account;
beforeAll(async () => {
  server = await startTestServer();
  creator = await createPerformerWithToken(server.app, { username: 'lenastar' });
  fan = await createUserWithToken(server.app);
  admin = await createUserWithToken(server.app, { role: 'admin' });
});
afterAll(() => server.close());

const as = (who: Account | undefined, ip?: string): Caller => ({ token: who?.token, ip });
const profile = (c: Caller) => call(server.app, 'GET', `/performers/${creator.user.id}`, c);
const profileByName = (c: Caller) => call(server.app, 'GET', '/performers/lenastar', c);
const follow = (c: Caller) => call(server.app, 'POST', `/follows/${creator.user.id}`, c);
const unfollow = (c: Caller) => call(server.app, 'DELETE', `/follows/${creator.user.id}`, c);
const bookmark = (c: Caller, method: 'POST' | 'DELETE' = 'POST') =>
  call(server.app, method, '/reactions', c, { objectType: 'performer', objectId: creator.user.id, action: 'bookmark' });
const followingIds = async (c: Caller) =>
  (await call(server.app, 'GET', '/follows/following', c)).json().data.data.map((e: { performer: { _id: string } }) => e.performer._id);
const bookmarkedIds = async (c: Caller) =>
  (await call(server.app, 'GET', '/reactions/performers/bookmark', c)).json().data.data.map((e: { performer: { _id: string } }) => e.performer._id);

function expectNotAvailable(res: Awaited<ReturnType<typeof call>>) {
  expect(res.statusCode).toBe(403);
  expect(res.json().message).toBe(NOT_AVAILABLE_MESSAGE);
}

describe('an account block', () => {
  it('closes the profile, follows and bookmarks to that account from the next request', async () => {
    expect((await profile(as(fan))).statusCode).toBe(200);
    expect((await follow(as(fan))).statusCode).toBe(200);
    expect((await bookmark(as(fan))).statusCode).toBe(200);

    expect((await call(server.app, 'POST', '/block/users', as(creator), { userId: fan.user.id })).statusCode).toBe(200);

    for (const res of [
      await profile(as(fan)),
      await profileByName(as(fan)),
      await follow(as(fan)),
      await unfollow(as(fan)),
      await bookmark(as(fan)),
      await bookmark(as(fan), 'DELETE'),
    ]) expectNotAvailable(res);
    expect(await followingIds(as(fan))).toEqual([]);
    expect(await bookmarkedIds(as(fan))).toEqual([]);
    // Other viewers are unaffected; the creator and admins always see the profile.
    expect((await profile(as(undefined))).statusCode).toBe(200);
    expect((await profile(as(creator))).statusCode).toBe(200);
    expect((await profile(as(admin))).statusCode).toBe(200);
  });

  it('lifts on unblock at the next request', async () => {
    expect((await call(server.app, 'DELETE', `/block/users/${fan.user.id}`, as(creator))).statusCode).toBe(200);
    expect((await profile(as(fan))).statusCode).toBe(200);
    expect((await follow(as(fan))).json().data).toEqual({ performerId: creator.user.id, isFollowed: true, followers: 1 });
    expect((await bookmark(as(fan))).statusCode).toBe(200);
    expect(await followingIds(as(fan))).toEqual([creator.user.id]);
    expect(await bookmarkedIds(as(fan))).toEqual([creator.user.id]);
  });
});

describe('a country block (country from X-Forwarded-For)', () => {
  it('uses addresses the bundled database places in GB and US', async () => {
    const reader = await maxmind.open<never>(GEO_DATABASE_PATH);
    const country = (ip: string) => (reader.get(ip) as { country_code?: string } | null)?.country_code;
    expect([GB_IP, US_IP].map(country)).toEqual(['GB', 'US']);
    // Before any block, a visitor from either country sees the profile.
    expect((await profile(as(fan, GB_IP))).statusCode).toBe(200);
    expect((await profile(as(undefined, US_IP))).statusCode).toBe(200);
  });

  it('hides the creator from visitors of that country, signed in or not', async () => {
    const res = await call(server.app, 'POST', '/block/countries', as(creator), { countries: ['gb'] });
    expect(res.json()).toEqual({ data: { countries: ['GB'] } });

    for (const result of [
      await profile(as(undefined, GB_IP)),
      await profile(as(fan, GB_IP)),
      await profileByName(as(fan, `${GB_IP}, 10.0.0.1`)),
      await follow(as(fan, GB_IP)),
      await unfollow(as(fan, GB_IP)),
      await bookmark(as(fan, GB_IP)),
    ]) expectNotAvailable(result);
    // The fan's follow and bookmark stay stored, but lists seen from GB leave the creator out.
    expect(await followingIds(as(fan, GB_IP))).toEqual([]);
    expect(await bookmarkedIds(as(fan, GB_IP))).toEqual([]);
    const followingTotal = (await call(server.app, 'GET', '/follows/following', as(fan, GB_IP))).json().data.total;
    expect(followingTotal).toBe(0);

    // From another country, or with an address we cannot place, all is as before.
    expect((await profile(as(fan, US_IP))).statusCode).toBe(200);
    expect((await profile(as(fan, '10.1.2.3'))).statusCode).toBe(200);
    expect(await followingIds(as(fan, US_IP))).toEqual([creator.user.id]);
    expect(await bookmarkedIds(as(fan, US_IP))).toEqual([creator.user.id]);
    // The creator and admins are never geo-blocked from the profile.
    expect((await profile(as(creator, GB_IP))).statusCode).toBe(200);
    expect((await profile(as(admin, GB_IP))).statusCode).toBe(200);
  });

  it('lifts when the country leaves the list', async () => {
    await call(server.app, 'POST', '/block/countries', as(creator), { countries: ['US'] });
    expect((await profile(as(fan, GB_IP))).statusCode).toBe(200);
    expect(await followingIds(as(fan, GB_IP))).toEqual([creator.user.id]);
    expectNotAvailable(await profile(as(fan, US_IP)));
    await call(server.app, 'POST', '/block/countries', as(creator), { countries: [] });
    expect((await profile(as(fan, US_IP))).statusCode).toBe(200);
  });
});
