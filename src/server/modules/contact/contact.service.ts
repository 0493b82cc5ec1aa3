import type { FastifyInstance } from 'fastify';
import type { ContactBody, ContactInboxQuery, ContactMessage, ContactStatus } from '../../../common/contract/contact';
import { notFound } from '../../lib/http-error';
import { isUuid } from '../../shared/ids';
import type { AuditActor } from '../audit/audit.service';
import { cleanContactFields } from './contact-fields';
import { contactNotice } from './contact-mail';
import { contactRepository, type ContactMessageRow, type ContactMessageWithSender } from './contact.repository';

const NOT_FOUND = 'Message not found';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

const toContactMessage = (row: ContactMessageWithSender): ContactMessage => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  subject: row.subject,
  message: row.message,
  status: row.status,
  userId: row.userId,
  username: row.username,
  ip: row.ip,
  readAt: iso(row.readAt),
  repliedAt: iso(row.repliedAt),
  createdAt: row.createdAt.toISOString(),
});

/**
 * The timestamps a status implies: `readAt` is when an operator first opened it (kept while it
 * stays read or replied), `repliedAt` when it was marked replied; marking it new again clears both.
 */
function statusPatch(before: ContactMessageRow, status: ContactStatus, now: Date): Pick<ContactMessageRow, 'status' | 'readAt' | 'repliedAt'> {
  if (status === 'new') return { status, readAt: null, repliedAt: null };
  return { status, readAt: before.readAt ?? now, repliedAt: status === 'replied' ? now : null };
}

/** The contact page (anyone may write to the operators) and the operators' inbox. */
export function createContactService(app: Pick<FastifyInstance, 'db' | 'settings' | 'mailer' | 'audit' | 'log' | 'config'>) {
  const { db } = app;

  return {
    /** The fields as they will be stored, or a 400 naming every field that is empty or malformed. */
    clean: (body: ContactBody): ContactBody => cleanContactFields(body),

    /**
     * Stores a cleaned message, then (after the commit) mails it to the operators' address
     * (setting `adminEmail`, read before the transaction; nothing is mailed while it is empty).
     * A mail failure is logged only: the message is in the inbox either way.
     */
    async send(sender: { userId: string | null; ip: string | null }, fields: ContactBody): Promise<void> {
      const [adminEmail, siteName] = await Promise.all([app.settings.get('adminEmail'), app.settings.get('siteName')]);
      const row = await db.transaction((tx) => contactRepository.insert(tx, { ...fields, userId: sender.userId, ip: sender.ip }));
      if (!adminEmail) return;
      try {
        await app.mailer.send(contactNotice(adminEmail, siteName, `${app.config.webOrigin}/admin/contact-messages`, fields));
      } catch (err) {
        app.log.error({ err, contactMessageId: row.id }, 'mailing a contact message to the operators failed');
      }
    },

    async list(query: ContactInboxQuery): Promise<{ data: ContactMessage[]; total: number }> {
      const { rows, total } = await contactRepository.list(db, { status: query.status, q: query.q }, { offset: query.offset ?? 0, limit: query.limit ?? 10 });
      return { data: rows.map(toContactMessage), total };
    },

    /** Messages no operator has opened yet (for the console's badge and the dashboard). */
    countNew: (): Promise<number> => contactRepository.countNew(db),

    /** Sets the inbox state with its audit row; asking for the state it already has writes and records nothing. */
    async setStatus(actor: AuditActor, id: string, status: ContactStatus): Promise<ContactMessage> {
      if (!isUuid(id)) throw notFound(NOT_FOUND);
      const key = id.toLowerCase();
      const row = await db.transaction(async (tx) => {
        const before = await contactRepository.lock(tx, key);
        if (!before) throw notFound(NOT_FOUND);
        if (before.status !== status) {
          const patch = statusPatch(before, status, new Date());
          await contactRepository.setStatus(tx, key, patch);
          await app.audit.record(tx, actor, {
            action: 'contact.update', targetType: 'contact_message', targetId: key,
            before: { status: before.status }, after: { status: patch.status },
          });
        }
        return contactRepository.findWithSender(tx, key);
      });
      // Locked above, in the same transaction: it is there.
      return toContactMessage(row!);
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
