import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

export interface OutboxMail {
  file: string;
  raw: string;
  to: string;
  subject: string;
  /** The Reply-To header as written (empty when none). */
  replyTo: string;
  /** Decoded bodies, all parts concatenated (text and HTML). */
  body: string;
}

/** quoted-printable as nodemailer writes it (soft line breaks and =XX escapes). */
function decodeQuotedPrintable(s: string): string {
  const joined = s.replace(/=\r?\n/g, '');
  return Buffer.from(joined.replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');
}

function decodeBody(raw: string): string {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  return parts
    .map((part) => {
      const [head, ...rest] = part.split(/\r?\n\r?\n/);
      const content = rest.join('\n\n');
      if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) return decodeQuotedPrintable(content);
      if (/content-transfer-encoding:\s*base64/i.test(head)) return Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8');
      return content;
    })
    .join('\n');
}

const header = (raw: string, name: string) => {
  const m = raw.match(new RegExp(`^${name}:\\s*(.*(?:\\r?\\n[ \\t].*)*)`, 'im'));
  return m ? m[1].replace(/\r?\n[ \t]+/g, ' ').trim() : '';
};

/** Every .eml the API wrote to DATA_DIR/mail, oldest first. */
export async function readOutbox(dataDir: string): Promise<OutboxMail[]> {
  const dir = path.join(dataDir, 'mail');
  const names = (await fs.readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml')).sort();
  return Promise.all(
    names.map(async (name) => {
      const file = path.join(dir, name);
      const raw = await fs.readFile(file, 'utf8');
      return { file, raw, to: header(raw, 'To'), subject: header(raw, 'Subject'), replyTo: header(raw, 'Reply-To'), body: decodeBody(raw) };
    }),
  );
}

export async function mailsTo(dataDir: string, to: string): Promise<OutboxMail[]> {
  return (await readOutbox(dataDir)).filter((m) => m.to.toLowerCase().includes(to.toLowerCase()));
}

/** The token of the newest link to `pagePath` (e.g. /auth/verify-email) sent to `to`. */
export async function linkToken(dataDir: string, to: string, pagePath: string): Promise<string> {
  const mails = await mailsTo(dataDir, to);
  for (const mail of mails.reverse()) {
    const m = mail.body.match(new RegExp(`${pagePath.replace(/\//g, '\\/')}\\?token=([A-Za-z0-9_-]+)`));
    if (m) return m[1];
  }
  throw new Error(`No ${pagePath} link mailed to ${to}`);
}

/**
 * Waits until the mail the app sends in the background (app.background, e.g. the password-reset
 * link) has been written; read the outbox after this.
 */
export const mailSettled = (app: FastifyInstance) => app.background.idle();
