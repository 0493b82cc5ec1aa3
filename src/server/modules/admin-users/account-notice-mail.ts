import type { FastifyInstance } from 'fastify';
import type { MailMessage } from '../../mail/mailer';
import { noticeMessage } from '../../mail/templates';
import type { UserRow } from './admin-users.repository';

const utc = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * What an operator's decision about an account tells the person by email. Sent after the commit;
 * a failure is logged and never fails the request (the decision has happened; the account page and
 * the sign-in message say the same).
 */
export function createAccountNoticeMail(app: Pick<FastifyInstance, 'mailer' | 'settings' | 'log' | 'config'>) {
  async function send(user: UserRow, build: (siteName: string) => MailMessage) {
    if (!user.email) return;
    let message: MailMessage | undefined;
    try {
      message = build(await app.settings.get('siteName'));
      await app.mailer.send(message);
    } catch (err) {
      app.log.error({ err, to: message?.to, subject: message?.subject }, 'sending an account notice failed');
    }
  }
  const base = (user: UserRow, siteName: string) => ({ to: user.email!, name: user.name, siteName });

  return {
    suspended: (user: UserRow) => send(user, (siteName) => noticeMessage({
      ...base(user, siteName),
      subject: `Your ${siteName} account is suspended`,
      paragraphs: [
        `An operator suspended your ${siteName} account. You have been signed out everywhere and cannot sign in${user.suspendedUntil ? ` until ${utc(user.suspendedUntil)}` : ' until it is reactivated'}.`,
        ...(user.role === 'performer' ? ['While it is suspended your page and your content are not available to anyone, and nobody can pay you.'] : []),
        `Reason: ${user.suspendedReason ?? ''}`,
        'If you think this is a mistake, reply to this email or use the contact page.',
      ],
    })),

    reactivated: (user: UserRow) => send(user, (siteName) => noticeMessage({
      ...base(user, siteName),
      subject: `Your ${siteName} account is active again`,
      paragraphs: [`An operator lifted the suspension of your ${siteName} account. You can sign in again.`],
      button: { label: 'Sign in', link: `${app.config.webOrigin}/auth/login` },
    })),

    warned: (user: UserRow, reason: string) => send(user, (siteName) => noticeMessage({
      ...base(user, siteName),
      subject: `A warning about your ${siteName} account`,
      paragraphs: [
        `An operator of ${siteName} warned your account:`,
        reason,
        'Please keep to the site rules: repeated problems can lead to a suspension. You can read your notices on your account page.',
      ],
      button: { label: 'Open my account', link: `${app.config.webOrigin}/${user.role === 'performer' ? 'creator' : 'user'}/account` },
    })),
  };
}
