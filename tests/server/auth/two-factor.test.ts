import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { generate } from 'otplib';
import { startTestServer, type TestServer } from '../../support/server';
import { login, registerFan, type TestAccount } from '../../support/accounts';
import { loginThrottles, sessions, twoFactorRecoveryCodes, users } from '../../../src/server/db/schema';
import { deriveKey } from '../../../src/server/lib/secret';
import { assertReauthenticated } from '../../../src/server/modules/auth/reauth';

jest.setTimeout(60_000);

let server: TestServer;
let alice: TestAccount;
let bob: TestAccount;

beforeAll(async () => {
  server = await startTestServer();
  alice = await registerFan(server.app);
  bob = await registerFan(server.app);
});
afterAll(() => server.close());

const post = (url: string, token: string | null, payload?: object) =>
  server.app.inject({ method: 'POST', url, headers: token ? { authorization: token } : {}, ...(payload ? { payload } : {}) });
const me = (token: string) => server.app.inject({ method: 'GET', url: '/users/me', headers: { authorization: token } });
const now = () => Math.floor(Date.now() / 1000);
/** The code an authenticator shows `offset` seconds from now. */
const codeAt = (secret: string, offset = 0) => generate({ secret, epoch: now() + offset });
const userRow = async (id: string) => (await server.app.db.select().from(users).where(eq(users.id, id)))[0];
const codesOf = async (id: string) => server.app.db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, id));
const throttleOf = async (id: string) => (await server.app.db.select().from(loginThrottles).where(eq(loginThrottles.userId, id)))[0];
const sessionCount = async (id: string) => (await server.app.db.select().from(sessions).where(eq(sessions.userId, id))).length;
/** Pretend the last accepted step was long ago, as after a few minutes: the next codes are new again. */
const forgetLastStep = (id: string) => server.app.db.update(users).set({ twoFactorLastStep: 1 }).where(eq(users.id, id));

/** Set-up and confirmation through the API; answers the secret and the recovery codes. */
async function turnOn(who: TestAccount): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await post('/auth/2fa/setup', who.token);
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json().data;
  const enable = await post('/auth/2fa/enable', who.token, { code: await codeAt(secret), currentPassword: who.password });
  expect(enable.statusCode).toBe(200);
  return { secret, recoveryCodes: enable.json().data.recoveryCodes };
}

async function challengeOf(who: TestAccount, remember = false): Promise<string> {
  const res = await login(server.app, who.username, who.password, remember);
  expect(res.statusCode).toBe(200);
  return res.json().data.challenge;
}

describe('set-up and enabling', () => {
  it('answers a secret with its otpauth URL and QR image, stores it sealed, and stays off until confirmed', async () => {
    const res = await post('/auth/2fa/setup', alice.token);
    expect(res.statusCode).toBe(200);
    const { secret, otpauthUrl, qrCode } = res.json().data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    expect(new URL(otpauthUrl).searchParams.get('secret')).toBe(secret);
    expect(decodeURIComponent(otpauthUrl)).toContain(alice.email);
    expect(qrCode).toMatch(/^data:image\/png;base64,/);

    const row = await userRow(alice.id);
    expect(row.twoFactorSecret).toMatch(/^v1\./);
    expect(row.twoFactorSecret).not.toContain(secret);
    expect(row.twoFactorEnabledAt).toBeNull();
    const status = await server.app.inject({ method: 'GET', url: '/auth/2fa', headers: { authorization: alice.token } });
    expect(status.json().data).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0, hasPassword: true });
    // Not on yet: the password alone still signs in.
    expect((await login(server.app, alice.username, alice.password)).json().data.token).toEqual(expect.any(String));
  });

  it('refuses a wrong confirming code or a missing password with 400 naming the field, and turns nothing on', async () => {
    const { secret } = (await post('/auth/2fa/setup', alice.token)).json().data;
    const wrong = await post('/auth/2fa/enable', alice.token, { code: '000000', currentPassword: alice.password });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details).toEqual([{ field: 'code', message: expect.any(String) }]);
    const noPassword = await post('/auth/2fa/enable', alice.token, { code: await codeAt(secret) });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().details[0].field).toBe('currentPassword');
    const badPassword = await post('/auth/2fa/enable', alice.token, { code: await codeAt(secret), currentPassword: 'not-her-password' });
    expect(badPassword.statusCode).toBe(400);
    expect(badPassword.json().details[0].field).toBe('currentPassword');
    const tooShort = await post('/auth/2fa/enable', alice.token, { code: '12' });
    expect(tooShort.statusCode).toBe(400);
    expect((await userRow(alice.id)).twoFactorEnabledAt).toBeNull();
    expect(await codesOf(alice.id)).toHaveLength(0);
  });

  it('turns on with the confirming code: ten recovery codes answered once, only their hashes stored', async () => {
    const { recoveryCodes } = await turnOn(alice);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const c of recoveryCodes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const stored = await codesOf(alice.id);
    expect(stored).toHaveLength(10);
    for (const s of stored) {
      expect(s.codeHash).toMatch(/^[0-9a-f]{64}$/);
      expect(recoveryCodes.some((c) => s.codeHash.includes(c.replace('-', '')))).toBe(false);
    }
    const status = await server.app.inject({ method: 'GET', url: '/auth/2fa', headers: { authorization: alice.token } });
    expect(status.json().data).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    // A second set-up while on is a conflict and changes nothing.
    const before = (await userRow(alice.id)).twoFactorSecret;
    expect((await post('/auth/2fa/setup', alice.token)).statusCode).toBe(409);
    expect((await userRow(alice.id)).twoFactorSecret).toBe(before);
  });
});

