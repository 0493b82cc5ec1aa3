import sharp from 'sharp';
import { startTestServer, type TestServer } from '../../support/server';
import { login, registerFan } from '../../support/accounts';
import { seedDemo } from '../../../src/server/seed/demo';

// Jest ignores testTimeout inside `projects`; booting PGlite alone can take several seconds.
jest.setTimeout(60_000);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('seedDemo', () => {
  it('creates an admin, three verified performers, one waiting for review, all with avatars, and three fans who can all sign in', async () => {
    const accounts = await seedDemo(server.app, { content: false });
    expect(accounts.map((a) => a.role)).toEqual(['admin', 'performer', 'performer', 'performer', 'performer', 'user', 'user', 'user']);
    for (const account of accounts) {
      const res = await login(server.app, account.email, account.password);
      expect(res.statusCode).toBe(200);
      const me = (await server.app.inject({ method: 'GET', url: '/users/me', headers: { authorization: res.json().data.token } })).json().data;
      expect(me).toMatchObject({ role: account.role, username: account.username, emailVerified: true });
    }
    for (const performer of accounts.filter((a) => a.role === 'performer')) {
      const profile = (await server.app.inject({ method: 'GET', url: `/performers/${performer.username}` })).json().data;
      expect(profile.bio.length).toBeGreaterThan(10);
      // nova's documents wait in the operators' queue; the other three are verified.
      expect(profile.verifiedDocument).toBe(performer.username !== 'nova');
      const avatar = await server.app.inject({ method: 'GET', url: new URL(profile.avatar).pathname });
      expect(avatar.statusCode).toBe(200);
      expect(await sharp(avatar.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 256, height: 256 });
    }
  });

  it('does nothing once any user exists', async () => {
    expect(await seedDemo(server.app, { content: false })).toEqual([]);
    const fresh = await startTestServer();
    try {
      await registerFan(fresh.app);
      expect(await seedDemo(fresh.app, { content: false })).toEqual([]);
    } finally {
      await fresh.close();
    }
  });

  it('stores what the web client sends when passwords are hashed client-side', async () => {
    const hashed = await startTestServer({ CLIENT_HASH_PASSWORD: 'true' });
    try {
      const [admin] = await seedDemo(hashed.app, { content: false });
      const { clientHashPassword } = await import('../../../src/common/lib/password-hash');
      expect((await login(hashed.app, admin.username, await clientHashPassword(admin.password))).statusCode).toBe(200);
    } finally {
      await hashed.close();
    }
  });
});
