import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where a reply goes when it should not go to the sender address (a contact message: the person who wrote). */
  replyTo?: { name: string; address: string };
}

export interface Mailer {
  /** 'smtp' sends; 'outbox' writes .eml files (a fresh machine has no mail server). */
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl: string | null;
  from: string;
  /** Where .eml files go when there is no SMTP server. */
  outboxDir: string;
  log: Pick<FastifyBaseLogger, 'info'>;
}

const slug = (s: string, max: number) =>
  s.toLowerCase().replace(/[^a-z0-9@._-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, max) || 'mail';

/** A name that sorts in sending order and tells a person what the message is at a glance. */
export function outboxFileName(to: string, subject: string, now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('.', '');
  return `${stamp}-${slug(to, 80)}-${slug(subject.replace(/[@.]/g, ' '), 60)}.eml`;
}

export function createMailer(opts: MailerOptions): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      kind: 'smtp',
      async send(message) {
        await transport.sendMail({ from: opts.from, ...message });
      },
      close: () => transport.close(),
    };
  }

  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send(message) {
      const info = await transport.sendMail({ from: opts.from, ...message });
      await fs.mkdir(opts.outboxDir, { recursive: true });
      const base = outboxFileName(message.to, message.subject);
      // Two messages in the same millisecond to the same person and subject get a suffix.
      for (let n = 0; ; n++) {
        const file = path.join(opts.outboxDir, n ? base.replace(/\.eml$/, `-${n}.eml`) : base);
        try {
          await fs.writeFile(file, info.message as Buffer, { flag: 'wx' });
          opts.log.info({ file, to: message.to, subject: message.subject }, `mail written to ${file}`);
          return;
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || n > 100) throw err;
        }
      }
    },
    close: () => transport.close(),
  };
}