describe('signing in with 2FA on', () => {
  let secret: string;
  let recoveryCodes: string[];
  let dave: TestAccount;
  beforeAll(async () => {
    dave = await registerFan(server.app);
    ({ secret, recoveryCodes } = await turnOn(dave));
  });
  // Every password sign-in and every wrong code counts toward the account throttle until a right
  // code clears it; these tests sign in far more often than a person would.
  beforeEach(() => server.app.db.delete(loginThrottles).where(eq(loginThrottles.userId, dave.id)));

  it('answers a challenge instead of a token and opens no session', async () => {
    const before = await sessionCount(dave.id);
    const res = await login(server.app, dave.username, dave.password);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      token: null, message: expect.any(String), twoFactorRequired: true, challenge: expect.any(String),
    });
    expect(await sessionCount(dave.id)).toBe(before);
  });

  it('a wrong code is a 400 naming code and counts toward the account throttle; the right one signs in and clears it', async () => {
    const challenge = await challengeOf(dave, true);
    await forgetLastStep(dave.id);
    const wrong = await post('/auth/2fa/verify', null, { challenge, code: '123456' === (await codeAt(secret)) ? '654321' : '123456' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details).toEqual([{ field: 'code', message: expect.any(String) }]);
    expect((await throttleOf(dave.id))?.failures).toBeGreaterThanOrEqual(1);

    const ok = await post('/auth/2fa/verify', null, { challenge, code: await codeAt(secret) });
    expect(ok.statusCode).toBe(200);
    const { token } = ok.json().data;
    expect((await me(token)).json().data._id).toBe(dave.id);
    expect(await throttleOf(dave.id)).toBeUndefined();
    // `remember` travelled in the challenge: a 365-day token.
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    expect(claims.exp - claims.iat).toBeGreaterThan(300 * 86_400);
  });

  it('refuses the same TOTP code a second time, and an older one', async () => {
    await forgetLastStep(dave.id);
    const code = await codeAt(secret, 30);
    const first = await post('/auth/2fa/verify', null, { challenge: await challengeOf(dave), code });
    expect(first.statusCode).toBe(200);
    const replay = await post('/auth/2fa/verify', null, { challenge: await challengeOf(dave), code });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().details[0].field).toBe('code');
    const older = await post('/auth/2fa/verify', null, { challenge: await challengeOf(dave), code: await codeAt(secret) });
    expect(older.statusCode).toBe(400);
  });

  it('accepts each recovery code once (any case, with or without the dash)', async () => {
    const code = recoveryCodes[0];
    const first = await post('/auth/2fa/verify', null, { challenge: await challengeOf(dave), code: ` ${code.toUpperCase().replace('-', '')} ` });
    expect(first.statusCode).toBe(200);
    expect(typeof first.json().data.token).toBe('string');
    const again = await post('/auth/2fa/verify', null, { challenge: await challengeOf(dave), code });
    expect(again.statusCode).toBe(400);
    const status = await server.app.inject({ method: 'GET', url: '/auth/2fa', headers: { authorization: dave.token } });
    expect(status.json().data.recoveryCodesLeft).toBe(9);
  });

  it('refuses an expired challenge, a forged one and a session token used as a challenge with 401', async () => {
    await forgetLastStep(dave.id);
    const key = deriveKey(new TextEncoder().encode(server.config.jwtSecret!), 'two-factor-challenge');
    const expired = await new SignJWT({ purpose: '2fa-login', remember: false })
      .setProtectedHeader({ alg: 'HS256' }).setSubject(dave.id).setIssuedAt(now() - 600).setExpirationTime(now() - 300).sign(key);
    const forged = await new SignJWT({ purpose: '2fa-login', remember: false })
      .setProtectedHeader({ alg: 'HS256' }).setSubject(dave.id).setExpirationTime('5m').sign(new TextEncoder().encode('another-secret-entirely-32-bytes!'));
    for (const challenge of [expired, forged, dave.token]) {
      const res = await post('/auth/2fa/verify', null, { challenge, code: await codeAt(secret) });
      expect(res.statusCode).toBe(401);
    }
    // The code was not used up by those refusals.
    expect((await post('/auth/2fa/verify', null, { challenge: await challengeOf(dave), code: await codeAt(secret) })).statusCode).toBe(200);
  });

  it('a challenge is bound to its account: another account\'s code does not complete it', async () => {
    const erin = await registerFan(server.app);
    const erinTwoFactor = await turnOn(erin);
    await forgetLastStep(erin.id);
    await forgetLastStep(dave.id);
    const daveChallenge = await challengeOf(dave);
    const res = await post('/auth/2fa/verify', null, { challenge: daveChallenge, code: await codeAt(erinTwoFactor.secret) });
    // Unless both secrets happen to show the same six digits (1 in a million).
    expect(res.statusCode).toBe(400);
    const withRecovery = await post('/auth/2fa/verify', null, { challenge: daveChallenge, code: erinTwoFactor.recoveryCodes[0] });
    expect(withRecovery.statusCode).toBe(400);
    expect(await codesOf(erin.id).then((c) => c.filter((r) => r.usedAt).length)).toBe(0);
  });

  it('refuses bad input with 400', async () => {
    const missing = await post('/auth/2fa/verify', null, { code: '123456' });
    expect(missing.statusCode).toBe(400);
    const extra = await post('/auth/2fa/verify', null, { challenge: await challengeOf(dave), code: '123456', admin: true });
    expect(extra.statusCode).toBe(400);
  });
});

