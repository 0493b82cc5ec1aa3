import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { sessions, users } from '../../../src/server/db/schema';
import { login, registerFan } from '../../support/accounts';
import { createUserWithToken } from '../../support/db';
import { noticesDelivered, sessionNoticesDelivered } from '../../support/change-notices';
import { describeOnPostgres, secondInstance, soon } from '../../support/second-instance';
import { startTestServer, type TestServer } from '../../support/server';

/**
 * Verified sessions are cached in each API process (modules/auth/session-cache.ts), and every
 * change that ends or alters a session is told to every process by the database at commit: a
 * signed-in request costs no statement for its session, and a revocation is refused at once.
 */
let server: TestServer;
let statements = 0;
beforeAll(async () => {
  server = await startTestServer({}, { onQuery: () => { statements += 1; } });
});
afterAll(() => server.close());

const get = (app: FastifyInstance, url: string, token: string) => app.inject({ method: 'GET', url, headers: { authorization: token } });
const me = (app: FastifyInstance, token: string) => get(app, '/users/me', token);
const sidOf = (token: string) => (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { sid: string }).sid;
const operator = () => createUserWithToken(server.app, { role: 'admin' });

describe('the session check', () => {
  it('reads the session and user once, then costs no statement while nothing changes', async () => {
    const fan = await createUserWithToken(server.app);
    await noticesDelivered(server.app, 'accounts');
    // Another account's request first: the settings cache (2 s) is warm for both of the next ones.
    expect((await me(server.app, (await createUserWithToken(server.app)).token)).statusCode).toBe(200);
    statements = 0;
    expect((await me(server.app, fan.token)).statusCode).toBe(200);
    // The session, then the account's own view (cached too: users/account-cache.test.ts).
    expect(statements).toBe(2);
    statements = 0;
    expect((await me(server.app, fan.token)).statusCode).toBe(200);
    expect(statements).toBe(0);
    await server.app.db.update(sessions).set({ revokedAt: null }).where(eq(sessions.userId, fan.user.id));
    // This process dropped the entry when it sent the write; PostgreSQL's notice of the same change
    // arrives a moment later and drops it again (PGlite's at commit). Counting starts after it, or
    // a request quick enough to come first (token signatures are remembered) reads twice.
    await sessionNoticesDelivered(server.app);
    statements = 0;
    // After a change to the session row the next request reads it again, once.
    expect((await me(server.app, fan.token)).statusCode).toBe(200);
    expect(statements).toBe(1);
    statements = 0;
    expect((await me(server.app, fan.token)).statusCode).toBe(200);
    expect(statements).toBe(0);
  });

  it('refuses a session revoked in the database by any path at once', async () => {
    const fan = await createUserWithToken(server.app);
    expect((await me(server.app, fan.token)).statusCode).toBe(200);
    await server.app.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sidOf(fan.token)));
    expect((await me(server.app, fan.token)).statusCode).toBe(401);
  });

  it('honours logout, signing out other devices and a password change at once', async () => {
    const fan = await registerFan(server.app, { password: 'first-password-1' });
    const phone = (await login(server.app, fan.username, 'first-password-1')).json().data.token as string;
    const tablet = (await login(server.app, fan.username, 'first-password-1')).json().data.token as string;
    for (const token of [fan.token, phone, tablet]) expect((await me(server.app, token)).statusCode).toBe(200);

    expect((await server.app.inject({ method: 'POST', url: '/auth/logout', headers: { authorization: phone } })).statusCode).toBe(200);
    expect((await me(server.app, phone)).statusCode).toBe(401);

    const other = (await login(server.app, fan.username, 'first-password-1')).json().data.token as string;
    expect((await me(server.app, other)).statusCode).toBe(200);
    expect((await server.app.inject({ method: 'DELETE', url: '/auth/sessions', headers: { authorization: fan.token } })).statusCode).toBe(200);
    expect((await me(server.app, other)).statusCode).toBe(401);
    expect((await me(server.app, tablet)).statusCode).toBe(401);

    const again = (await login(server.app, fan.username, 'first-password-1')).json().data.token as string;
    expect((await me(server.app, again)).statusCode).toBe(200);
    const changed = await server.app.inject({
      method: 'PUT', url: '/auth/users/me/password', headers: { authorization: fan.token },
      payload: { password: 'second-password-2', currentPassword: 'first-password-1' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await me(server.app, again)).statusCode).toBe(401);
    expect((await me(server.app, fan.token)).statusCode).toBe(200);
  });

  it('honours a suspension, a role change and an account deletion at once', async () => {
    const op = await operator();
    const fan = await createUserWithToken(server.app);
    expect((await me(server.app, fan.token)).statusCode).toBe(200);
    expect((await get(server.app, '/admin/users', fan.token)).statusCode).toBe(403);

    const promoted = await server.app.inject({ method: 'PUT', url: `/admin/users/${fan.user.id}/role`, headers: { authorization: op.token }, payload: { role: 'admin' } });
    expect(promoted.statusCode).toBe(200);
    expect((await get(server.app, '/admin/users', fan.token)).statusCode).toBe(200);
    expect((await me(server.app, fan.token)).json().data.role).toBe('admin');
    await server.app.inject({ method: 'PUT', url: `/admin/users/${fan.user.id}/role`, headers: { authorization: op.token }, payload: { role: 'user' } });
    expect((await get(server.app, '/admin/users', fan.token)).statusCode).toBe(403);

    const suspended = await server.app.inject({
      method: 'PUT', url: `/admin/users/${fan.user.id}/status`, headers: { authorization: op.token }, payload: { status: 'suspended', reason: 'Spam' },
    });
    expect(suspended.statusCode).toBe(200);
    expect((await me(server.app, fan.token)).statusCode).toBe(401);

    const leaving = await registerFan(server.app, { password: 'leaving-password-1' });
    expect((await me(server.app, leaving.token)).statusCode).toBe(200);
    const deleted = await server.app.inject({
      method: 'DELETE', url: '/users/me', headers: { authorization: leaving.token }, payload: { currentPassword: 'leaving-password-1' },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await me(server.app, leaving.token)).statusCode).toBe(401);
  });

  it('sees a change to the user row at once (an account made inactive by hand)', async () => {
    const fan = await createUserWithToken(server.app);
    expect((await me(server.app, fan.token)).statusCode).toBe(200);
    await server.app.db.update(users).set({ status: 'inactive' }).where(eq(users.id, fan.user.id));
    expect((await me(server.app, fan.token)).statusCode).toBe(401);
  });
});

