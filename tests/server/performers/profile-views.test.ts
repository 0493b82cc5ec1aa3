import { createPerformerWithToken, createUserWithToken } from '../../support/db';
import { startTestServer, type TestServer } from '../../support/server';
import { call } from '../wallet-charges/charge-helpers';

jest.setTimeout(120_000);

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(() => server.close());

type Caller = { token?: string; ip?: string };
const view = (id: string, as: Caller = {}) => call(server.app, 'POST', `/performers/${id}/view`, as);
const dashboardViews = async (token: string) =>
  (await call(server.app, 'GET', '/performer/dashboard/stats', { token })).json().data.profileViews as number;

describe('POST /performers/:id/view (profile views for the creator dashboard)', () => {
  it('counts each viewer once an hour, by account or by address, never the creator themself', async () => {
    const creator = await createPerformerWithToken(server.app);
    const fan = await createUserWithToken(server.app);
    const id = creator.user.id;

    expect((await view(id, { token: fan.token })).json().data).toEqual({ views: 1, counted: true });
    // A reload within the hour does not pump the count.
    expect((await view(id, { token: fan.token })).json().data).toEqual({ views: 1, counted: false });
    // The creator opening their own page is not a view.
    expect((await view(id, { token: creator.token })).json().data).toEqual({ views: 1, counted: false });
    // Visitors are told apart by address.
    expect((await view(id, { ip: '203.0.113.7' })).json().data).toEqual({ views: 2, counted: true });
    expect((await view(id, { ip: '203.0.113.7' })).json().data).toEqual({ views: 2, counted: false });
    expect((await view(id, { ip: '203.0.113.8' })).json().data).toEqual({ views: 3, counted: true });

    expect(await dashboardViews(creator.token)).toBe(3);
    // Another creator's dashboard has its own figure.
    const other = await createPerformerWithToken(server.app);
    expect(await dashboardViews(other.token)).toBe(0);
  });

  it('refuses a viewer the creator blocked (403), an unknown creator (404) and a bad id (400), counting nothing', async () => {
    const creator = await createPerformerWithToken(server.app);
    const blocked = await createUserWithToken(server.app);
    const fan = await createUserWithToken(server.app);
    expect((await call(server.app, 'POST', '/block/users', { token: creator.token }, { userId: blocked.user.id })).statusCode).toBe(200);

    const refused = await view(creator.user.id, { token: blocked.token });
    expect(refused.statusCode).toBe(403);
    expect((await view('00000000-0000-4000-8000-000000000000', { token: fan.token })).statusCode).toBe(404);
    // A fan is not a creator: their id has no profile to view.
    expect((await view(fan.user.id, { token: blocked.token })).statusCode).toBe(404);
    const bad = await view('not-an-id', { token: fan.token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toEqual(expect.any(String));
    expect(await dashboardViews(creator.token)).toBe(0);
  });
});
