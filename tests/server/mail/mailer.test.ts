import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startTestServer } from '../../support/server';
import { readOutbox } from '../../support/outbox';
import { createMailer, outboxFileName } from '../../../src/server/mail/mailer';
import { resetPasswordMessage, verifyEmailMessage } from '../../../src/server/mail/templates';

// Jest ignores testTimeout inside `projects`; booting PGlite alone can take several seconds.
jest.setTimeout(30_000);

const REPLIES: Record<string, string> = { EHLO: '250-localhost\r\n250 8BITMIME\r\n', HELO: '250 localhost\r\n', DATA: '354 go ahead\r\n' };

/** A minimal SMTP catcher on a random local port: the network boundary, nothing of ours replaced. */
async function startSmtpCatcher() {
  const messages: { from: string; to: string[]; data: string }[] = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    let current = { from: '', to: [] as string[], data: '' };
    socket.write('220 localhost test SMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          current.data = buffer.slice(0, end).replace(/^\.\./gm, '.');
          buffer = buffer.slice(end + 5);
          inData = false;
          messages.push(current);
          current = { from: '', to: [], data: '' };
          socket.write('250 queued\r\n');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'MAIL') current.from = line;
        if (verb === 'RCPT') current.to.push(line);
        if (verb === 'DATA') inData = true;
        if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write(REPLIES[verb] ?? '250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, messages, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const message = { to: 'Someone@Example.com', subject: 'Reset your Site password', text: 'plain body', html: '<p>html body</p>' };

describe('outbox mailer (no SMTP_URL)', () => {
  it('writes each message as a named .eml file and logs its path', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cp-mail-'));
    const logged: unknown[] = [];
    const mailer = createMailer({ smtpUrl: null, from: 'Site <no-reply@site.test>', outboxDir: dir, log: { info: (...args: unknown[]) => void logged.push(args) } as never });
    expect(mailer.kind).toBe('outbox');
    await mailer.send(message);
    await mailer.send(message);
    const names = (await fs.readdir(dir)).sort();
    expect(names).toHaveLength(2);
    expect(names[0]).toMatch(/^\d{8}T\d{9}Z-someone@example\.com-reset-your-site-password(-1)?\.eml$/);
    const raw = await fs.readFile(path.join(dir, names[0]), 'utf8');
    expect(raw).toMatch(/^From: Site <no-reply@site\.test>$/m);
    expect(raw).toMatch(/^To: Someone@example\.com$/m);
    expect(raw).toMatch(/^Subject: Reset your Site password$/m);
    expect(raw).toContain('plain body');
    expect(raw).toContain('<p>html body</p>');
    expect(JSON.stringify(logged)).toContain(names[0]);
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('names files so they sort in sending order', () => {
    const a = outboxFileName('x@y.z', 'Hello', new Date('2030-01-01T00:00:00.001Z'));
    const b = outboxFileName('a@b.c', 'Hello', new Date('2030-01-01T00:00:00.002Z'));
    expect([b, a].sort()).toEqual([a, b]);
    expect(outboxFileName('../../etc/passwd', 'a/b\\c', new Date(0))).not.toMatch(/\//);
  });
});

describe('templates', () => {
  it('give plain text and HTML with the link, escaping names', () => {
    const link = 'http://web.test/auth/verify-email?token=abc&x=1';
    const m = verifyEmailMessage({ to: 'a@b.c', name: '<script>alert(1)</script>', siteName: 'Site', link });
    expect(m.subject).toBe('Verify your email address for Site');
    expect(m.text).toContain(link);
    expect(m.html).toContain('http://web.test/auth/verify-email?token=abc&amp;x=1');
    expect(m.html).not.toContain('<script>');
    const r = resetPasswordMessage({ to: 'a@b.c', name: 'Ann', siteName: 'Site', link });
    expect(r.subject).toBe('Reset your Site password');
    expect(r.text).toMatch(/^Hi Ann,/);
  });
});

describe('SMTP mailer (SMTP_URL)', () => {
  it('delivers account emails over SMTP instead of writing files', async () => {
    const smtp = await startSmtpCatcher();
    const server = await startTestServer({ SMTP_URL: smtp.url, MAIL_FROM: 'Platform <mail@platform.test>' });
    try {
      expect(server.app.mailer.kind).toBe('smtp');
      const res = await server.app.inject({
        method: 'POST', url: '/auth/users/register',
        payload: { name: 'Smtp User', username: 'smtp_user', email: 'smtp@example.com', password: 'smtp-password', ageConfirmed: true, termsAccepted: true },
      });
      expect(res.statusCode).toBe(200);
      expect(smtp.messages).toHaveLength(1);
      expect(smtp.messages[0].from).toContain('mail@platform.test');
      expect(smtp.messages[0].to[0]).toContain('smtp@example.com');
      expect(smtp.messages[0].data).toMatch(/^Subject: Verify your email address/m);
      expect(smtp.messages[0].data.replace(/=\r?\n/g, '').replace(/=3D/g, '=')).toContain(`${server.config.webOrigin}/auth/verify-email?token=`);
      expect(await readOutbox(server.dataDir)).toHaveLength(0);
    } finally {
      await server.close();
      await smtp.close();
    }
  });

  it('still creates the account when the mail server is down (the link can be sent again)', async () => {
    const smtp = await startSmtpCatcher();
    const deadUrl = smtp.url;
    await smtp.close();
    const server = await startTestServer({ SMTP_URL: deadUrl });
    try {
      const res = await server.app.inject({
        method: 'POST', url: '/auth/users/register',
        payload: { name: 'No Mail', username: 'no_mail', email: 'nomail@example.com', password: 'nomail-password', ageConfirmed: true, termsAccepted: true },
      });
      expect(res.statusCode).toBe(200);
      expect(typeof res.json().data.token).toBe('string');
    } finally {
      await server.close();
    }
  });
});
