import type { Executor } from '../../db/client';
import { fromCents } from '../../../common/lib/money';
import { messagesOfMember } from './messages-export.repository';

export interface ExportedMessage {
  id: string;
  conversationId: string;
  direction: 'sent' | 'received';
  senderId: string;
  senderUsername: string | null;
  type: string;
  text: string;
  price: number;
  deleted: boolean;
  createdAt: Date;
}

/** The person's messages, sent and received, for their data export (deleted ones as markers). */
export async function exportMessages(db: Executor, userId: string): Promise<ExportedMessage[]> {
  const rows = await messagesOfMember(db, userId);
  return rows.map(({ message: m, senderUsername }) => ({
    id: m.id,
    conversationId: m.conversationId,
    direction: m.senderId === userId ? 'sent' : 'received',
    senderId: m.senderId,
    senderUsername,
    type: m.type,
    text: m.text,
    price: fromCents(m.priceCents),
    deleted: m.isDeleted,
    createdAt: m.createdAt,
  }));
}
