import { startTestServer, type TestServer } from '../../support/server';
import { createPerformerWithToken, createUserWithToken, tables } from '../../support/db';

// Jest ignores testTimeout inside `projects`; booting PGlite alone can take several seconds.
jest.setTimeout(60_000);

// Public addresses the bundled geo database places in Great Britain and the United States.
const GB_IP = '81.2.69.142';
const US_IP = '8.8.8.8';

let server: TestServer;
let blockerId: string;
let countryBlockerId: string;
let bystanderId: string;
let blockedFan: string;
let otherFan: string;
let admin: string;
let blockerToken: string;

beforeAll(async () => {
  server = await startTestServer();
  const app = server.app;
  const blocker = await createPerformerWithToken(app, { name: 'Orla Blocker' }, { totalFollowers: 30 });
  blockerId = blocker.user.id;
  blockerToken = blocker.token;
  countryBlockerId = (await createPerformerWithToken(app, { name: 'Orla Geofence' }, { totalFollowers: 20 })).user.id;
  bystanderId = (await createPerformerWithToken(app, { name: 'Orla Open' }, { totalFollowers: 10 })).user.id;
  const fan = await createUserWithToken(app);
  blockedFan = fan.token;
  otherFan = (await createUserWithToken(app)).token;
  admin = (await createUserWithToken(app, { role: 'admin' })).token;
  await app.db.insert(tables.blockedUsers).values({ performerId: blockerId, userId: fan.user.id });
  await app.db.insert(tables.blockedCountries).values({ performerId: countryBlockerId, country: 'GB' });
});
afterAll(() => server.close());

async function listed(url: string, headers: Record<string, string>): Promise<string[]> {
  const res = await server.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode).toBe(200);
  return (res.json().data.data as { _id: string }[]).map((p) => p._id);
}

const urls = ['/performers/user/search?q=orla&limit=50', '/performers/search/random?limit=50', '/performers/top?limit=50'];

describe('blocked creators in discovery', () => {
  it.each(urls)('%s hides a creator from the fan they blocked, not from others', async (url) => {
    const forBlocked = await listed(url, { authorization: blockedFan });
    expect(forBlocked).not.toContain(blockerId);
    expect(forBlocked).toEqual(expect.arrayContaining([countryBlockerId, bystanderId]));
    expect(await listed(url, { authorization: otherFan })).toEqual(expect.arrayContaining([blockerId, countryBlockerId, bystanderId]));
    expect(await listed(url, {})).toContain(blockerId);
  });

  it.each(urls)('%s hides a creator from visitors of a country they blocked', async (url) => {
    const fromGb = await listed(url, { 'x-forwarded-for': GB_IP });
    expect(fromGb).not.toContain(countryBlockerId);
    expect(fromGb).toEqual(expect.arrayContaining([blockerId, bystanderId]));
    expect(await listed(url, { 'x-forwarded-for': GB_IP, authorization: otherFan })).not.toContain(countryBlockerId);
    expect(await listed(url, { 'x-forwarded-for': US_IP })).toContain(countryBlockerId);
  });

  it.each(urls)('%s shows admins everyone, whatever their account or country', async (url) => {
    const forAdmin = await listed(url, { authorization: admin, 'x-forwarded-for': GB_IP });
    expect(forAdmin).toEqual(expect.arrayContaining([blockerId, countryBlockerId, bystanderId]));
  });

  it('counts only what the viewer may see in total', async () => {
    const total = async (headers: Record<string, string>) =>
      (await server.app.inject({ method: 'GET', url: '/performers/user/search?q=orla', headers })).json().data.total;
    expect(await total({})).toBe(3);
    expect(await total({ authorization: blockedFan })).toBe(2);
    expect(await total({ authorization: blockedFan, 'x-forwarded-for': GB_IP })).toBe(1);
  });

  it('a creator still finds themself even from a country they blocked', async () => {
    await server.app.db.insert(tables.blockedCountries).values({ performerId: blockerId, country: 'US' });
    expect(await listed('/performers/user/search?q=orla', { authorization: blockerToken, 'x-forwarded-for': US_IP })).toContain(blockerId);
    expect(await listed('/performers/user/search?q=orla', { 'x-forwarded-for': US_IP })).not.toContain(blockerId);
  });
});
