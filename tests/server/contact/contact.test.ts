import { allRows, createUserWithToken, tables } from '../../support/db';
import { mailsTo, readOutbox } from '../../support/outbox';
import { startTestServer, type TestServer } from '../../support/server';

jest.setTimeout(60_000);

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = (await createUserWithToken(server.app, { role: 'admin' })).token;
});
afterAll(() => server.close());

// Each test writes from its own address: the limit (5 an hour) counts per address.
let nextIp = 10;
const freshIp = () => `198.51.100.${nextIp++}`;

const valid = { name: 'Ana Bell', email: 'ana@example.com', subject: 'Billing question', message: 'Hello,\nI was charged twice.\n\nThanks' };

function send(payload: object, { ip = freshIp(), token = '' }: { ip?: string; token?: string } = {}) {
  return server.app.inject({ method: 'POST', url: '/contact', remoteAddress: ip, headers: token ? { authorization: token } : {}, payload });
}

async function setAdminEmail(adminEmail: string) {
  const res = await server.app.inject({ method: 'PUT', url: '/admin/settings', headers: { authorization: admin }, payload: { adminEmail } });
  expect(res.statusCode).toBe(200);
}

const messages = () => allRows(server.app, tables.contactMessages);

describe('POST /contact', () => {
  it('stores the message, trimmed and cleaned, with the sender address, and answers Action success', async () => {
    const ip = freshIp();
    const res = await send({
      name: '  Ana\u0001 Bell ', email: ' ana@example.com ', subject: ' Billing\r\nquestion ', message: '\r\n Hello,\r\nI was charged\u202e twice.\r\n\r\nThanks  ',
    }, { ip });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { message: 'Action success' } });
    const row = (await messages()).find((m) => m.ip === ip)!;
    expect(row).toMatchObject({
      name: 'Ana Bell', email: 'ana@example.com', subject: 'Billing question', message: 'Hello,\nI was charged twice.\n\nThanks',
      status: 'new', userId: null, readAt: null, repliedAt: null,
    });
  });

  it('keeps the signed-in sender', async () => {
    const fan = await createUserWithToken(server.app);
    const ip = freshIp();
    expect((await send(valid, { ip, token: fan.token })).statusCode).toBe(200);
    expect((await messages()).find((m) => m.ip === ip)!.userId).toBe(fan.user.id);
    // A stale token on this public route is treated as a visitor, not refused.
    const other = freshIp();
    expect((await send(valid, { ip: other, token: 'not-a-token' })).statusCode).toBe(200);
    expect((await messages()).find((m) => m.ip === other)!.userId).toBeNull();
  });

  it('refuses each bad field with 400 naming it, and stores nothing', async () => {
    const before = await messages();
    const cases: [object, string, string][] = [
      [{ ...valid, name: '   ' }, 'name', 'Please enter your name'],
      [{ ...valid, name: 'x'.repeat(101) }, 'name', 'name must be at most 100 characters'],
      [{ ...valid, email: '' }, 'email', 'Please enter your email address'],
      [{ ...valid, email: 'not-an-address' }, 'email', 'Please enter a valid email address'],
      [{ ...valid, email: 'a b@example.com' }, 'email', 'Please enter a valid email address'],
      [{ ...valid, email: `${'a'.repeat(250)}@x.io` }, 'email', 'email must be at most 254 characters'],
      [{ ...valid, subject: '\u0002\u0001' }, 'subject', 'Please enter a subject'],
      [{ ...valid, subject: 's'.repeat(151) }, 'subject', 'subject must be at most 150 characters'],
      [{ ...valid, message: ' \n\t ' }, 'message', 'Please enter a message'],
      [{ ...valid, message: 'm'.repeat(5001) }, 'message', 'message must be at most 5000 characters'],
      [{ name: valid.name, email: valid.email, subject: valid.subject }, 'message', 'message is required'],
      [{ ...valid, phone: '123' }, 'phone', 'phone is not allowed'],
      [{ ...valid, name: { first: 'Ana' } }, 'name', 'name must be string'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await send(payload);
      expect([res.statusCode, res.json().details]).toEqual([400, [{ field, message }]]);
    }
    const all = await send({ name: ' ', email: 'x', subject: '', message: '' });
    expect(all.json().details.map((d: { field: string }) => d.field)).toEqual(['name', 'subject', 'message', 'email']);
    expect(await messages()).toEqual(before);
  });

  it('accepts each field at its limit', async () => {
    const res = await send({ name: 'n'.repeat(100), email: 'ok@example.com', subject: 's'.repeat(150), message: 'm'.repeat(5000) });
    expect(res.statusCode).toBe(200);
  });

  it('answers 429 after five messages an hour from one address, and stores no more', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await send(valid, { ip })).statusCode).toBe(200);
    // Refused input does not use up the allowance (it is checked before the limit counts).
    expect((await send({ ...valid, name: '' }, { ip })).statusCode).toBe(400);
    const limited = await send(valid, { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^You have sent several messages already; please try again in \d+ minutes?$/);
    expect((await messages()).filter((m) => m.ip === ip)).toHaveLength(5);
    // Another address is not affected.
    expect((await send(valid)).statusCode).toBe(200);
  });
});

describe('mail to the operators', () => {
  it('sends nothing while adminEmail is empty', async () => {
    await setAdminEmail('');
    const before = (await readOutbox(server.dataDir)).length;
    expect((await send(valid)).statusCode).toBe(200);
    expect((await readOutbox(server.dataDir)).length).toBe(before);
  });

  it('mails adminEmail with the sender as Reply-To once stored', async () => {
    await setAdminEmail('ops@example.org');
    const res = await send({ ...valid, name: 'Cleo "Q" Ray', subject: 'Refund <please>', message: 'Line one\nLine <b>two</b>' });
    expect(res.statusCode).toBe(200);
    const [mail] = await mailsTo(server.dataDir, 'ops@example.org');
    expect(mail.subject).toBe('[Creator Platform] Contact: Refund <please>');
    expect(mail.replyTo).toBe('"Cleo \\"Q\\" Ray" <ana@example.com>');
    expect(mail.body).toContain('Line one');
    expect(mail.body).toContain('Line &lt;b&gt;two&lt;/b&gt;');
    expect(mail.body).toContain('/admin/contact-messages');
    await setAdminEmail('');
  });

  it('keeps the message when the mail cannot be sent (the failure is logged only)', async () => {
    const broken = await startTestServer({ SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      const ops = await createUserWithToken(broken.app, { role: 'admin' });
      await broken.app.inject({ method: 'PUT', url: '/admin/settings', headers: { authorization: ops.token }, payload: { adminEmail: 'ops@example.org' } });
      const res = await broken.app.inject({ method: 'POST', url: '/contact', payload: valid });
      expect(res.statusCode).toBe(200);
      expect(await allRows(broken.app, tables.contactMessages)).toHaveLength(1);
    } finally {
      await broken.close();
    }
  });
});
