import path from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { createMailer, type Mailer } from '../mail/mailer';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** Outgoing mail: SMTP with SMTP_URL, otherwise .eml files in DATA_DIR/mail. */
export default fp(async function mail(app: FastifyInstance) {
  const mailer = createMailer({
    smtpUrl: app.config.smtpUrl,
    from: app.config.mailFrom,
    outboxDir: path.join(app.config.dataDir, 'mail'),
    log: app.log,
  });
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => mailer.close());
}, { name: 'mail' });
