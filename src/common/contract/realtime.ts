import { Type, type Static } from 'typebox';
import type { Message } from './messaging';
import type { Stream, StreamMessage } from './streaming';
import type { PrivateShowRequest } from './private-shows';
import type { Notification } from './notifications';

/**
 * Socket.io events between the web client and the API (DESIGN.md section 4, Realtime).
 * Client-to-server payloads have schemas and are validated on receipt; server-to-client events
 * are typed here so the server's emit and the client's listeners agree.
 */

export const REALTIME_PATH = '/socket.io';

/** The room every socket of a signed-in user joins; `app.realtime.toUser` emits to it. */
export const userRoom = (userId: string) => `user:${userId}`;

/** The room of the sockets signed in with one session: revoking that session disconnects them. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/** The room of a conversation's open thread; only members may join it (`conversation/join`). */
export const conversationRoom = (conversationId: string) => `conversation:${conversationId}`;

export const AuthLoginPayload = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 4096 }) },
  { additionalProperties: false },
);
export type AuthLoginPayload = Static<typeof AuthLoginPayload>;

export const AuthLoginAck = Type.Union([
  Type.Object({ ok: Type.Literal(true), userId: Type.String() }),
  Type.Object({ ok: Type.Literal(false), message: Type.String() }),
]);
export type AuthLoginAck = Static<typeof AuthLoginAck>;

/** Join or leave the room of a conversation the signed-in user belongs to (messaging). */
export const ConversationRoomPayload = Type.Object(
  { conversationId: Type.String({ minLength: 1, maxLength: 100 }) },
  { additionalProperties: false },
);
export type ConversationRoomPayload = Static<typeof ConversationRoomPayload>;

export const ConversationRoomAck = Type.Union([
  Type.Object({ ok: Type.Literal(true) }),
  Type.Object({ ok: Type.Literal(false), message: Type.String() }),
]);
export type ConversationRoomAck = Static<typeof ConversationRoomAck>;

/** The room of a live stream: its viewers and its creator (`stream/join`). */
export const streamRoom = (streamId: string) => `stream:${streamId}`;

/** Join or leave a live stream's room (those who may watch it, and its creator). */
export const StreamRoomPayload = Type.Object(
  { streamId: Type.String({ minLength: 1, maxLength: 100 }) },
  { additionalProperties: false },
);
export type StreamRoomPayload = Static<typeof StreamRoomPayload>;

export const StreamRoomAck = Type.Union([
  Type.Object({ ok: Type.Literal(true), viewerCount: Type.Integer({ minimum: 0 }) }),
  Type.Object({ ok: Type.Literal(false), message: Type.String() }),
]);
export type StreamRoomAck = Static<typeof StreamRoomAck>;

/** Schemas of what clients send, by event name. */
export const clientEventSchemas = {
  'auth/login': AuthLoginPayload,
  'conversation/join': ConversationRoomPayload,
  'conversation/leave': ConversationRoomPayload,
  'stream/join': StreamRoomPayload,
  'stream/leave': StreamRoomPayload,
};

export interface ClientToServerEvents {
  /** Sent after every (re)connect: (re)joins the user's room. */
  'auth/login': (payload: AuthLoginPayload, ack?: (result: AuthLoginAck) => void) => void;
  /** Messaging: receive the events of an open thread (members only; the ack says why not). */
  'conversation/join': (payload: ConversationRoomPayload, ack?: (result: ConversationRoomAck) => void) => void;
  'conversation/leave': (payload: ConversationRoomPayload, ack?: (result: ConversationRoomAck) => void) => void;
  /** Streaming: watch a live stream's chat and state (those who may watch, and its creator). */
  'stream/join': (payload: StreamRoomPayload, ack?: (result: StreamRoomAck) => void) => void;
  'stream/leave': (payload: StreamRoomPayload, ack?: (result: StreamRoomAck) => void) => void;
}

/**
 * What the server pushes. Each feature adds its events here (for example messaging's new and
 * deleted messages) as `name: (payload: Type) => void`.
 */
export interface BalanceUpdatedPayload {
  /** The wallet balance in tokens after the change (absolute, so a lost event cannot skew it). */
  balance: number;
}

/** Messaging: a new message, to both members' user rooms and the conversation room. */
export interface MessageCreatedPayload {
  message: Message;
}

/** Messaging: the sender deleted a message (spec 4: the client shows MESSAGE_DELETED_TEXT). */
export interface MessageDeletedPayload {
  conversationId: string;
  messageId: string;
}

/** Messaging: `readerId` read every message to them in the conversation (to both members). */
export interface ConversationReadPayload {
  conversationId: string;
  readerId: string;
}

/** Messaging: the user's unread total across conversations (absolute, like balance_updated). */
export interface UnreadCountPayload {
  total: number;
}

/** Streaming: a new live-chat message, to the stream's room. */
export interface StreamMessageCreatedPayload {
  message: StreamMessage;
}

/** Streaming: a live-chat message was deleted (spec 4: the client shows STREAM_MESSAGE_DELETED_TEXT). */
export interface StreamMessageDeletedPayload {
  conversationId: string;
  messageId: string;
}

/** Streaming: the creator cleared the chat. */
export interface StreamMessagesClearedPayload {
  conversationId: string;
}

/** Streaming: the stream changed (title, chat closed, ended: `isStreaming` false), to its room. */
export interface StreamUpdatedPayload {
  stream: Stream;
}

/** Streaming: how many watch now, to the stream's room after each join or leave. */
export interface StreamViewersPayload {
  streamId: string;
  viewerCount: number;
}

/** Private shows: a request was made or changed, to its fan's and its creator's user rooms. */
export interface PrivateShowUpdatedPayload {
  request: PrivateShowRequest;
}

/** Notifications: a new one for this user (the client adds one to its unread count). */
export interface NotificationCreatedPayload {
  notification: Notification;
}

/** Notifications: the unread total after the user read some on any device (absolute). */
export interface NotificationUnreadPayload {
  total: number;
}

export interface ServerToClientEvents {
  /** After any change of the user's wallet (top-up, charge, refund), to every socket of theirs. */
  balance_updated: (payload: BalanceUpdatedPayload) => void;
  message_created: (payload: MessageCreatedPayload) => void;
  message_deleted: (payload: MessageDeletedPayload) => void;
  conversation_read: (payload: ConversationReadPayload) => void;
  unread_count: (payload: UnreadCountPayload) => void;
  stream_message_created: (payload: StreamMessageCreatedPayload) => void;
  stream_message_deleted: (payload: StreamMessageDeletedPayload) => void;
  stream_messages_cleared: (payload: StreamMessagesClearedPayload) => void;
  stream_updated: (payload: StreamUpdatedPayload) => void;
  stream_viewers: (payload: StreamViewersPayload) => void;
  private_show_updated: (payload: PrivateShowUpdatedPayload) => void;
  notification_created: (payload: NotificationCreatedPayload) => void;
  notification_unread: (payload: NotificationUnreadPayload) => void;
}

/** What the server keeps per socket. */
export interface SocketData {
  /** Null until a token is verified (and again after a failed `auth/login`). */
  userId: string | null;
  /** The session of the token the socket connected with (its `sessionRoom`). */
  sessionId?: string;
}
