import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { suspendedMessage } from '../../../src/server/modules/users/account-status.service';
import { createAccountStatusService } from '../../../src/server/modules/users/account-status.service';
import { scheduleSuspensionLifts, SUSPENSION_LIFT_PATTERN } from '../../../src/server/modules/admin-users/suspension-lifts';
import { login, registerFan, type TestAccount } from '../../support/accounts';
import { createUserWithToken, tables } from '../../support/db';
import { mailsTo } from '../../support/outbox';
import { startTestServer, type TestServer } from '../../support/server';
import { as, auditRows, newOperator, snapshot } from './users-helpers';

jest.setTimeout(60_000);

let server: TestServer;
let url: string;
let op: Awaited<ReturnType<typeof createUserWithToken>>;
beforeAll(async () => {
  server = await startTestServer();
  url = await server.app.listen({ port: 0, host: '127.0.0.1' });
  op = await newOperator(server.app, 'ops_status');
});
afterAll(() => server.close());

const setStatus = (id: string, body: object, token = op.token) => as(server.app, token, 'PUT', `/admin/users/${id}/status`, body);
const userRow = async (id: string) => (await server.app.db.select().from(tables.users).where(eq(tables.users.id, id)))[0];
/** Mails to the person other than the sign-up's verification link. */
const noticesTo = async (email: string) => (await mailsTo(server.dataDir, email)).filter((m) => !m.subject.startsWith('Verify your email'));
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

function socketOf(token: string): Promise<Socket> {
  const socket = connect(url, { path: '/socket.io', transports: ['websocket'], reconnection: false, forceNew: true, query: { token } });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

describe('suspending an account', () => {
  let fan: TestAccount;
  beforeAll(async () => {
    fan = await registerFan(server.app, { name: 'Sam Spammer' });
  });

  it('ends every session and socket at once, audits once, emails the person and refuses sign-in with the reason', async () => {
    const otherDevice = (await login(server.app, fan.username, fan.password)).json().data.token as string;
    const socket = await socketOf(fan.token);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const auditBefore = (await auditRows(server.app)).length;
    const until = inAnHour();

    const res = await setStatus(fan.id, { status: 'suspended', reason: '  Spam in every comment ', until });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ _id: fan.id, status: 'suspended', suspendedReason: 'Spam in every comment', suspendedUntil: until });

    expect(await closed).toBe('io server disconnect');
    socket.close();
    for (const token of [fan.token, otherDevice]) {
      expect((await as(server.app, token, 'GET', '/users/me')).statusCode).toBe(401);
    }
    const detail = (await as(server.app, op.token, 'GET', `/admin/users/${fan.id}`)).json().data;
    expect(detail.liveSessions).toBe(0);

    const audit = (await auditRows(server.app)).slice(auditBefore);
    expect(audit).toEqual([expect.objectContaining({
      action: 'user.suspend', targetType: 'user', targetId: fan.id, actorId: op.user.id,
      before: expect.objectContaining({ status: 'active' }), after: expect.objectContaining({ status: 'suspended', suspendedReason: 'Spam in every comment' }),
    })]);

    const [mail] = await noticesTo(fan.email);
    expect(mail.subject).toMatch(/account is suspended/);
    expect(mail.body).toContain('Reason: Spam in every comment');

    const signIn = await login(server.app, fan.username, fan.password);
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().message).toBe(suspendedMessage({ suspendedReason: 'Spam in every comment', suspendedUntil: new Date(until) }));
    expect(signIn.json().message).toMatch(/^This account is suspended\. Reason: Spam in every comment\. You can sign in again after .* UTC\.$/);
    // A wrong password still gets the generic answer: the suspension is not shown to strangers.
    expect((await login(server.app, fan.username, 'wrong password here')).statusCode).toBe(401);
  });

  it('reactivates: audited once, emailed, and the person can sign in again', async () => {
    const auditBefore = (await auditRows(server.app)).length;
    const res = await setStatus(fan.id, { status: 'active' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'active', suspendedReason: null, suspendedUntil: null });
    expect((await auditRows(server.app)).slice(auditBefore)).toEqual([expect.objectContaining({ action: 'user.reactivate', targetId: fan.id })]);
    expect((await noticesTo(fan.email)).map((m) => m.subject)).toEqual([expect.stringMatching(/suspended/), expect.stringMatching(/active again/)]);
    expect((await login(server.app, fan.username, fan.password)).statusCode).toBe(200);
  });

  it('keeps a suspension without an end until an operator lifts it, and tells the person to contact support', async () => {
    const other = await registerFan(server.app);
    expect((await setStatus(other.id, { status: 'suspended', reason: 'Fraud', until: null })).statusCode).toBe(200);
    const signIn = await login(server.app, other.username, other.password);
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().message).toBe('This account is suspended. Reason: Fraud. Please contact support.');
    expect(await createAccountStatusService(server.app).liftExpired()).toEqual([]);
    expect((await userRow(other.id)).status).toBe('suspended');
  });

  it('succeeds even when the email cannot be sent (the failure is logged)', async () => {
    const other = await registerFan(server.app);
    const send = jest.spyOn(server.app.mailer, 'send').mockRejectedValueOnce(new Error('SMTP is down'));
    const res = await setStatus(other.id, { status: 'suspended', reason: 'Spam' });
    expect(res.statusCode).toBe(200);
    expect(send).toHaveBeenCalledTimes(1);
    send.mockRestore();
    expect((await userRow(other.id)).status).toBe('suspended');
  });
});

