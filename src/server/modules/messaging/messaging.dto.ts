import type { FastifyInstance } from 'fastify';
import { fromCents } from '../../../common/lib/money';
import {
  MESSAGE_DELETED_TEXT,
  type Conversation,
  type ConversationParty,
  type LastMessage,
  type Message,
} from '../../../common/contract/messaging';
import type { MediaFileRow } from '../media/media.repository';
import { avatarUrl } from '../users/user.dto';
import type { ConversationRow, MemberRow, MessageRow } from './messaging.repository';

type UserLike = { id: string; name: string; username: string | null; avatarPath: string | null; role: string };

export function toParty(app: FastifyInstance, user: UserLike): ConversationParty {
  return {
    _id: user.id,
    name: user.name,
    username: user.username,
    avatar: avatarUrl({ storage: app.storage, webOrigin: app.config.webOrigin }, user.avatarPath),
    isPerformer: user.role === 'performer',
  };
}

export function toLastMessage(row: MessageRow): LastMessage {
  return {
    _id: row.id,
    senderId: row.senderId,
    text: row.isDeleted ? MESSAGE_DELETED_TEXT : row.text,
    type: row.type,
    isDeleted: row.isDeleted,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toConversation(
  app: FastifyInstance,
  parts: { conversation: ConversationRow; member: MemberRow; peer: UserLike | null; last: MessageRow | null },
  rights: { isBlocked: boolean; canSendMessage: boolean },
): Conversation {
  const { conversation, member, peer, last } = parts;
  return {
    _id: conversation.id,
    type: conversation.type,
    totalNotSeenMessages: member.unreadCount,
    recipient: peer ? toParty(app, peer) : null,
    lastMessage: last ? toLastMessage(last) : null,
    isBlocked: rights.isBlocked,
    canSendMessage: rights.canSendMessage,
    createdAt: conversation.createdAt.toISOString(),
    updatedAt: member.lastActivityAt.toISOString(),
  };
}

/**
 * A message as `viewerId` sees it. Files open for their sender, for free messages and for a
 * recipient who paid; everyone else gets the blurred preview only. `peerReadAt` is when the
 * other member last read the conversation (what makes the viewer's own message seen).
 */
export function toMessage(
  app: FastifyInstance,
  row: MessageRow,
  files: readonly MediaFileRow[],
  viewer: { id: string; paid: boolean; readAt: Map<string, Date> },
): Message {
  const own = row.senderId === viewer.id;
  const isUnlocked = own || row.priceCents === 0 || viewer.paid;
  const seenBy = [...viewer.readAt.entries()].filter(([userId]) => userId !== row.senderId);
  return {
    _id: row.id,
    conversationId: row.conversationId,
    senderId: row.senderId,
    text: row.isDeleted ? MESSAGE_DELETED_TEXT : row.text,
    type: row.type,
    files: row.isDeleted ? [] : files.map((file) => app.media.present(file, { unlocked: isUnlocked })),
    price: fromCents(row.priceCents),
    isPaid: !own && viewer.paid,
    isUnlocked,
    isDeleted: row.isDeleted,
    isSeen: seenBy.length > 0 && seenBy.every(([, at]) => at.getTime() >= row.createdAt.getTime()),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
