import { eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../support/server';
import { clientHashPassword } from '../../../src/common/lib/password-hash';
import { users } from '../../../src/server/db/schema';

// Jest ignores testTimeout inside `projects`; booting PGlite alone can take several seconds.
jest.setTimeout(30_000);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ CLIENT_HASH_PASSWORD: 'true' });
});
afterAll(() => server.close());

const post = (url: string, payload: object, token?: string) =>
  server.app.inject({ method: 'POST', url, payload, headers: token ? { authorization: token } : {} });

describe('with CLIENT_HASH_PASSWORD=true', () => {
  it('accepts only SHA-256 hex passwords and compares them in that form', async () => {
    const plain = await post('/auth/users/register', { name: 'Kim', username: 'kim', email: 'kim@example.com', password: 'kims-password', ageConfirmed: true, termsAccepted: true });
    expect(plain.statusCode).toBe(400);
    expect(plain.json()).toMatchObject({
      message: 'password must be hashed by the client',
      details: [{ field: 'password', message: 'password must be hashed by the client' }],
    });
    expect(await server.app.db.select().from(users).where(eq(users.username, 'kim'))).toHaveLength(0);

    const hashed = await clientHashPassword('kims-password');
    const ok = await post('/auth/users/register', { name: 'Kim', username: 'kim', email: 'kim@example.com', password: hashed, ageConfirmed: true, termsAccepted: true });
    expect(ok.statusCode).toBe(200);

    expect((await post('/auth/login', { username: 'kim', password: 'kims-password' })).statusCode).toBe(400);
    expect((await post('/auth/login', { username: 'kim', password: hashed })).statusCode).toBe(200);

    const token = ok.json().data.token;
    const change = (password: string, currentPassword = hashed) =>
      server.app.inject({ method: 'PUT', url: '/auth/users/me/password', headers: { authorization: token }, payload: { password, currentPassword } });
    expect((await change('new-plain-password')).json().message).toBe('password must be hashed by the client');
    const next = await clientHashPassword('kims-new-password');
    // The current password is compared in its hashed form too.
    expect((await change(next, 'kims-password')).json().details).toEqual([
      { field: 'currentPassword', message: 'currentPassword must be hashed by the client' },
    ]);
    expect((await change(next)).statusCode).toBe(200);
    expect((await post('/auth/login', { username: 'kim', password: next })).statusCode).toBe(200);

    const profile = await server.app.inject({
      method: 'PUT', url: '/users', headers: { authorization: token }, payload: { password: 'plain-again!', currentPassword: next },
    });
    expect(profile.statusCode).toBe(400);
    expect((await post('/auth/login', { username: 'kim', password: next })).statusCode).toBe(200);
  });
});
