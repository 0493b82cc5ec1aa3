import { count, eq, sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../support/server';
import { registerFan, type TestAccount } from '../../support/accounts';
import { linkToken, mailSettled } from '../../support/outbox';
import { loginThrottles } from '../../../src/server/db/schema';
import { beginAttempt, clear, recordFailure, assertOpen, FREE_FAILURES, LOCK_AFTER_FAILURES, LOCK_MINUTES } from '../../../src/server/modules/auth/login-throttle';

// Jest ignores testTimeout inside `projects`; booting PGlite alone can take several seconds.
jest.setTimeout(60_000);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const BAD = 'Incorrect username or password';
let n = 0;
/** Every attempt comes from another address, with another forged X-Forwarded-For: the throttle must not care. */
const attempt = (username: string, password: string) => {
  n += 1;
  return server.app.inject({
    method: 'POST', url: '/auth/login', payload: { username, password },
    remoteAddress: `198.51.100.${n % 250}`, headers: { 'x-forwarded-for': `203.0.113.${n % 250}` },
  });
};
const wrong = (a: TestAccount) => attempt(a.username, 'not-the-password');
const right = (a: TestAccount) => attempt(a.username, a.password);
const rowOf = async (userId: string) => (await server.app.db.select().from(loginThrottles).where(eq(loginThrottles.userId, userId)))[0];
/** Moves the account's last failure and lock into the past, as if `seconds` had gone by. */
const letTimePass = (userId: string, seconds: number) =>
  server.app.db.update(loginThrottles).set({
    lastFailureAt: sql`${loginThrottles.lastFailureAt} - make_interval(secs => ${seconds})`,
    lockedUntil: sql`${loginThrottles.lockedUntil} - make_interval(secs => ${seconds})`,
  }).where(eq(loginThrottles.userId, userId));
const fan = () => registerFan(server.app, { password: 'the-right-password' });

/** FREE_FAILURES wrong passwords (401 each), then failures with the delay let pass, up to `total`. */
async function failTimes(a: TestAccount, total: number) {
  for (let i = 0; i < total; i++) {
    if (i >= FREE_FAILURES) await letTimePass(a.id, 60);
    const res = await wrong(a);
    expect([res.statusCode, res.json().message]).toEqual([401, BAD]);
  }
}

describe('per-account login throttle', () => {
  it('after 5 failures makes the next attempt wait 1 s, then 2 s, 4 s: 429 with Retry-After, the password not even checked', async () => {
    const a = await fan();
    await failTimes(a, FREE_FAILURES);

    const tooSoon = await right(a);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.headers['retry-after']).toBe('1');
    expect(tooSoon.json().message).toBe('Too many failed sign-ins for this account. Try again in 1 second.');
    expect((await rowOf(a.id)).failures).toBe(5);

    await letTimePass(a.id, 1);
    expect((await wrong(a)).statusCode).toBe(401);
    const second = await wrong(a);
    expect([second.statusCode, second.headers['retry-after']]).toEqual([429, '2']);

    await letTimePass(a.id, 2);
    expect((await wrong(a)).statusCode).toBe(401);
    const third = await wrong(a);
    expect([third.statusCode, third.headers['retry-after']]).toEqual([429, '4']);
    expect(third.json().message).toBe('Too many failed sign-ins for this account. Try again in 4 seconds.');

    // Once the delay has passed, the right password signs in and starts the count from zero.
    await letTimePass(a.id, 4);
    expect((await right(a)).statusCode).toBe(200);
    expect(await rowOf(a.id)).toBeUndefined();
  });

  it('locks the account for 15 minutes at the 10th failure, even for the right password, then opens again', async () => {
    const a = await fan();
    await failTimes(a, LOCK_AFTER_FAILURES);
    const row = await rowOf(a.id);
    expect(row.failures).toBe(10);
    expect(row.lockedUntil!.getTime() - row.lastFailureAt!.getTime()).toBe(LOCK_MINUTES * 60_000);

    const locked = await right(a);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect(locked.json()).toMatchObject({
      statusCode: 429,
      message: 'Too many failed sign-ins for this account. Try again in 15 minutes or reset your password.',
    });

    await letTimePass(a.id, 10 * 60);
    expect((await right(a)).json().message).toMatch(/Try again in 5 minutes or reset your password/);

    // After the lock one more try is allowed; a failure locks again at once.
    await letTimePass(a.id, 5 * 60);
    expect((await wrong(a)).statusCode).toBe(401);
    expect((await right(a)).statusCode).toBe(429);
    await letTimePass(a.id, 15 * 60);
    expect((await right(a)).statusCode).toBe(200);
    expect(await rowOf(a.id)).toBeUndefined();
  });

  it('is cleared by a successful sign-in: five more failures are allowed afterwards', async () => {
    const a = await fan();
    await failTimes(a, FREE_FAILURES - 1);
    expect((await right(a)).statusCode).toBe(200);
    expect(await rowOf(a.id)).toBeUndefined();
    await failTimes(a, FREE_FAILURES);
    expect((await wrong(a)).statusCode).toBe(429);
  });

  it('is cleared by a password reset, which is the way out of a lock', async () => {
    const a = await fan();
    await failTimes(a, LOCK_AFTER_FAILURES);
    expect((await right(a)).statusCode).toBe(429);

    await server.app.inject({ method: 'POST', url: '/auth/users/forgot', payload: { email: a.email } });
    await mailSettled(server.app);
    const token = await linkToken(server.dataDir, a.email, '/auth/reset-password');
    const reset = await server.app.inject({ method: 'POST', url: '/auth/users/reset', payload: { token, password: 'a-brand-new-password' } });
    expect(reset.statusCode).toBe(200);
    expect(await rowOf(a.id)).toBeUndefined();
    expect((await attempt(a.username, 'a-brand-new-password')).statusCode).toBe(200);
  });

  it('counts 20 parallel attempts at one moment without letting more than the free ones past the delay', async () => {
    // One clock for all 20, so the 1 s delay after the 5th cannot pass between them however slow
    // the machine is (through HTTP each request reads its own clock, below).
    const a = await fan();
    const now = new Date();
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, () => beginAttempt(server.app.db, a.id, now)));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(FREE_FAILURES);
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(refused.map((o) => (o.reason as { statusCode: number }).statusCode)).toEqual(Array(20 - FREE_FAILURES).fill(429));
    expect((await rowOf(a.id)).failures).toBe(FREE_FAILURES);
  });

  it('through HTTP, counts every parallel wrong attempt whose password was checked, and refuses the rest', async () => {
    const a = await fan();
    const results = await Promise.all(Array.from({ length: 20 }, () => wrong(a)));
    const statuses = results.map((r) => r.statusCode);
    const checked = statuses.filter((s) => s === 401).length;
    // At least the free ones; more only when a busy machine spread them past the growing delays.
    expect(checked).toBeGreaterThanOrEqual(FREE_FAILURES);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20 - checked);
    expect(checked).toBeLessThan(20);
    expect((await rowOf(a.id)).failures).toBe(checked);
  });

  it('recordFailure is one atomic UPSERT: 20 parallel failures are 20, and the 10th locked the account', async () => {
    const a = await fan();
    await Promise.all(Array.from({ length: 20 }, () => recordFailure(server.app.db, a.id)));
    const row = await rowOf(a.id);
    expect(row.failures).toBe(20);
    expect(row.lockedUntil!.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
    await expect(assertOpen(server.app.db, a.id)).rejects.toMatchObject({ statusCode: 429, headers: { 'retry-after': expect.stringMatching(/^\d+$/) } });
    await clear(server.app.db, a.id);
    await expect(assertOpen(server.app.db, a.id)).resolves.toBeUndefined();
  });

  it('never throttles or records unknown usernames: the same 401 as a wrong password, and no row', async () => {
    const rowsBefore = Number((await server.app.db.select({ n: count() }).from(loginThrottles))[0].n);
    for (let i = 0; i < LOCK_AFTER_FAILURES + 2; i++) {
      const res = await attempt('nobody_here', 'whatever-password');
      expect([res.statusCode, res.json().message]).toEqual([401, BAD]);
    }
    expect(Number((await server.app.db.select({ n: count() }).from(loginThrottles))[0].n)).toBe(rowsBefore);
  });
});
