import { eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../support/server';
import { login, registerFan, type TestAccount } from '../../support/accounts';
import { allRows, createPerformerWithToken, createUserWithToken, tables } from '../../support/db';
import { linkToken, mailsTo } from '../../support/outbox';
import { authTokens, sessions, users } from '../../../src/server/db/schema';
import { hashPassword } from '../../../src/server/modules/auth/password';

// Jest ignores testTimeout inside `projects`; booting PGlite alone can take several seconds.
jest.setTimeout(60_000);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Method = 'GET' | 'PUT' | 'POST';
const call = (method: Method, url: string, token: string | undefined, payload?: object) =>
  server.app.inject({ method, url, headers: token === undefined ? {} : { authorization: token }, ...(payload ? { payload } : {}) });
const me = (token: string) => call('GET', '/users/me', token);
const userRow = async (id: string) => (await server.app.db.select().from(users).where(eq(users.id, id)))[0];
const confirm = (token: string, auth?: string) => call('POST', '/auth/email/confirm', auth, { token });
const undo = (token: string, auth?: string) => call('POST', '/auth/email/undo', auth, { token });

const MISSING = 'Enter your current password to change your password or email';
const WRONG = 'Your current password is incorrect';
const SIGN_IN_AGAIN = 'For your security, sign in again to confirm this change';
const USED = 'This link has expired or was already used';
const fieldError = (message: string) => ({ statusCode: 400, error: 'Bad Request', message, details: [{ field: 'currentPassword', message }] });

/** The forgot-password mail may be sent in the background: look for it for a few seconds. */
async function eventually<T>(read: () => Promise<T>): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return await read();
    } catch (err) {
      if (i >= 50) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** A creator with a real password (createPerformerWithToken makes password-less rows). */
async function creatorWithPassword(password: string) {
  const { user, token } = await createPerformerWithToken(server.app, { passwordHash: await hashPassword(password) }, { dateOfBirth: '1990-01-01' });
  return { id: user.id, username: user.username!, email: user.email!, token, password };
}

/** The three routes that can set a password, as (account, body) → response. */
const PASSWORD_ROUTES = {
  'PUT /auth/users/me/password': (token: string, body: object) => call('PUT', '/auth/users/me/password', token, { source: 'user', ...body }),
  'PUT /users': (token: string, body: object) => call('PUT', '/users', token, body),
  'PUT /performers/me': (token: string, body: object) => call('PUT', '/performers/me', token, body),
} as const;

describe.each(Object.entries(PASSWORD_ROUTES))('password change through %s', (route, change) => {
  const account = async () =>
    route === 'PUT /performers/me' ? creatorWithPassword('old-password-1') : registerFan(server.app, { password: 'old-password-1' });

  it('refuses a missing or wrong current password with 400 on currentPassword, changing nothing', async () => {
    const who = await account();
    const before = await userRow(who.id);
    const other = (await login(server.app, who.username, 'old-password-1')).json().data.token;

    const missing = await change(who.token, { password: 'new-password-1' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual(fieldError(MISSING));
    const wrong = await change(who.token, { password: 'new-password-1', currentPassword: 'not-the-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual(fieldError(WRONG));

    expect((await userRow(who.id)).passwordHash).toBe(before.passwordHash);
    expect((await me(other)).statusCode).toBe(200);
    expect((await login(server.app, who.username, 'new-password-1')).statusCode).toBe(401);
    expect((await login(server.app, who.username, 'old-password-1')).statusCode).toBe(200);
  });

  it('changes it with the right current password and signs the other sessions out', async () => {
    const who = await account();
    const other = (await login(server.app, who.username, 'old-password-1')).json().data.token;
    const res = await change(who.token, { password: 'new-password-1', currentPassword: 'old-password-1' });
    expect(res.statusCode).toBe(200);
    expect((await me(who.token)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await login(server.app, who.username, 'old-password-1')).statusCode).toBe(401);
    expect((await login(server.app, who.username, 'new-password-1')).statusCode).toBe(200);
  });
});

describe('accounts without a password (social sign-in)', () => {
  it('may set a password or email within 10 minutes of signing in, and must sign in again after', async () => {
    const { user, token } = await createUserWithToken(server.app, { passwordHash: null });
    const [session] = await server.app.db.select().from(sessions).where(eq(sessions.userId, user.id));
    await server.app.db.update(sessions).set({ createdAt: new Date(Date.now() - 11 * 60_000) }).where(eq(sessions.id, session.id));

    const stale = await call('PUT', '/users', token, { password: 'first-password' });
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toEqual(fieldError(SIGN_IN_AGAIN));
    // A guessed "current password" does not help an account that has none.
    expect((await call('PUT', '/auth/users/me/password', token, { password: 'first-password', currentPassword: 'x' })).json().message).toBe(SIGN_IN_AGAIN);
    expect((await call('PUT', '/users', token, { email: 'social-new@example.com' })).statusCode).toBe(400);
    expect((await userRow(user.id)).passwordHash).toBeNull();
    expect(await mailsTo(server.dataDir, 'social-new@example.com')).toHaveLength(0);

    const fresh = (await server.app.tokens.issue(user.id, false)).token;
    expect((await call('PUT', '/auth/users/me/password', fresh, { password: 'first-password' })).statusCode).toBe(200);
    expect((await login(server.app, user.username!, 'first-password')).statusCode).toBe(200);
  });
});

describe('email change', () => {
  let ivy: TestAccount;
  beforeAll(async () => {
    ivy = await registerFan(server.app, { email: 'ivy@example.com', password: 'ivy-password' });
    await server.app.db.update(users).set({ emailVerified: true }).where(eq(users.id, ivy.id));
  });

  it('keeps other fields working without the current password; an unchanged email needs none', async () => {
    const res = await call('PUT', '/users', ivy.token, { name: 'Ivy Green', email: 'IVY@example.com', username: ivy.username });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBeUndefined();
    expect(res.json().data).toMatchObject({ name: 'Ivy Green', email: 'ivy@example.com', emailVerified: true, pendingEmail: null });
  });

  it('refuses a new email without (or with a wrong) current password: nothing written, nothing mailed', async () => {
    const before = await allRows(server.app, tables.users);
    const tokensBefore = await allRows(server.app, tables.authTokens);
    const missing = await call('PUT', '/users', ivy.token, { name: 'Not saved', email: 'thief@example.com' });
    expect(missing.json()).toEqual(fieldError(MISSING));
    const wrong = await call('PUT', '/users', ivy.token, { email: 'thief@example.com', currentPassword: 'guess-guess' });
    expect(wrong.json()).toEqual(fieldError(WRONG));
    expect(await allRows(server.app, tables.users)).toEqual(before);
    expect(await allRows(server.app, tables.authTokens)).toEqual(tokensBefore);
    expect(await mailsTo(server.dataDir, 'thief@example.com')).toHaveLength(0);
  });

  it('mails a link to the new address and changes nothing until it is opened; then tells the old address, which can undo it', async () => {
    const other = (await login(server.app, ivy.username, 'ivy-password')).json().data.token;
    const res = await call('PUT', '/users', ivy.token, { email: 'Ivy.New@Example.com', currentPassword: 'ivy-password' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('We sent a confirmation link to ivy.new@example.com. Your email address changes when you open it.');
    expect(res.json().data).toMatchObject({ email: 'ivy@example.com', emailVerified: true, pendingEmail: 'ivy.new@example.com' });
    expect((await userRow(ivy.id)).email).toBe('ivy@example.com');
    expect((await me(ivy.token)).json().data.pendingEmail).toBe('ivy.new@example.com');

    const [confirmMail] = await mailsTo(server.dataDir, 'ivy.new@example.com');
    expect(confirmMail.subject).toMatch(/Confirm your new email address/);
    expect(confirmMail.body).toContain(`${server.config.webOrigin}/auth/confirm-email?token=`);
    expect((await mailsTo(server.dataDir, 'ivy@example.com')).filter((m) => /changed/.test(m.subject))).toHaveLength(0);
    // Only the hash is stored; the payload is the new address.
    const token = await linkToken(server.dataDir, 'ivy.new@example.com', '/auth/confirm-email');
    const [row] = await server.app.db.select().from(authTokens).where(eq(authTokens.kind, 'change-email'));
    expect(row).toMatchObject({ userId: ivy.id, payload: 'ivy.new@example.com', usedAt: null });
    expect(row.tokenHash).not.toContain(token);

    const done = await confirm(token);
    expect(done.json()).toEqual({ data: { message: 'Your email address is now ivy.new@example.com' } });
    expect(await userRow(ivy.id)).toMatchObject({ email: 'ivy.new@example.com', emailVerified: true });
    expect((await me(ivy.token)).json().data).toMatchObject({ email: 'ivy.new@example.com', pendingEmail: null });
    expect((await confirm(token)).json()).toMatchObject({ statusCode: 400, message: USED });

    const [notice] = (await mailsTo(server.dataDir, 'ivy@example.com')).filter((m) => /was changed/.test(m.subject));
    expect(notice.body).toContain('changed from ivy@example.com to ivy.new@example.com');
    expect(notice.body).toContain('valid for 7 days');
    const undoToken = await linkToken(server.dataDir, 'ivy@example.com', '/auth/undo-email-change');
    const [undoRow] = await server.app.db.select().from(authTokens).where(eq(authTokens.kind, 'undo-email-change'));
    expect(undoRow.payload).toBe('ivy@example.com');
    expect(undoRow.expiresAt.getTime() - undoRow.createdAt.getTime()).toBeGreaterThan(7 * 86_400_000 - 60_000);
    // The undo link is not a confirm link, nor the other way round.
    expect((await confirm(undoToken)).json().message).toBe(USED);

    const undone = await undo(undoToken);
    expect(undone.statusCode).toBe(200);
    expect(undone.json().data.message).toMatch(/^Your email address is back to ivy@example.com and every device has been signed out/);
    expect(await userRow(ivy.id)).toMatchObject({ email: 'ivy@example.com', emailVerified: true, passwordHash: null });
    expect((await me(ivy.token)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(401);
    // Whoever changed the address knew the password: it no longer signs in, a reset does.
    expect((await login(server.app, ivy.username, 'ivy-password')).statusCode).toBe(401);
    expect((await undo(undoToken)).json().message).toBe(USED);
    await call('POST', '/auth/users/forgot', undefined, { email: 'ivy@example.com' });
    const reset = await eventually(() => linkToken(server.dataDir, 'ivy@example.com', '/auth/reset-password'));
    expect((await call('POST', '/auth/users/reset', undefined, { token: reset, password: 'ivy-fresh-password' })).statusCode).toBe(200);
    expect((await login(server.app, 'ivy@example.com', 'ivy-fresh-password')).statusCode).toBe(200);
  });

  it('PUT /performers/me needs the current password for a new email too, and answers with the same message', async () => {
    const cleo = await creatorWithPassword('cleo-password');
    const refused = await call('PUT', '/performers/me', cleo.token, { email: 'cleo.new@example.com', bio: 'Not saved' });
    expect(refused.json()).toEqual(fieldError(MISSING));
    expect((await call('GET', '/performers/me', cleo.token)).json().data.bio).not.toBe('Not saved');
    expect(await mailsTo(server.dataDir, 'cleo.new@example.com')).toHaveLength(0);

    const bio = await call('PUT', '/performers/me', cleo.token, { bio: 'Saved without a password', email: cleo.email });
    expect(bio.statusCode).toBe(200);

    const res = await call('PUT', '/performers/me', cleo.token, { email: 'cleo.new@example.com', currentPassword: 'cleo-password', city: 'Lyon' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('We sent a confirmation link to cleo.new@example.com. Your email address changes when you open it.');
    expect(res.json().data).toMatchObject({ email: cleo.email, city: 'Lyon' });
    const token = await linkToken(server.dataDir, 'cleo.new@example.com', '/auth/confirm-email');
    expect((await confirm(token)).statusCode).toBe(200);
    expect((await call('GET', '/performers/me', cleo.token)).json().data.email).toBe('cleo.new@example.com');
  });

  it('acts on the link owner only, whoever sends it: another account token neither helps nor is changed', async () => {
    const jay = await registerFan(server.app, { password: 'jay-password' });
    const kim = await registerFan(server.app, { password: 'kim-password' });
    await call('PUT', '/users', jay.token, { email: 'jay.new@example.com', currentPassword: 'jay-password' });
    const jayLink = await linkToken(server.dataDir, 'jay.new@example.com', '/auth/confirm-email');
    const kimBefore = await userRow(kim.id);

    expect((await confirm(jayLink, kim.token)).statusCode).toBe(200);
    expect((await userRow(jay.id)).email).toBe('jay.new@example.com');
    expect(await userRow(kim.id)).toEqual(kimBefore);
    expect((await me(kim.token)).json().data.pendingEmail).toBeNull();
    // Forged and short tokens are refused without touching anything.
    expect((await confirm('A'.repeat(43), kim.token)).json().message).toBe(USED);
    expect((await confirm('short')).statusCode).toBe(400);
    expect(await userRow(kim.id)).toEqual(kimBefore);
  });

  it('refuses an expired or superseded link', async () => {
    const lou = await registerFan(server.app, { password: 'lou-password' });
    await call('PUT', '/users', lou.token, { email: 'lou.first@example.com', currentPassword: 'lou-password' });
    const first = await linkToken(server.dataDir, 'lou.first@example.com', '/auth/confirm-email');
    await call('PUT', '/users', lou.token, { email: 'lou.second@example.com', currentPassword: 'lou-password' });
    expect((await me(lou.token)).json().data.pendingEmail).toBe('lou.second@example.com');
    expect((await confirm(first)).json().message).toBe(USED);

    const second = await linkToken(server.dataDir, 'lou.second@example.com', '/auth/confirm-email');
    await server.app.db.update(authTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(authTokens.userId, lou.id));
    expect((await me(lou.token)).json().data.pendingEmail).toBeNull();
    expect((await confirm(second)).json().message).toBe(USED);
    expect((await userRow(lou.id)).email).toBe(lou.email);
  });

  it('answers 409 when the new address was taken before the link was opened, changing nothing', async () => {
    const max = await registerFan(server.app, { password: 'max-password' });
    await call('PUT', '/users', max.token, { email: 'contested@example.com', currentPassword: 'max-password' });
    const token = await linkToken(server.dataDir, 'contested@example.com', '/auth/confirm-email');
    // Taken at request time: 409 at once.
    const early = await registerFan(server.app, { email: 'taken-early@example.com' });
    const refused = await call('PUT', '/users', max.token, { email: early.email, currentPassword: 'max-password' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().details).toEqual([{ field: 'email', message: 'This email address is already registered' }]);

    await registerFan(server.app, { email: 'contested@example.com' });
    const late = await confirm(token);
    expect(late.statusCode).toBe(409);
    expect(late.json().details).toEqual([{ field: 'email', message: 'This email address is already registered' }]);
    expect((await userRow(max.id)).email).toBe(max.email);
  });
});
