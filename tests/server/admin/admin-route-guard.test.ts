import { createPerformerWithToken, createUserWithToken } from '../../support/db';
import { contractRoutes, sampleUrl } from '../../support/contract-routes';
import { startTestServer, type TestServer } from '../../support/server';

// Every operator route of every contract, found by reading the contracts: a new admin route is
// checked here without anyone adding it.
const adminRoutes = contractRoutes().filter((r) => r.url.startsWith('/admin'));

let server: TestServer;
let fanToken: string;
let creatorToken: string;
beforeAll(async () => {
  server = await startTestServer();
  fanToken = (await createUserWithToken(server.app)).token;
  creatorToken = (await createPerformerWithToken(server.app)).token;
});
afterAll(() => server.close());

const call = (route: { method: string; url: string }, token: string) =>
  server.app.inject({ method: route.method as 'GET', url: sampleUrl(route.url), headers: { authorization: token }, payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {} });

describe('operator routes', () => {
  it('are found in the contracts and all declare the admin role', () => {
    expect(adminRoutes.length).toBeGreaterThanOrEqual(10);
    for (const route of adminRoutes) expect({ route: `${route.method} ${route.url}`, roles: route.roles }).toEqual({ route: `${route.method} ${route.url}`, roles: ['admin'] });
  });

  it.each(adminRoutes.map((r) => [`${r.method} ${r.url}`, r] as const))('%s: 401 anonymous, 403 for a fan and a creator', async (_, route) => {
    const anonymous = await call(route, '');
    expect(anonymous.statusCode).toBe(401);
    for (const token of [fanToken, creatorToken]) {
      const res = await call(route, token);
      expect({ status: res.statusCode, message: res.json().message }).toEqual({ status: 403, message: 'Only admin accounts can do this' });
    }
  });
});
