import {
  streamChargeRoute,
  streamChatRoutes,
  streamingRoutes,
  type EditLiveBody,
  type GoLiveBody,
  type SetDurationBody,
  type StreamSearchQuery,
  type StreamSettings,
} from '@/common/contract/streaming';
import { messageRoutes, type MessageListQuery } from '@/common/contract/messaging';
import { callRoute } from '@/client/lib/call-route';
import { idempotencyHeader } from '@/client/lib/idempotency-key';

/** The creator's defaults, their running stream and the site's live switch. */
export const getMyStreaming = () => callRoute(streamingRoutes.me);
export const updateStreamSettings = (body: StreamSettings) => callRoute(streamingRoutes.update, { body });
export const goLive = (body: GoLiveBody = {}) => callRoute(streamingRoutes.goLive, { body });
export const editLive = (id: string, body: EditLiveBody) => callRoute(streamingRoutes.editLive, { params: { id }, body });
export const endLive = (id: string) => editLive(id, { isStreaming: false });
export const setDuration = (body: SetDurationBody) => callRoute(streamingRoutes.setDuration, { body });
/** A creator's running stream (id or username) as I see it; 404 when they are not live. */
export const joinStream = (id: string) => callRoute(streamingRoutes.join, { params: { id } });
export const agoraToken = (channelName: string) => callRoute(streamingRoutes.agoraToken, { body: { channelName } });
export const searchStreams = (query: StreamSearchQuery) => callRoute(streamingRoutes.search, { query });

export const streamConversationOf = (performerId: string) =>
  callRoute(streamChatRoutes.conversationOfPerformer, { params: { id: performerId } });
export const setChatClosed = (conversationId: string, isChatClosed: boolean) =>
  callRoute(streamChatRoutes.updateConversation, { params: { id: conversationId }, body: { isChatClosed } });
/** Newest first; `offset` counts from the newest message. */
export const listStreamMessages = (conversationId: string, query: MessageListQuery) =>
  callRoute(streamChatRoutes.list, { params: { id: conversationId }, query });
export const sendStreamMessage = (conversationId: string, text: string) =>
  callRoute(streamChatRoutes.send, { params: { id: conversationId }, body: { text } });
export const clearStreamChat = (conversationId: string) =>
  callRoute(streamChatRoutes.removeAll, { params: { id: conversationId } });
/**
 * One live-chat message deleted (its sender, or the creator moderating): the contract has no
 * stream-specific route, so it is messaging's `DELETE /messages/:id`.
 */
export const deleteStreamMessage = (messageId: string) => callRoute(messageRoutes.remove, { params: { id: messageId } });

/** A ticket for a running paid stream, with one Idempotency-Key per attempt. */
export const buyStreamTicket = (streamId: string, key: string) =>
  callRoute(streamChargeRoute, { params: { id: streamId }, headers: idempotencyHeader(key) });

/** SWR key of the watch view of a creator's stream. */
export const joinKey = (id: string) => `/streaming/join/${encodeURIComponent(id)}`;
