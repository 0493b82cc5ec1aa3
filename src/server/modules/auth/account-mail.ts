import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Mailer, MailMessage } from '../../mail/mailer';
import { confirmEmailChangeMessage, emailChangedMessage, resetPasswordMessage, verifyEmailMessage } from '../../mail/templates';
import type { SettingsService } from '../settings/settings.service';

interface Recipient {
  email: string | null;
  name: string;
}

/**
 * The account emails. Sent after the transaction commits, and a mail failure is logged rather
 * than failing the request: the account change has happened, and the user can ask for the link
 * again (resend, forgot password).
 */
export function createAccountMail(deps: { config: Config; mailer: Mailer; log: FastifyBaseLogger; settings: Pick<SettingsService, 'get'> }) {
  const { config } = deps;
  async function send(build: (siteName: string) => MailMessage) {
    let message: MailMessage | undefined;
    try {
      message = build(await deps.settings.get('siteName'));
      await deps.mailer.send(message);
    } catch (err) {
      deps.log.error({ err, to: message?.to, subject: message?.subject }, 'sending mail failed');
    }
  }
  return {
    async verification(user: Recipient, token: string) {
      if (!user.email) return;
      const link = `${config.webOrigin}/auth/verify-email?token=${token}`;
      await send((siteName) => verifyEmailMessage({ to: user.email!, name: user.name, siteName, link }));
    },
    async passwordReset(user: Recipient, token: string) {
      if (!user.email) return;
      const link = `${config.webOrigin}/auth/reset-password?token=${token}`;
      await send((siteName) => resetPasswordMessage({ to: user.email!, name: user.name, siteName, link }));
    },
    /** To the address the person wants to use: the change happens when this link is opened. */
    async confirmEmailChange(newEmail: string, name: string, token: string) {
      const link = `${config.webOrigin}/auth/confirm-email?token=${token}`;
      await send((siteName) => confirmEmailChangeMessage({ to: newEmail, name, siteName, link }));
    },
    /** To the previous address after the change, with the link that undoes it. */
    async emailChanged(previousEmail: string, name: string, newEmail: string, undoToken: string) {
      const link = `${config.webOrigin}/auth/undo-email-change?token=${undoToken}`;
      await send((siteName) => emailChangedMessage({ to: previousEmail, name, siteName, link, newEmail }));
    },
  };
}

export type AccountMail = ReturnType<typeof createAccountMail>;
