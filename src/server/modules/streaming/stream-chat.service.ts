import type { FastifyInstance } from 'fastify';
import { MESSAGE_PAGE_SIZE, type MessageListQuery } from '../../../common/contract/messaging';
import {
  STREAM_MESSAGE_TEXT_MAX,
  type SendStreamMessageBody,
  type StreamConversation,
  type StreamMessage,
  type StreamMessagePage,
  type UpdateStreamConversationBody,
} from '../../../common/contract/streaming';
import { badRequest, forbidden, notFound } from '../../lib/http-error';
import type { Viewer } from '../blocking/viewer';
import { cleanMessageText } from '../messaging/message-text';
import { toMessage, toParty } from '../messaging/messaging.dto';
import { messagingRepository, type MessageRow } from '../messaging/messaging.repository';
import { requireLive } from './live-switch';
import { isHiddenFrom } from './stream-access';
import { CHAT_NOT_FOUND, requireChatReader } from './stream-chat-rules';
import type { StreamEvents } from './stream-events';
import { NOT_LIVE } from './stream-rooms';
import { toStream } from './streaming.dto';
import { streamingRepository } from './streaming.repository';
import { isUuid, requireUuid } from '../../shared/ids';

type SignedIn = Viewer & { userId: string };

/**
 * The live chat (contract `streamChatRoutes`): rows of the messages table in the stream's public
 * conversation. Writers need not be members: the right to write is the right to watch (the
 * creator is the only member, so chat messages never touch anyone's unread counters or
 * conversation list).
 */
export function createStreamChatService(app: FastifyInstance, events: StreamEvents) {
  async function withSenders(rows: readonly MessageRow[], viewerId: string): Promise<StreamMessage[]> {
    const senders = new Map((await messagingRepository.usersByIds(app.db, [...new Set(rows.map((r) => r.senderId))])).map((u) => [u.id, u]));
    const none = new Map<string, Date>();
    return rows.map((row) => ({
      ...toMessage(app, row, [], { id: viewerId, paid: false, readAt: none }),
      sender: toParty(app, senders.get(row.senderId)!),
    }));
  }

  /** The caller's own stream by its conversation id; anyone else's is the same 404 as an unknown id. */
  async function requireOwnChat(conversationIdParam: string, userId: string) {
    const conversationId = requireUuid(conversationIdParam);
    const found = await streamingRepository.byConversation(app.db, conversationId);
    if (!found || found.stream.performerId !== userId) throw notFound(CHAT_NOT_FOUND);
    return found;
  }

  return {
    async conversationOfPerformer(viewer: Viewer, idOrUsername: string): Promise<StreamConversation> {
      await requireLive(app);
      const key = idOrUsername.toLowerCase();
      const found = await streamingRepository.runningOf(app.db, { username: key, id: isUuid(key) ? key : undefined });
      if (!found || (await isHiddenFrom(app.db, found.stream, viewer))) throw notFound(NOT_LIVE);
      return { conversationId: found.stream.conversationId, streamId: found.stream.id, isChatClosed: found.stream.isChatClosed };
    },

    async updateConversation(userId: string, conversationId: string, body: UpdateStreamConversationBody): Promise<StreamConversation> {
      await requireLive(app);
      const found = await requireOwnChat(conversationId, userId);
      if (!found.stream.isStreaming) throw notFound(NOT_LIVE);
      const row = (await streamingRepository.update(app.db, found.stream.id, { isChatClosed: body.isChatClosed }))!;
      events.updated(toStream(app, { stream: row, user: found.user }));
      return { conversationId: row.conversationId, streamId: row.id, isChatClosed: row.isChatClosed };
    },

    async list(viewer: Viewer, conversationId: string, query: MessageListQuery): Promise<StreamMessagePage> {
      const found = await requireChatReader(app, app.db, viewer, conversationId);
      const { rows, total } = await messagingRepository.listMessages(app.db, found.stream.conversationId, {
        offset: query.offset ?? 0,
        limit: query.limit ?? MESSAGE_PAGE_SIZE,
      });
      return { data: await withSenders(rows, viewer.userId ?? ''), total };
    },

    async send(viewer: SignedIn, conversationId: string, body: SendStreamMessageBody): Promise<StreamMessage> {
      const found = await requireChatReader(app, app.db, viewer, conversationId);
      const text = cleanMessageText(body.text);
      if (!text || text.length > STREAM_MESSAGE_TEXT_MAX) {
        const message = text ? `Message must be at most ${STREAM_MESSAGE_TEXT_MAX} characters` : 'Write a message';
        throw badRequest(message, [{ field: 'text', message }]);
      }
      if (!found.stream.isStreaming) throw notFound(NOT_LIVE);
      if (found.stream.isChatClosed && viewer.userId !== found.stream.performerId) throw forbidden('The creator closed the chat');
      const row = await app.db.transaction(async (tx) =>
        messagingRepository.insertMessage(tx, { conversationId: found.stream.conversationId, senderId: viewer.userId, text, type: 'text' }),
      );
      const [message] = await withSenders([row!], viewer.userId);
      events.messageCreated(found.stream.id, message);
      return message;
    },

    /** The creator clears the chat of their stream (running or ended). */
    async removeAll(userId: string, conversationId: string): Promise<{ success: boolean }> {
      await requireLive(app);
      const found = await requireOwnChat(conversationId, userId);
      await app.db.transaction((tx) => streamingRepository.clearMessages(tx, found.stream.conversationId));
      events.cleared(found.stream.id, found.stream.conversationId);
      return { success: true };
    },
  };
}
