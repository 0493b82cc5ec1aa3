import type { FastifyInstance } from 'fastify';
import type { Message } from '../../../common/contract/messaging';
import { conversationRoom, userRoom } from '../../../common/contract/realtime';

/**
 * Socket pushes of messaging, always after the database commit. Each member gets the event in
 * their user room (every tab, on every API instance through the Redis adapter) and sockets that
 * joined the conversation room get it too; socket.io sends one copy per socket even when it is
 * in several of the rooms. A message goes out in two views: its sender's (files open) and the
 * recipients' (a paid message's files locked).
 */
export function createMessagingEvents(app: FastifyInstance) {
  return {
    messageCreated(senderId: string, recipientIds: readonly string[], views: { sender: Message; recipient: Message }) {
      const { conversationId } = views.sender;
      app.io.to(userRoom(senderId)).emit('message_created', { message: views.sender });
      app.io.to([...recipientIds.map(userRoom), conversationRoom(conversationId)]).except(userRoom(senderId))
        .emit('message_created', { message: views.recipient });
    },

    messageDeleted(memberIds: readonly string[], conversationId: string, messageId: string) {
      app.io.to([...memberIds.map(userRoom), conversationRoom(conversationId)]).emit('message_deleted', { conversationId, messageId });
    },

    conversationRead(memberIds: readonly string[], conversationId: string, readerId: string) {
      app.io.to([...memberIds.map(userRoom), conversationRoom(conversationId)]).emit('conversation_read', { conversationId, readerId });
    },

    unreadCount(userId: string, total: number) {
      app.realtime.toUser(userId, 'unread_count', { total });
    },
  };
}
export type MessagingEvents = ReturnType<typeof createMessagingEvents>;