describe('turning 2FA off', () => {
  it('needs a proof: wrong password or code is a 400 naming the field, nothing changes; another account cannot', async () => {
    const frank = await registerFan(server.app);
    const { secret } = await turnOn(frank);
    for (const [payload, field] of [
      [{ password: 'not-his-password' }, 'password'],
      [{ code: '000000' }, 'code'],
      [{}, 'code'],
      [{ code: await codeAt(secret), password: frank.password }, 'code'],
    ] as const) {
      const res = await post('/auth/2fa/disable', frank.token, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().details[0].field).toBe(field);
    }
    // Bob, with his own token and even Frank's code and password, only ever acts on his own account.
    await forgetLastStep(frank.id);
    const byBob = await post('/auth/2fa/disable', bob.token, { code: await codeAt(secret) });
    expect(byBob.statusCode).toBe(409);
    expect((await post('/auth/2fa/disable', bob.token, { password: frank.password })).statusCode).toBe(409);
    expect((await post('/auth/2fa/enable', bob.token, { code: await codeAt(secret), currentPassword: bob.password })).statusCode).toBe(409);
    expect((await userRow(frank.id)).twoFactorEnabledAt).not.toBeNull();
    expect(await codesOf(frank.id)).toHaveLength(10);
  });

  it('turns off with the password: secret and codes deleted, the password alone signs in again', async () => {
    const grace = await registerFan(server.app);
    await turnOn(grace);
    const res = await post('/auth/2fa/disable', grace.token, { password: grace.password });
    expect(res.statusCode).toBe(200);
    const row = await userRow(grace.id);
    expect(row.twoFactorSecret).toBeNull();
    expect(row.twoFactorEnabledAt).toBeNull();
    expect(await codesOf(grace.id)).toHaveLength(0);
    expect((await login(server.app, grace.username, grace.password)).json().data.token).toEqual(expect.any(String));
    expect((await post('/auth/2fa/disable', grace.token, { password: grace.password })).statusCode).toBe(409);
  });

  it('turns off with a TOTP code or a recovery code', async () => {
    const henry = await registerFan(server.app);
    const first = await turnOn(henry);
    await forgetLastStep(henry.id);
    expect((await post('/auth/2fa/disable', henry.token, { code: await codeAt(first.secret) })).statusCode).toBe(200);
    const second = await turnOn(henry);
    expect((await post('/auth/2fa/disable', henry.token, { code: second.recoveryCodes[3] })).statusCode).toBe(200);
    expect((await userRow(henry.id)).twoFactorEnabledAt).toBeNull();
  });
});

