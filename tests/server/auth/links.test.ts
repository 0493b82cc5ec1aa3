import { count, eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../support/server';
import { login, registerFan } from '../../support/accounts';
import { linkToken, mailSettled, mailsTo, readOutbox } from '../../support/outbox';
import { authTokens, users } from '../../../src/server/db/schema';

// Jest ignores testTimeout inside `projects`; booting PGlite alone can take several seconds.
jest.setTimeout(30_000);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const post = (url: string, payload: object) => server.app.inject({ method: 'POST', url, payload });
/** The reset mail goes out after the answer: wait for it before reading the outbox. */
const forgot = async (email: string) => {
  const res = await post('/auth/users/forgot', { email });
  await mailSettled(server.app);
  return res;
};
const me = (token: string) => server.app.inject({ method: 'GET', url: '/users/me', headers: { authorization: token } });
const FORGOT = 'If an account exists for this address, we have sent a link to reset the password';
const USED = 'This link has expired or was already used';

describe('password reset', () => {
  it('answers the same for unknown addresses and mails nothing', async () => {
    const mailsBefore = (await readOutbox(server.dataDir)).length;
    const res = await forgot('nobody@example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { message: FORGOT } });
    expect((await readOutbox(server.dataDir)).length).toBe(mailsBefore);
  });

  it('mails a one-hour, one-time link that sets the password and signs out everywhere', async () => {
    const gina = await registerFan(server.app, { password: 'gina-old-pass' });
    const res = await forgot(gina.email.toUpperCase());
    expect(res.json().data.message).toBe(FORGOT);
    const mail = (await mailsTo(server.dataDir, gina.email)).find((m) => /Reset your/.test(m.subject))!;
    expect(mail.body).toContain(`${server.config.webOrigin}/auth/reset-password?token=`);
    expect(mail.body).toContain('valid for 1 hour');
    const token = await linkToken(server.dataDir, gina.email, '/auth/reset-password');

    // Only the hash is stored, expiring in an hour.
    const [row] = await server.app.db.select().from(authTokens).where(eq(authTokens.kind, 'reset-password'));
    expect(row.tokenHash).not.toContain(token);
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeGreaterThan(3_500_000);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeLessThanOrEqual(3_600_000 + 1000);

    // A rejected password does not use up the link.
    const weak = await post('/auth/users/reset', { token, password: 'short' });
    expect(weak.statusCode).toBe(400);

    const done = await post('/auth/users/reset', { token, password: 'gina-new-pass' });
    expect(done.json()).toEqual({ data: { message: 'Your password has been changed. Please sign in with your new password.' } });
    expect((await me(gina.token)).statusCode).toBe(401);
    expect((await login(server.app, gina.username, 'gina-old-pass')).statusCode).toBe(401);
    expect((await login(server.app, gina.username, 'gina-new-pass')).statusCode).toBe(200);

    const again = await post('/auth/users/reset', { token, password: 'gina-third-pass' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(USED);
    expect((await login(server.app, gina.username, 'gina-new-pass')).statusCode).toBe(200);
  });

  it('refuses expired, forged and superseded links', async () => {
    const hank = await registerFan(server.app, { password: 'hank-password' });
    await forgot(hank.email);
    const first = await linkToken(server.dataDir, hank.email, '/auth/reset-password');
    await server.app.db.update(authTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(authTokens.userId, hank.id));
    expect((await post('/auth/users/reset', { token: first, password: 'hank-new-pass' })).json().message).toBe(USED);
    expect((await post('/auth/users/reset', { token: 'A'.repeat(43), password: 'hank-new-pass' })).json().message).toBe(USED);
    expect((await post('/auth/users/reset', { token: 'short', password: 'hank-new-pass' })).statusCode).toBe(400);

    // Of two live links, using one retires the other.
    await forgot(hank.email);
    const second = await linkToken(server.dataDir, hank.email, '/auth/reset-password');
    await forgot(hank.email);
    const third = await linkToken(server.dataDir, hank.email, '/auth/reset-password');
    expect((await post('/auth/users/reset', { token: third, password: 'hank-new-pass' })).statusCode).toBe(200);
    expect((await post('/auth/users/reset', { token: second, password: 'hank-other-pass' })).statusCode).toBe(400);
    expect((await login(server.app, hank.username, 'hank-new-pass')).statusCode).toBe(200);
  });

  it('lets only one of two simultaneous resets with the same link succeed', async () => {
    const lia = await registerFan(server.app, { password: 'lia-password' });
    await forgot(lia.email);
    const token = await linkToken(server.dataDir, lia.email, '/auth/reset-password');
    const results = await Promise.all([
      post('/auth/users/reset', { token, password: 'lia-first-pass' }),
      post('/auth/users/reset', { token, password: 'lia-second-pass' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const winner = results[0].statusCode === 200 ? 'lia-first-pass' : 'lia-second-pass';
    expect((await login(server.app, lia.username, winner)).statusCode).toBe(200);
  });

  it('rejects a malformed email with 400 and writes nothing', async () => {
    const before = Number((await server.app.db.select({ n: count() }).from(authTokens))[0].n);
    const res = await forgot('not-an-email');
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ field: 'email', message: 'email must be a valid email' }]);
    expect(Number((await server.app.db.select({ n: count() }).from(authTokens))[0].n)).toBe(before);
  });
});

describe('email verification', () => {
  it('resends a link with a generic answer and verifies the address once', async () => {
    const ivy = await registerFan(server.app);
    const generic = 'If an account with this address still needs verifying, we have sent a new link';
    expect((await post('/auth/email-verification', { email: ivy.email })).json().data.message).toBe(generic);
    expect((await post('/auth/email-verification', { email: 'ghost@example.com' })).json().data.message).toBe(generic);
    expect(await mailsTo(server.dataDir, ivy.email)).toHaveLength(2);
    expect(await mailsTo(server.dataDir, 'ghost@example.com')).toHaveLength(0);

    const token = await linkToken(server.dataDir, ivy.email, '/auth/verify-email');
    const ok = await post('/auth/email-verification/verify', { token });
    expect(ok.json().data.message).toBe('Your email address has been verified');
    expect((await me(ivy.token)).json().data.emailVerified).toBe(true);
    const again = await post('/auth/email-verification/verify', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(USED);

    // Verified addresses get no more links.
    await post('/auth/email-verification', { email: ivy.email });
    expect(await mailsTo(server.dataDir, ivy.email)).toHaveLength(2);
  });

  it('expires verification links after 7 days', async () => {
    const jack = await registerFan(server.app);
    const token = await linkToken(server.dataDir, jack.email, '/auth/verify-email');
    const [row] = await server.app.db.select().from(authTokens).where(eq(authTokens.userId, jack.id));
    const days = (row.expiresAt.getTime() - row.createdAt.getTime()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);
    await server.app.db.update(authTokens).set({ expiresAt: new Date(Date.now() - 1) }).where(eq(authTokens.userId, jack.id));
    expect((await post('/auth/email-verification/verify', { token })).statusCode).toBe(400);
    const [user] = await server.app.db.select().from(users).where(eq(users.id, jack.id));
    expect(user.emailVerified).toBe(false);
  });
});
