import fs from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { startTestServer, type TestServer } from '../../support/server';
import { registerFan, type TestAccount } from '../../support/accounts';
import { linkToken, mailSettled, mailsTo } from '../../support/outbox';
import type { MailMessage } from '../../../src/server/mail/mailer';

// Jest ignores testTimeout inside `projects`; booting PGlite alone can take several seconds.
jest.setTimeout(60_000);

const FORGOT = 'If an account exists for this address, we have sent a link to reset the password';

/** A mailer that holds every message until `release()`, or fails it with `failNext`. */
function gatedMailer(app: FastifyInstance) {
  const real = app.mailer.send.bind(app.mailer);
  let open!: () => void;
  let gate = new Promise<void>((resolve) => (open = resolve));
  const state = { pending: 0, failNext: false };
  app.mailer.send = async (message: MailMessage) => {
    if (state.failNext) {
      state.failNext = false;
      throw new Error('SMTP server said no');
    }
    state.pending += 1;
    try {
      await gate;
      await real(message);
    } finally {
      state.pending -= 1;
    }
  };
  return {
    state,
    release() {
      open();
    },
    close() {
      gate = new Promise<void>((resolve) => (open = resolve));
    },
  };
}

const forgot = (server: TestServer, email: string) =>
  server.app.inject({ method: 'POST', url: '/auth/users/forgot', payload: { email } });

describe('POST /auth/users/forgot sends the mail in the background', () => {
  let server: TestServer;
  let mailer: ReturnType<typeof gatedMailer>;
  let fan: TestAccount;
  beforeAll(async () => {
    server = await startTestServer({}, { setup: (app) => void (mailer = gatedMailer(app)) });
    mailer.release(); // registration's verification mail
    fan = await registerFan(server.app);
    await mailSettled(server.app);
    mailer.close();
  });
  afterAll(async () => {
    mailer.release();
    await server.close();
  });

  it('answers while the mail is still held by the mailer, then the mail arrives', async () => {
    const res = await forgot(server, fan.email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { message: FORGOT } });
    // Answered, and the mail is still waiting: the answer did not wait for it.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mailer.state.pending).toBe(1);
    expect((await mailsTo(server.dataDir, fan.email)).filter((m) => /Reset your/.test(m.subject))).toHaveLength(0);

    mailer.release();
    await mailSettled(server.app);
    expect(mailer.state.pending).toBe(0);
    expect(await linkToken(server.dataDir, fan.email, '/auth/reset-password')).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  });

  it('answers known and unknown addresses alike, before any mail work', async () => {
    mailer.close();
    const known = await forgot(server, fan.email);
    const unknown = await forgot(server, 'nobody-at-all@example.com');
    expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
    expect(known.body).toBe(unknown.body);
    mailer.release();
    await mailSettled(server.app);
    expect(await mailsTo(server.dataDir, 'nobody-at-all@example.com')).toHaveLength(0);
  });

  it('logs a failing mailer instead of failing the request or leaving a rejection unhandled', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      mailer.state.failNext = true;
      const before = (await mailsTo(server.dataDir, fan.email)).length;
      expect((await forgot(server, fan.email)).statusCode).toBe(200);
      await mailSettled(server.app);
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
      expect(await mailsTo(server.dataDir, fan.email)).toHaveLength(before);
      // The next request mails as usual.
      expect((await forgot(server, fan.email)).statusCode).toBe(200);
      await mailSettled(server.app);
      expect(await mailsTo(server.dataDir, fan.email)).toHaveLength(before + 1);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});

describe('closing the app with a reset mail still on its way', () => {
  it('waits for the mail before closing the mailer and the database', async () => {
    let mailer!: ReturnType<typeof gatedMailer>;
    const server = await startTestServer({}, { setup: (app) => void (mailer = gatedMailer(app)) });
    mailer.release();
    const fan = await registerFan(server.app);
    await mailSettled(server.app);
    mailer.close();

    expect((await forgot(server, fan.email)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(mailer.state.pending).toBe(1);
    let closed = false;
    const closing = server.app.close().then(() => void (closed = true));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(closed).toBe(false);
    mailer.release();
    await closing;
    expect(await linkToken(server.dataDir, fan.email, '/auth/reset-password')).toBeTruthy();
    await fs.rm(server.dataDir, { recursive: true, force: true });
  });
});