describe('refused status changes write nothing', () => {
  let fan: Awaited<ReturnType<typeof createUserWithToken>>;
  let otherOp: Awaited<ReturnType<typeof createUserWithToken>>;
  beforeAll(async () => {
    fan = await createUserWithToken(server.app);
    otherOp = await newOperator(server.app, 'ops_other');
  });

  it.each([
    ['an unknown status', () => fan.user.id, { status: 'banned', reason: 'x' }, 400, /status must be one of/],
    ['no reason', () => fan.user.id, { status: 'suspended' }, 400, /Give a reason/],
    ['a blank reason', () => fan.user.id, { status: 'suspended', reason: ' \u0001 ' }, 400, /Give a reason/],
    ['a reason too long', () => fan.user.id, { status: 'suspended', reason: 'x'.repeat(501) }, 400, /at most 500 characters/],
    ['an end in the past', () => fan.user.id, { status: 'suspended', reason: 'Spam', until: new Date(Date.now() - 60_000).toISOString() }, 400, /must be in the future/],
    ['an end that is no date', () => fan.user.id, { status: 'suspended', reason: 'Spam', until: 'tomorrow' }, 400, /until must be a valid date-time/],
    ['an extra field', () => fan.user.id, { status: 'suspended', reason: 'Spam', note: 'x' }, 400, /note is not allowed/],
    ['an unknown id', () => '00000000-0000-4000-8000-000000000000', { status: 'suspended', reason: 'Spam' }, 404, /User not found/],
    ['an ill-formed id', () => 'nobody', { status: 'suspended', reason: 'Spam' }, 400, /^id must be a valid uuid$/],
    ['yourself', () => op.user.id, { status: 'suspended', reason: 'Spam' }, 403, /cannot suspend yourself/],
    ['another operator', () => otherOp.user.id, { status: 'suspended', reason: 'Spam' }, 422, /remove their operator role first/],
    ['reactivating an active account', () => fan.user.id, { status: 'active' }, 422, /not suspended/],
  ])('%s', async (_, id, body, status, message) => {
    const before = await snapshot(server.app);
    const res = await setStatus(id(), body);
    expect({ status: res.statusCode, message: res.json().message }).toEqual({ status, message: expect.stringMatching(message) });
    if (status === 400) expect(res.json().details?.length).toBeGreaterThan(0);
    expect(await snapshot(server.app)).toEqual(before);
    expect((await as(server.app, fan.token, 'GET', '/users/me')).statusCode).toBe(200);
  });
});

