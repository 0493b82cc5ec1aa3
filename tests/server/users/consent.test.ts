import { eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../support/server';
import { createUserWithToken } from '../../support/db';
import { users } from '../../../src/server/db/schema';
import { TERMS_VERSION } from '../../../src/common/constants/terms';

jest.setTimeout(60_000);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const me = async (token: string) => (await server.app.inject({ method: 'GET', url: '/users/me', headers: { authorization: token } })).json().data;
const accept = (token: string, payload: object) =>
  server.app.inject({ method: 'PUT', url: '/users/me/consent', headers: { authorization: token }, payload });
const row = async (id: string) => (await server.app.db.select().from(users).where(eq(users.id, id)))[0];
/** As social sign-in makes an account: nobody ticked anything. */
const withoutConsent = { ageConfirmedAt: null, termsAcceptedAt: null, termsVersion: null };

describe('consent given after sign-up (social sign-in accounts, changed terms)', () => {
  it('asks an account without consent, and stores both with the terms version once given', async () => {
    const { user, token } = await createUserWithToken(server.app, withoutConsent);
    expect((await me(token)).consentRequired).toBe(true);

    const missing = await accept(token, { ageConfirmed: true });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/termsAccepted/);
    const unticked = await accept(token, { ageConfirmed: true, termsAccepted: false });
    expect(unticked.statusCode).toBe(400);
    expect((await row(user.id)).termsAcceptedAt).toBeNull();

    const before = Date.now();
    const ok = await accept(token, { ageConfirmed: true, termsAccepted: true });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.consentRequired).toBe(false);
    const stored = await row(user.id);
    expect(stored.termsVersion).toBe(TERMS_VERSION);
    expect(stored.termsAcceptedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(stored.ageConfirmedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('asks again when the terms version was raised after the person accepted', async () => {
    const { token } = await createUserWithToken(server.app, { termsVersion: '2020-01' });
    expect((await me(token)).consentRequired).toBe(true);
    const current = await createUserWithToken(server.app);
    expect((await me(current.token)).consentRequired).toBe(false);
  });

  it('never asks an operator; acts on the caller only; needs a token', async () => {
    const admin = await createUserWithToken(server.app, { role: 'admin', ...withoutConsent });
    expect((await me(admin.token)).consentRequired).toBe(false);
    const other = await createUserWithToken(server.app, withoutConsent);
    const caller = await createUserWithToken(server.app, withoutConsent);
    expect((await accept(caller.token, { ageConfirmed: true, termsAccepted: true })).statusCode).toBe(200);
    expect((await row(other.user.id)).termsAcceptedAt).toBeNull();
    expect((await server.app.inject({ method: 'PUT', url: '/users/me/consent', payload: { ageConfirmed: true, termsAccepted: true } })).statusCode).toBe(401);
  });
});
