import { contactRoutes, type ContactStatus } from '@/common/contract/contact';
import { callRoute } from '@/client/lib/call-route';

export const setContactStatus = (id: string, status: ContactStatus) => callRoute(contactRoutes.adminUpdate, { params: { id }, body: { status } });

/** A mailto: link that answers the message in the operator's mail program. */
export function replyHref(message: { email: string; subject: string; name: string }): string {
  const subject = /^re:/i.test(message.subject) ? message.subject : `Re: ${message.subject}`;
  const body = `Hi ${message.name},\n\n`;
  return `mailto:${encodeURIComponent(message.email).replace(/%40/g, '@')}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