/** The answer's status once another instance has heard of a change (a refusal), or after a second. */
const refusedSoon = async (app: FastifyInstance, token: string) => (await soon(() => me(app, token), (res) => res.statusCode !== 200)).statusCode;

// Two API processes on one PostgreSQL database: the change reaches the other through the database.
describeOnPostgres('two API instances sharing PostgreSQL', () => {
  const instanceB = secondInstance(() => server);

  it('refuses on instance B, at once, a session revoked on instance A', async () => {
    const fan = await registerFan(server.app, { password: 'shared-password-1' });
    const phone = (await login(server.app, fan.username, 'shared-password-1')).json().data.token as string;
    // Both instances have the sessions cached.
    for (const app of [server.app, instanceB()]) {
      for (const token of [fan.token, phone]) expect((await me(app, token)).statusCode).toBe(200);
    }
    expect((await server.app.inject({ method: 'POST', url: '/auth/logout', headers: { authorization: phone } })).statusCode).toBe(200);
    expect(await refusedSoon(instanceB(), phone)).toBe(401);
    expect((await me(instanceB(), fan.token)).statusCode).toBe(200);
  });

  it('refuses on instance B, at once, an account suspended on instance A, and shows a new role there', async () => {
    const op = await operator();
    const fan = await createUserWithToken(server.app);
    const other = await createUserWithToken(server.app);
    for (const token of [fan.token, other.token]) expect((await me(instanceB(), token)).statusCode).toBe(200);
    expect((await get(instanceB(), '/admin/users', other.token)).statusCode).toBe(403);

    await server.app.inject({ method: 'PUT', url: `/admin/users/${other.user.id}/role`, headers: { authorization: op.token }, payload: { role: 'admin' } });
    expect((await soon(() => get(instanceB(), '/admin/users', other.token), (res) => res.statusCode !== 403)).statusCode).toBe(200);

    const suspended = await server.app.inject({
      method: 'PUT', url: `/admin/users/${fan.user.id}/status`, headers: { authorization: op.token }, payload: { status: 'suspended', reason: 'Spam' },
    });
    expect(suspended.statusCode).toBe(200);
    expect(await refusedSoon(instanceB(), fan.token)).toBe(401);
  });

  it('reads every session from the database while its change feed is down, and caches again once it is back', async () => {
    const fan = await createUserWithToken(server.app);
    expect((await me(instanceB(), fan.token)).statusCode).toBe(200);
    // Cut every LISTEN connection (both instances'): notifications sent meanwhile would be lost.
    await server.app.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen%'`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await server.app.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sidOf(fan.token)));
    expect((await me(instanceB(), fan.token)).statusCode).toBe(401);
    const next = await createUserWithToken(server.app);
    // Back within about a second: the cache works again and a change still reaches it.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await me(instanceB(), next.token)).statusCode).toBe(200);
    await server.app.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sidOf(next.token)));
    expect(await refusedSoon(instanceB(), next.token)).toBe(401);
  });
});
