import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../support/server';
import { allRows, createUserWithToken, tables } from '../../support/db';
import { login, registerFan } from '../../support/accounts';
import { multipart } from '../../support/multipart';

jest.setTimeout(90_000);

/**
 * Google's siteverify replaced at the network boundary: a local HTTP server that reads the same
 * form (secret, response, remoteip) and answers like Google. "human-*" tokens pass.
 */
const SECRET = 'test-recaptcha-secret';
const calls: Record<string, string>[] = [];
const siteverify = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (c) => (raw += c));
  req.on('end', () => {
    const form = Object.fromEntries(new URLSearchParams(raw));
    calls.push(form);
    const success = req.method === 'POST' && form.secret === SECRET && (form.response ?? '').startsWith('human-');
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(success ? { success: true, hostname: 'localhost' } : { success: false, 'error-codes': ['invalid-input-response'] }));
  });
});

let server: TestServer;
let admin: string;
beforeAll(async () => {
  await new Promise<void>((resolve) => siteverify.listen(0, '127.0.0.1', resolve));
  const { port } = siteverify.address() as AddressInfo;
  server = await startTestServer({ RECAPTCHA_SECRET_KEY: SECRET, RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/recaptcha/api/siteverify` });
  admin = (await createUserWithToken(server.app, { role: 'admin' })).token;
});
afterAll(async () => {
  await server.close();
  await new Promise((resolve) => siteverify.close(resolve));
});
beforeEach(() => { calls.length = 0; });

async function setRecaptcha(values: Record<string, unknown>) {
  const res = await server.app.inject({ method: 'PUT', url: '/admin/settings', headers: { authorization: admin }, payload: values });
  expect(res.statusCode).toBe(200);
}
const on = () => setRecaptcha({ reCaptchaEnabled: true, reCaptchaSiteKey: '6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI' });
const off = () => setRecaptcha({ reCaptchaEnabled: false });

const captcha = (token?: string) => (token ? { 'x-recaptcha-token': token } : {});
let seq = 0;
const fanBody = () => {
  seq += 1;
  return { name: `Robo ${seq}`, username: `robo_${seq}`, email: `robo${seq}@example.com`, password: 'correct horse battery', ageConfirmed: true, termsAccepted: true };
};
const registerFanWith = (token?: string) => server.app.inject({ method: 'POST', url: '/auth/users/register', headers: captcha(token), payload: fanBody() });
const contactWith = (token?: string) => server.app.inject({
  method: 'POST', url: '/contact', remoteAddress: `198.51.100.${++seq % 250}`, headers: captcha(token),
  payload: { name: 'Ana Bell', email: 'ana@example.com', subject: 'Question', message: 'Hello there' },
});
const forgotWith = (token?: string) => server.app.inject({ method: 'POST', url: '/auth/users/forgot', headers: captcha(token), payload: { email: 'nobody@example.com' } });
const usersNamed = async (prefix: string) => (await allRows(server.app, tables.users)).filter((u) => u.username?.startsWith(prefix));

describe('POST /re-captcha/verify', () => {
  it('answers success for a token Google accepts and 400 for a refused or missing one', async () => {
    await on();
    const ok = await server.app.inject({ method: 'POST', url: '/re-captcha/verify', remoteAddress: '203.0.113.9', payload: { token: 'human-1' } });
    expect([ok.statusCode, ok.json().data]).toEqual([200, { success: true }]);
    expect(calls[0]).toEqual({ secret: SECRET, response: 'human-1', remoteip: '203.0.113.9' });
    const bad = await server.app.inject({ method: 'POST', url: '/re-captcha/verify', payload: { token: 'robot' } });
    expect([bad.statusCode, bad.json().message, bad.json().details]).toEqual([
      400, 'The reCAPTCHA check failed, please try again', [{ field: 'reCaptchaToken', message: 'The reCAPTCHA check failed, please try again' }],
    ]);
    const empty = await server.app.inject({ method: 'POST', url: '/re-captcha/verify', payload: { token: ' ' } });
    expect([empty.statusCode, empty.json().message]).toEqual([400, 'Please confirm that you are not a robot']);
    expect((await server.app.inject({ method: 'POST', url: '/re-captcha/verify', payload: {} })).statusCode).toBe(400);
  });

  it('is success without asking Google while reCAPTCHA is off', async () => {
    await off();
    const res = await server.app.inject({ method: 'POST', url: '/re-captcha/verify', payload: { token: 'anything' } });
    expect([res.statusCode, res.json().data]).toEqual([200, { success: true }]);
    expect(calls).toHaveLength(0);
  });
});

describe('public settings', () => {
  it('report reCaptchaEnabled only when the switch, the site key and the secret are all set', async () => {
    await off();
    expect((await server.app.inject({ method: 'GET', url: '/settings/public' })).json().data).toMatchObject({ reCaptchaEnabled: false });
    await setRecaptcha({ reCaptchaEnabled: true, reCaptchaSiteKey: '' });
    expect((await server.app.inject({ method: 'GET', url: '/settings/public' })).json().data.reCaptchaEnabled).toBe(false);
    await on();
    const data = (await server.app.inject({ method: 'GET', url: '/settings/public' })).json().data;
    expect(data).toMatchObject({ reCaptchaEnabled: true, reCaptchaSiteKey: '6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI' });
    const bad = await server.app.inject({ method: 'PUT', url: '/admin/settings', headers: { authorization: admin }, payload: { reCaptchaSiteKey: 'x y' } });
    expect(bad.json().details).toEqual([{ field: 'reCaptchaSiteKey', message: 'reCaptchaSiteKey must be empty or a reCAPTCHA site key (20 to 100 letters, digits, - or _)' }]);
  });

  it('stay off without RECAPTCHA_SECRET_KEY whatever the operator switched on', async () => {
    const bare = await startTestServer();
    try {
      await bare.app.settings.set({ reCaptchaEnabled: true, reCaptchaSiteKey: '6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI' });
      expect((await bare.app.inject({ method: 'GET', url: '/settings/public' })).json().data.reCaptchaEnabled).toBe(false);
      const res = await bare.app.inject({ method: 'POST', url: '/auth/users/register', payload: fanBody() });
      expect(res.statusCode).toBe(200);
    } finally {
      await bare.close();
    }
  });
});

describe('guarded routes while reCAPTCHA is on', () => {
  beforeAll(on);

  it('fan registration: missing or refused token is a 400 and creates nobody; a valid one registers', async () => {
    const before = (await usersNamed('robo_')).length;
    const missing = await registerFanWith();
    expect([missing.statusCode, missing.json().details]).toEqual([400, [{ field: 'reCaptchaToken', message: 'Please confirm that you are not a robot' }]]);
    const refused = await registerFanWith('robot');
    expect([refused.statusCode, refused.json().message]).toEqual([400, 'The reCAPTCHA check failed, please try again']);
    expect(await usersNamed('robo_')).toHaveLength(before);
    const ok = await registerFanWith('human-2');
    expect(ok.statusCode).toBe(200);
    expect(await usersNamed('robo_')).toHaveLength(before + 1);
  });

  it('creator registration: checked before the documents are read', async () => {
    const form = await multipart({
      name: 'Robo Creator', username: 'robo_creator', email: 'robo-creator@example.com', password: 'a-good-password',
      gender: 'female', dateOfBirth: '1995-06-15', country: 'de', ageConfirmed: 'true', termsAccepted: 'true',
    });
    const res = await server.app.inject({ method: 'POST', url: '/auth/performers/register', ...form });
    expect([res.statusCode, res.json().details?.[0]?.field]).toEqual([400, 'reCaptchaToken']);
    expect(await usersNamed('robo_creator')).toHaveLength(0);
    // With a valid token the form itself is judged next (here: the documents are missing).
    const next = await server.app.inject({ method: 'POST', url: '/auth/performers/register', ...form, headers: { ...form.headers, ...captcha('human-3') } });
    expect(next.statusCode).toBe(400);
    expect(next.json().details.map((d: { field: string }) => d.field)).toEqual(expect.arrayContaining(['idDocument', 'selfie']));
  });

  it('forgot password and contact need a token', async () => {
    expect((await forgotWith()).statusCode).toBe(400);
    expect((await forgotWith('robot')).statusCode).toBe(400);
    expect((await forgotWith('human-4')).statusCode).toBe(200);
    const messages = (await allRows(server.app, tables.contactMessages)).length;
    expect((await contactWith()).json().details).toEqual([{ field: 'reCaptchaToken', message: 'Please confirm that you are not a robot' }]);
    expect((await contactWith('robot')).statusCode).toBe(400);
    expect(await allRows(server.app, tables.contactMessages)).toHaveLength(messages);
    expect((await contactWith('human-5')).statusCode).toBe(200);
    expect(await allRows(server.app, tables.contactMessages)).toHaveLength(messages + 1);
  });

  it('sign-in needs no token until an account has failed three times in a row, then needs one', async () => {
    await off();
    const fan = await registerFan(server.app);
    await on();
    expect((await login(server.app, fan.username, fan.password)).statusCode).toBe(200);
    for (let i = 0; i < 3; i += 1) expect((await login(server.app, fan.username, 'wrong password')).statusCode).toBe(401);
    const blocked = await login(server.app, fan.username, fan.password);
    expect([blocked.statusCode, blocked.json().details]).toEqual([400, [{ field: 'reCaptchaToken', message: 'Please confirm that you are not a robot' }]]);
    // The refused attempt was not counted as a failure: still three.
    const [row] = await server.app.db.select().from(tables.loginThrottles).where(eq(tables.loginThrottles.userId, fan.id));
    expect(row.failures).toBe(3);
    const refused = await server.app.inject({ method: 'POST', url: '/auth/login', headers: captcha('robot'), payload: { username: fan.username, password: fan.password } });
    expect(refused.statusCode).toBe(400);
    const ok = await server.app.inject({ method: 'POST', url: '/auth/login', headers: captcha('human-6'), payload: { username: fan.username, password: fan.password } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.token).toEqual(expect.any(String));
    // A success clears the count: the next sign-in needs no token again.
    expect((await login(server.app, fan.username, fan.password)).statusCode).toBe(200);
  });

  it('asks nothing once the operator turns it off', async () => {
    await off();
    expect((await registerFanWith()).statusCode).toBe(200);
    expect((await forgotWith()).statusCode).toBe(200);
    expect((await contactWith()).statusCode).toBe(200);
    expect(calls).toHaveLength(0);
  });
});
