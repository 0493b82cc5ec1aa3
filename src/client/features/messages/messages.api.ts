import {
  conversationRoutes,
  messageChargeRoute,
  messageRoutes,
  type ConversationListQuery,
  type CreateConversationBody,
  type MessageListQuery,
  type SendMessageBody,
} from '@/common/contract/messaging';
import { callRoute, routeUrl } from '@/client/lib/call-route';
import { idempotencyHeader } from '@/client/lib/idempotency-key';

/** Spec 7 conversation list; a search text goes to /conversations/search. */
export const listConversations = ({ q, ...query }: ConversationListQuery) =>
  q?.trim()
    ? callRoute(conversationRoutes.search, { query: { q: q.trim(), ...query } })
    : callRoute(conversationRoutes.list, { query });
export const getConversation = (id: string) => callRoute(conversationRoutes.get, { params: { id } });
/** The existing conversation with that person, or a new one. */
export const createConversation = (body: CreateConversationBody) => callRoute(conversationRoutes.create, { body });

/** Newest first; `offset` counts from the newest message. */
export const listMessages = (conversationId: string, query: MessageListQuery) =>
  callRoute(messageRoutes.list, { params: { id: conversationId }, query });
export const sendMessage = (conversationId: string, body: SendMessageBody) =>
  callRoute(messageRoutes.send, { params: { id: conversationId }, body });
export const deleteMessage = (id: string) => callRoute(messageRoutes.remove, { params: { id } });
export const totalUnread = () => callRoute(messageRoutes.totalUnread);
export const readAll = (conversationId: string) => callRoute(messageRoutes.readAll, { params: { id: conversationId } });

/** A creator's message to every active subscriber, sent one by one in the background. */
export const sendMassMessage = (body: SendMessageBody) => callRoute(messageRoutes.mass, { body });

/** Where a picked photo or video is uploaded before the message naming it is sent. */
export const MESSAGE_UPLOAD_URLS = { photo: messageRoutes.uploadPhoto.url, video: messageRoutes.uploadVideo.url } as const;
export const fileStatusUrl = (messageId: string, fileId: string) => routeUrl(messageRoutes.fileStatus.url, { id: messageId, fileId });

/** Pays for a paid message; answers the new balance and the message, unlocked. */
export const buyMessage = (id: string, key: string) =>
  callRoute(messageChargeRoute, { params: { id }, headers: idempotencyHeader(key) });
