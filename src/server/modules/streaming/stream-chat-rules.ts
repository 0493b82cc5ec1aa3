import type { FastifyInstance } from 'fastify';
import type { Message } from '../../../common/contract/messaging';
import type { Executor } from '../../db/client';
import { forbidden, HttpError, notFound, unauthorized } from '../../lib/http-error';
import type { Viewer } from '../blocking/viewer';
import { toMessage } from '../messaging/messaging.dto';
import { messagingRepository, type MessageRow } from '../messaging/messaging.repository';
import { requireLive } from './live-switch';
import { accessOf, isHiddenFrom, LOCKED_MESSAGE } from './stream-access';
import { createStreamEvents } from './stream-events';
import { streamingRepository, type StreamWithCreator } from './streaming.repository';
import { requireUuid } from '../../shared/ids';

export const CHAT_NOT_FOUND = 'Conversation not found';
export const CHAT_SIGN_IN = 'Sign in to see the chat';

/**
 * The read rule of a stream's chat (its public conversation), shared by `GET /messages/stream/:id`
 * and messaging's `GET /messages/conversations/public/:id`, so a paid chat never leaks: unknown
 * ids, private conversations and creators who blocked the viewer are a 404; anonymous viewers a
 * 401 (the chat is for signed-in accounts); those who may not watch a 403 saying what unlocks it.
 * An ended stream's chat stays readable to those who could watch it.
 */
export async function requireChatReader(app: FastifyInstance, db: Executor, viewer: Viewer, conversationIdParam: string): Promise<StreamWithCreator> {
  await requireLive(app);
  const conversationId = requireUuid(conversationIdParam);
  const found = await streamingRepository.byConversation(db, conversationId);
  if (!found || (await isHiddenFrom(db, found.stream, viewer))) throw notFound(CHAT_NOT_FOUND);
  if (!viewer.userId) throw unauthorized(CHAT_SIGN_IN);
  const access = await accessOf(db, viewer, found.stream);
  if (!access.canWatch) throw forbidden(LOCKED_MESSAGE[access.lockReason!]);
  return found;
}

/**
 * `DELETE /messages/:id` for a live-chat message: its sender, the stream's creator and admins may
 * delete it (a creator moderates their own chat); it becomes a deleted marker and the room gets
 * `stream_message_deleted` (not the private-message events: chat readers are not members).
 */
export async function removeStreamMessage(app: FastifyInstance, viewer: Viewer & { userId: string }, message: MessageRow): Promise<Message> {
  const found = await requireChatReader(app, app.db, viewer, message.conversationId).catch((err) => {
    // Whoever cannot read the chat learns nothing about its messages.
    if (err instanceof HttpError && err.statusCode === 422) throw err;
    throw notFound('Message not found');
  });
  const mayModerate = viewer.userId === found.stream.performerId || viewer.role === 'admin';
  if (message.senderId !== viewer.userId && !mayModerate) throw forbidden('You can only delete your own messages');
  let row = message;
  if (!message.isDeleted) {
    row = await app.db.transaction((tx) => messagingRepository.markDeleted(tx, message.id));
    createStreamEvents(app).messageDeleted(found.stream.id, row.conversationId, row.id);
  }
  return toMessage(app, row, [], { id: viewer.userId, paid: false, readAt: new Map() });
}
