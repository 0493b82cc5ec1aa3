import type { FastifyInstance } from 'fastify';
import { Value } from 'typebox/value';
import {
  ConversationRoomPayload,
  conversationRoom,
  type ConversationRoomAck,
} from '../../../common/contract/realtime';
import { messagingRepository } from './messaging.repository';
import { isUuid } from '../../shared/ids';


/**
 * `conversation/join` and `conversation/leave` on every socket: a signed-in member of the
 * conversation joins its room (the open thread); anyone else is told no, with the same words
 * whether the conversation exists or not.
 */
export function handleConversationRooms(app: FastifyInstance) {
  app.io.on('connection', (socket) => {
    socket.on('conversation/join', async (payload, ack) => {
      const reply = (result: ConversationRoomAck) => typeof ack === 'function' && ack(result);
      if (!Value.Check(ConversationRoomPayload, payload)) return reply({ ok: false, message: 'conversationId is required' });
      const userId = socket.data.userId;
      if (!userId) return reply({ ok: false, message: 'Please sign in to continue' });
      try {
        const member = isUuid(payload.conversationId)
          ? await messagingRepository.member(app.db, payload.conversationId.toLowerCase(), userId)
          : null;
        if (!member) return reply({ ok: false, message: 'Conversation not found' });
        await socket.join(conversationRoom(member.conversationId));
        reply({ ok: true });
      } catch (err) {
        app.log.warn({ err }, 'conversation/join failed');
        reply({ ok: false, message: 'Could not open the conversation, please try again' });
      }
    });

    socket.on('conversation/leave', async (payload, ack) => {
      const reply = (result: ConversationRoomAck) => typeof ack === 'function' && ack(result);
      if (!Value.Check(ConversationRoomPayload, payload)) return reply({ ok: false, message: 'conversationId is required' });
      await socket.leave(conversationRoom(payload.conversationId.toLowerCase()));
      reply({ ok: true });
    });
  });
}
