import type { MailMessage } from '../../mail/mailer';
import { noticeMessage } from '../../mail/templates';

export interface DecisionMail {
  to: string;
  name: string;
  siteName: string;
  webOrigin: string;
  username: string | null;
}

/** The creator's documents were approved: they can be paid and are listed from now on. */
export function approvedMessage(m: DecisionMail): MailMessage {
  return noticeMessage({
    to: m.to,
    name: m.name,
    siteName: m.siteName,
    subject: `Your identity is verified on ${m.siteName}`,
    paragraphs: [
      'An operator checked your identity documents and approved them.',
      'You can now be paid: fans can subscribe, tip you and buy your content, tickets and paid messages, and you can request payouts. Your page is listed in explore and search.',
    ],
    button: { label: 'Open your page', link: m.username ? `${m.webOrigin}/${m.username}` : `${m.webOrigin}/creator/account` },
  });
}

/** The documents were rejected: the reason, and where to send new ones (back into the queue). */
export function rejectedMessage(m: DecisionMail & { reason: string; verificationRequired: boolean }): MailMessage {
  return noticeMessage({
    to: m.to,
    name: m.name,
    siteName: m.siteName,
    subject: `Your identity documents were not approved on ${m.siteName}`,
    paragraphs: [
      'An operator checked your identity documents and could not approve them, for this reason:',
      m.reason,
      'Upload new documents from your account page: they go back to the operators for review.'
        + (m.verificationRequired ? ' Until they are approved, fans cannot pay you and your page is not listed in explore.' : ''),
    ],
    button: { label: 'Upload new documents', link: `${m.webOrigin}/creator/account?tab=documents` },
  });
}