describe('a fresh 2FA code instead of the current password (reauth)', () => {
  it('accepts a valid unused code of an account with 2FA on, once', async () => {
    const ivy = await registerFan(server.app);
    const { secret, recoveryCodes } = await turnOn(ivy);
    await forgetLastStep(ivy.id);
    const subject = { id: ivy.id, passwordHash: (await userRow(ivy.id)).passwordHash, sessionId: null };
    const code = await codeAt(secret);
    await expect(assertReauthenticated(server.app, subject, { twoFactorCode: code })).resolves.toBeUndefined();
    // Used: the same code proves nothing now, and without the password it is the usual 400.
    await expect(assertReauthenticated(server.app, subject, { twoFactorCode: code })).rejects.toMatchObject({
      statusCode: 400, details: [{ field: 'currentPassword', message: expect.any(String) }],
    });
    await expect(assertReauthenticated(server.app, subject, { twoFactorCode: recoveryCodes[0] })).resolves.toBeUndefined();
    await expect(assertReauthenticated(server.app, subject, { twoFactorCode: '000000' })).rejects.toMatchObject({ statusCode: 400 });
  });

  it('a code proves nothing for an account with 2FA off', async () => {
    const jack = await registerFan(server.app);
    const subject = { id: jack.id, passwordHash: (await userRow(jack.id)).passwordHash, sessionId: null };
    await expect(assertReauthenticated(server.app, subject, { twoFactorCode: '123456' })).rejects.toMatchObject({ statusCode: 400 });
  });
});

describe('the credential routes take a 2FA code instead of the current password', () => {
  const put = (url: string, token: string, payload: object) =>
    server.app.inject({ method: 'PUT', url, headers: { authorization: token }, payload });

  it('PUT /auth/users/me/password and PUT /users accept a fresh code; a wrong one changes nothing', async () => {
    const kim = await registerFan(server.app);
    const { secret } = await turnOn(kim);
    await forgetLastStep(kim.id);
    const before = (await userRow(kim.id)).passwordHash;
    const wrong = await put('/auth/users/me/password', kim.token, { password: 'new-password-1', twoFactorCode: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect((await userRow(kim.id)).passwordHash).toBe(before);

    const ok = await put('/auth/users/me/password', kim.token, { password: 'new-password-1', twoFactorCode: await codeAt(secret) });
    expect(ok.statusCode).toBe(200);
    expect((await userRow(kim.id)).passwordHash).not.toBe(before);

    await forgetLastStep(kim.id);
    const again = await put('/users', kim.token, { password: 'new-password-2', twoFactorCode: await codeAt(secret) });
    expect(again.statusCode).toBe(200);
  });
});

describe('guessing the current password through a stolen token', () => {
  it('counts in the account sign-in throttle: the lock answers 429 there and at the login form', async () => {
    const lea = await registerFan(server.app);
    const put = (currentPassword: string) =>
      server.app.inject({ method: 'PUT', url: '/auth/users/me/password', headers: { authorization: lea.token }, payload: { password: 'new-password-1', currentPassword } });
    // The growing delay after the 5th failure: move the last failure back so each guess is allowed.
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      statuses.push((await put(`wrong-guess-${i}`)).statusCode);
      await server.app.db.update(loginThrottles).set({ lastFailureAt: new Date(Date.now() - 60_000) }).where(eq(loginThrottles.userId, lea.id));
    }
    expect(statuses).toEqual(Array(10).fill(400));
    expect((await throttleOf(lea.id)).lockedUntil!.getTime()).toBeGreaterThan(Date.now());
    // Locked: even the right current password, and the real sign-in, wait.
    const locked = await put(lea.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
    expect((await login(server.app, lea.username, lea.password)).statusCode).toBe(429);
  });

  it('a right current password clears the count of an account without 2FA', async () => {
    const max = await registerFan(server.app);
    const put = (currentPassword: string, password: string) =>
      server.app.inject({ method: 'PUT', url: '/users', headers: { authorization: max.token }, payload: { password, currentPassword } });
    expect((await put('wrong-guess', 'new-password-1')).statusCode).toBe(400);
    expect((await throttleOf(max.id)).failures).toBe(1);
    expect((await put(max.password, 'new-password-1')).statusCode).toBe(200);
    expect(await throttleOf(max.id)).toBeUndefined();
  });
});