describe('the end of a suspension', () => {
  const expire = (id: string) => server.app.db.update(tables.users).set({ suspendedUntil: new Date(Date.now() - 1000) }).where(eq(tables.users.id, id));

  it('is lifted at sign-in once it has passed, and the sign-in goes on', async () => {
    const fan = await registerFan(server.app);
    expect((await setStatus(fan.id, { status: 'suspended', reason: 'Cool off', until: inAnHour() })).statusCode).toBe(200);
    expect((await login(server.app, fan.username, fan.password)).statusCode).toBe(403);
    await expire(fan.id);
    const res = await login(server.app, fan.username, fan.password);
    expect(res.statusCode).toBe(200);
    expect((await as(server.app, res.json().data.token, 'GET', '/users/me')).statusCode).toBe(200);
    expect(await userRow(fan.id)).toMatchObject({ status: 'active', suspendedReason: null, suspendedUntil: null, suspendedAt: null });
  });

  it('is lifted by the job every 5 minutes, for ended suspensions only', async () => {
    const ended = await registerFan(server.app);
    const running = await registerFan(server.app);
    for (const f of [ended, running]) expect((await setStatus(f.id, { status: 'suspended', reason: 'Cool off', until: inAnHour() })).statusCode).toBe(200);
    await expire(ended.id);

    const log = { info: jest.fn(), error: jest.fn() };
    const job = scheduleSuspensionLifts(() => createAccountStatusService(server.app).liftExpired(), log);
    try {
      expect(job.getPattern()).toBe(SUSPENSION_LIFT_PATTERN);
      expect(SUSPENSION_LIFT_PATTERN).toBe('*/5 * * * *');
      await job.trigger();
    } finally {
      job.stop();
    }
    expect(job.isStopped()).toBe(true);
    expect(log.info).toHaveBeenCalledWith({ users: [ended.id] }, 'suspensions ended');
    expect((await userRow(ended.id)).status).toBe('active');
    expect((await userRow(running.id)).status).toBe('suspended');
    expect((await as(server.app, op.token, 'GET', `/admin/users?status=suspended&q=${running.username}`)).json().data.total).toBe(1);
  });

  it('logs a failed run and keeps going', async () => {
    const log = { info: jest.fn(), error: jest.fn() };
    const job = scheduleSuspensionLifts(() => Promise.reject(new Error('database gone')), log);
    await job.trigger();
    job.stop();
    expect(log.error).toHaveBeenCalledWith({ err: expect.any(Error) }, 'lifting ended suspensions failed');
  });
});

describe('warnings', () => {
  it('are given with a reason, audited once, emailed, and shown to the person newest first', async () => {
    const fan = await registerFan(server.app);
    const other = await registerFan(server.app);
    const auditBefore = (await auditRows(server.app)).length;
    for (const reason of ['First: keep it civil', 'Second: last warning']) {
      const res = await as(server.app, op.token, 'POST', `/admin/users/${fan.id}/warnings`, { reason });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ _id: expect.any(String), reason, reportId: null, createdAt: expect.any(String) });
    }
    expect((await auditRows(server.app)).slice(auditBefore).map((a) => a.action)).toEqual(['user.warn', 'user.warn']);
    expect((await noticesTo(fan.email)).map((m) => m.subject)).toEqual([expect.stringMatching(/warning/), expect.stringMatching(/warning/)]);

    const mine = await as(server.app, fan.token, 'GET', '/users/me/warnings');
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.map((w: { reason: string }) => w.reason)).toEqual(['Second: last warning', 'First: keep it civil']);
    expect(Object.keys(mine.json().data[0]).sort()).toEqual(['_id', 'createdAt', 'reason']);
    expect((await as(server.app, other.token, 'GET', '/users/me/warnings')).json().data).toEqual([]);
    expect((await as(server.app, null, 'GET', '/users/me/warnings')).statusCode).toBe(401);
  });

  it('refuses a missing or blank reason, an unknown account and yourself, writing nothing', async () => {
    const fan = await createUserWithToken(server.app);
    for (const [id, body, status] of [
      [fan.user.id, {}, 400], [fan.user.id, { reason: '   ' }, 400], [fan.user.id, { reason: 'x'.repeat(501) }, 400],
      ['00000000-0000-4000-8000-000000000000', { reason: 'Hi' }, 404], ['nope', { reason: 'Hi' }, 400], [op.user.id, { reason: 'Hi' }, 403],
    ] as const) {
      const before = await snapshot(server.app);
      const res = await as(server.app, op.token, 'POST', `/admin/users/${id}/warnings`, body);
      expect({ id, body, status: res.statusCode }).toEqual({ id, body, status });
      expect(await snapshot(server.app)).toEqual(before);
    }
  });
});
