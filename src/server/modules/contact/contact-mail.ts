import type { ContactBody } from '../../../common/contract/contact';
import type { MailMessage } from '../../mail/mailer';
import { noticeMessage } from '../../mail/templates';

/**
 * The operators' copy of a contact message: the sender in the text and as Reply-To, so answering
 * from a mail client goes to them; each line of the message a paragraph (the HTML part has no
 * other way to keep line breaks); a button to the console's inbox.
 */
export function contactNotice(to: string, siteName: string, inboxLink: string, contact: ContactBody): MailMessage {
  const lines = contact.message.split('\n').map((line) => line.trim()).filter(Boolean);
  return {
    ...noticeMessage({
      to,
      name: '',
      siteName,
      subject: `[${siteName}] Contact: ${contact.subject}`,
      paragraphs: [`${contact.name} <${contact.email}> wrote through the contact page:`, `Subject: ${contact.subject}`, ...lines, 'Reply to this email to answer them.'],
      button: { label: 'Open the contact inbox', link: inboxLink },
    }),
    replyTo: { name: contact.name, address: contact.email },
  };
}
