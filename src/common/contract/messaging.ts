/**
 * The messaging contract (issue 6; spec sections 3, 4 and 7): private conversations between a fan
 * and a creator, their messages (text, photo or video, optionally paid), unread counts, and the
 * paid-message charge. The socket events of messaging are typed in ./realtime.ts.
 */
import { Type, type Static } from 'typebox';
import { DateTime, defineRoute, Envelope, ErrorBody, IdParams, Nullable, Paging, Uuid } from './common';
import { MediaFileStatus, MediaFileView } from './media';

/** Visible characters of a message after sanitising (plain text; markup is stripped). */
export const MESSAGE_TEXT_MAX = 2000;
/** Raw input cap: room for whitespace and markup that sanitising removes. */
export const MESSAGE_TEXT_MAX_INPUT = 10_000;
/** Files one message may carry. */
export const MESSAGE_MAX_FILES = 10;
/** Highest price of a paid message, in tokens. */
export const MESSAGE_MAX_PRICE = 10_000;
/** Spec 9: messages loaded when a conversation opens. */
export const MESSAGE_PAGE_SIZE = 25;
/** Messages one account may send per minute (HTTP 429 beyond it). */
export const MESSAGE_RATE_PER_MINUTE = 30;
/** The answer text of a remote deletion (spec 4). */
export const MESSAGE_DELETED_TEXT = 'Message deleted!';

/** `private`: a fan and a creator. `public`: a stream's public chat (filled by the streaming feature). */
export const CONVERSATION_TYPES = ['private', 'public'] as const;
export type ConversationType = (typeof CONVERSATION_TYPES)[number];

/** What `POST /conversations` starts from: the other party as a creator (`performer`) or a fan (`user`). */
export const CONVERSATION_SOURCES = ['performer', 'user'] as const;
export type ConversationSource = (typeof CONVERSATION_SOURCES)[number];

/**
 * Who may start writing to a creator (the creator's setting): `followers` = fans who follow or
 * subscribe; `subscribers` = subscribers only. Default `followers`.
 */
export const MESSAGE_WRITE_POLICIES = ['followers', 'subscribers'] as const;
export type MessageWritePolicy = (typeof MESSAGE_WRITE_POLICIES)[number];

/** What a message holds: derived from its files (a video wins over photos). */
export const MESSAGE_TYPES = ['text', 'photo', 'video'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** Upload kinds of spec 7 and the media purpose each stores. */
export const MESSAGE_UPLOAD_KINDS = {
  photo: { purpose: 'message-photo', kinds: ['image'] },
  video: { purpose: 'message-video', kinds: ['video'] },
} as const;


/** The other member of a conversation as the viewer sees them (public fields only). */
export const ConversationParty = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  username: Nullable(Type.String()),
  avatar: Type.String({ description: 'URL; a placeholder image when none was uploaded' }),
  isPerformer: Type.Boolean(),
});
export type ConversationParty = Static<typeof ConversationParty>;

/** A one-line summary of the newest message, for the conversation list. */
export const LastMessage = Type.Object({
  _id: Type.String(),
  senderId: Type.String(),
  /** Sanitised text; '' for a media-only message; MESSAGE_DELETED_TEXT once deleted. */
  text: Type.String(),
  type: Type.Enum([...MESSAGE_TYPES]),
  isDeleted: Type.Boolean(),
  createdAt: DateTime,
});
export type LastMessage = Static<typeof LastMessage>;

/** A conversation as one of its members sees it (spec 3: `_id`, `totalNotSeenMessages`). */
export const Conversation = Type.Object({
  _id: Type.String(),
  type: Type.Enum([...CONVERSATION_TYPES]),
  /** Messages from the other party the viewer has not read. */
  totalNotSeenMessages: Type.Integer({ minimum: 0 }),
  /** The other party; null for a public conversation. */
  recipient: Nullable(ConversationParty),
  lastMessage: Nullable(LastMessage),
  /** Either member blocked the other: nobody may send (the composer is disabled). */
  isBlocked: Type.Boolean(),
  /** The viewer may send now (membership, blocking and the creator's who-may-write rule). */
  canSendMessage: Type.Boolean(),
  createdAt: DateTime,
  /** Time of the newest activity (the list is sorted by it, newest first). */
  updatedAt: DateTime,
});
export type Conversation = Static<typeof Conversation>;

/**
 * A message as a member sees it. Files are locked (`url: null`, blurred `preview` only) for the
 * recipient of a paid message until they pay; the sender always sees their own files.
 */
export const Message = Type.Object({
  _id: Type.String(),
  conversationId: Type.String(),
  senderId: Type.String(),
  /** Sanitised plain text; MESSAGE_DELETED_TEXT once deleted. */
  text: Type.String(),
  type: Type.Enum([...MESSAGE_TYPES]),
  /** Files in the order sent; empty once deleted. */
  files: Type.Array(MediaFileView),
  /** Tokens to unlock the files; 0 for a free message. */
  price: Type.Number({ minimum: 0 }),
  /** The viewer paid for this message. */
  isPaid: Type.Boolean(),
  /** The viewer may open the files: own message, free, or paid. */
  isUnlocked: Type.Boolean(),
  isDeleted: Type.Boolean(),
  /** The recipient has read it (read-all marks a whole conversation). */
  isSeen: Type.Boolean(),
  createdAt: DateTime,
  updatedAt: DateTime,
});
export type Message = Static<typeof Message>;

export const CreateConversationBody = Type.Object(
  {
    source: Type.Enum([...CONVERSATION_SOURCES]),
    /** The other party's user id (a creator's id is their user id). */
    sourceId: Uuid(),
  },
  { additionalProperties: false },
);
export type CreateConversationBody = Static<typeof CreateConversationBody>;

export const ConversationListQuery = Type.Object(
  {
    ...Paging(10),
    /** `/conversations/search` only: matches the other party's name or username. */
    q: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false },
);
export type ConversationListQuery = Static<typeof ConversationListQuery>;

/** A conversation page: `{ data, total, isMore }` (spec 7: the list payload includes isMore). */
export const ConversationPage = Type.Object({
  data: Type.Array(Conversation),
  total: Type.Integer({ minimum: 0 }),
  isMore: Type.Boolean(),
});
export type ConversationPage = Static<typeof ConversationPage>;

export const MessageListQuery = Type.Object(
  {
    ...Paging(MESSAGE_PAGE_SIZE),
  },
  { additionalProperties: false },
);
export type MessageListQuery = Static<typeof MessageListQuery>;

/** A page of messages, newest first (the client reverses it, spec 4). */
export const MessagePage = Type.Object({
  data: Type.Array(Message),
  total: Type.Integer({ minimum: 0 }),
});
export type MessagePage = Static<typeof MessagePage>;

/**
 * Send: text, files uploaded before through the upload routes (`fileIds`, ids of MediaFileView), or
 * both. `price` (creators only, with files) makes the files paid: the fan sees a blurred preview until
 * they pay through `/wallet/charges/message/:id`.
 */
export const SendMessageBody = Type.Object(
  {
    text: Type.Optional(Type.String({ maxLength: MESSAGE_TEXT_MAX_INPUT })),
    fileIds: Type.Optional(Type.Array(Uuid(), { maxItems: MESSAGE_MAX_FILES })),
    price: Type.Optional(Type.Number({ minimum: 0, maximum: MESSAGE_MAX_PRICE })),
  },
  { additionalProperties: false },
);
export type SendMessageBody = Static<typeof SendMessageBody>;

/** A creator's message to every active subscriber, sent one by one in the background. */
export const MassMessageResult = Type.Object({
  /** Subscribers it was queued for (blocked ones left out). */
  recipients: Type.Integer({ minimum: 0 }),
});
export type MassMessageResult = Static<typeof MassMessageResult>;

export const UnreadTotal = Type.Object({ total: Type.Integer({ minimum: 0 }) });
export type UnreadTotal = Static<typeof UnreadTotal>;

/** After read-all: the viewer's unread total left across all conversations. */
export const ReadAllResult = Type.Object({ success: Type.Boolean(), total: Type.Integer({ minimum: 0 }) });
export type ReadAllResult = Static<typeof ReadAllResult>;

/** What paying for a message answers: the charge plus the message, now unlocked. */
export const MessagePurchaseResult = Type.Object({
  transactionId: Type.String(),
  /** The caller's wallet after the purchase, in tokens. */
  balance: Type.Number(),
  /** Tokens paid. */
  amount: Type.Number(),
  item: Type.Object({ type: Type.Literal('message'), id: Type.String() }),
  message: Message,
});
export type MessagePurchaseResult = Static<typeof MessagePurchaseResult>;

export const MessagingSettings = Type.Object(
  { whoMayWrite: Type.Enum([...MESSAGE_WRITE_POLICIES]) },
  { additionalProperties: false },
);
export type MessagingSettings = Static<typeof MessagingSettings>;

const FileStatusParams = Type.Object({ id: Uuid(), fileId: Uuid() });
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const sendErrors = { ...errors, 422: ErrorBody, 429: ErrorBody };

const uploadRoute = (kind: keyof typeof MESSAGE_UPLOAD_KINDS, url: string) =>
  defineRoute({
    method: 'POST', url, auth: 'required', multipart: true, tags: ['messages'],
    summary: `Upload one ${kind} for a message (multipart field "file"); send its _id in fileIds. Videos are processed afterwards`,
    schema: { response: { 200: Envelope(MediaFileView), ...errors, 413: ErrorBody, 429: ErrorBody } },
  });

export const conversationRoutes = {
  create: defineRoute({
    method: 'POST', url: '/conversations', auth: 'required', tags: ['conversations'],
    summary: 'Open a conversation with a creator or a fan (the existing one if any); 403 with the reason when I may not write to them',
    schema: { body: CreateConversationBody, response: { 200: Envelope(Conversation), ...errors } },
  }),
  list: defineRoute({
    method: 'GET', url: '/conversations', auth: 'required', tags: ['conversations'],
    summary: 'My conversations with at least one message, newest activity first (GET /conversations/:id opens an empty one)',
    schema: { querystring: ConversationListQuery, response: { 200: Envelope(ConversationPage), ...errors } },
  }),
  search: defineRoute({
    method: 'GET', url: '/conversations/search', auth: 'required', tags: ['conversations'],
    summary: 'My conversations with at least one message whose other party matches q (name or username), newest activity first',
    schema: { querystring: ConversationListQuery, response: { 200: Envelope(ConversationPage), ...errors } },
  }),
  get: defineRoute({
    method: 'GET', url: '/conversations/:id', auth: 'required', tags: ['conversations'],
    summary: 'One of my conversations (404 for anyone else)',
    schema: { params: IdParams, response: { 200: Envelope(Conversation), ...errors } },
  }),
};

export const messageRoutes = {
  list: defineRoute({
    method: 'GET', url: '/messages/conversations/:id', auth: 'required', tags: ['messages'],
    summary: 'Messages of one of my conversations, newest first',
    schema: { params: IdParams, querystring: MessageListQuery, response: { 200: Envelope(MessagePage), ...errors } },
  }),
  send: defineRoute({
    method: 'POST', url: '/messages/conversations/:id', auth: 'required', tags: ['messages'],
    summary: 'Send a message in one of my conversations (text and/or uploaded files; creators may set a price)',
    schema: { params: IdParams, body: SendMessageBody, response: { 200: Envelope(Message), ...sendErrors } },
  }),
  uploadPhoto: uploadRoute('photo', '/messages/public/file/photo'),
  uploadVideo: uploadRoute('video', '/messages/private/file/video'),
  remove: defineRoute({
    method: 'DELETE', url: '/messages/:id', auth: 'required', tags: ['messages'],
    summary: 'Delete my message: it stays as a deleted marker, its files go',
    schema: { params: IdParams, response: { 200: Envelope(Message), ...errors } },
  }),
  totalUnread: defineRoute({
    method: 'GET', url: '/messages/total-unread-messages', auth: 'required', tags: ['messages'],
    summary: 'How many messages to me I have not read, across my conversations',
    schema: { response: { 200: Envelope(UnreadTotal), ...errors } },
  }),
  readAll: defineRoute({
    method: 'POST', url: '/messages/read-all/:id', auth: 'required', tags: ['messages'],
    summary: 'Mark every message to me in one of my conversations read',
    schema: { params: IdParams, response: { 200: Envelope(ReadAllResult), ...errors } },
  }),
  listPublic: defineRoute({
    method: 'GET', url: '/messages/conversations/public/:id', auth: 'optional', tags: ['messages'],
    summary: 'Messages of a public conversation (a stream\'s chat), newest first; 404 for a private one',
    schema: { params: IdParams, querystring: MessageListQuery, response: { 200: Envelope(MessagePage), ...errors } },
  }),
  fileStatus: defineRoute({
    method: 'GET', url: '/messages/:id/file/:fileId/status', auth: 'required', tags: ['messages'],
    summary: 'Processing status of one file of a message in one of my conversations',
    schema: { params: FileStatusParams, response: { 200: Envelope(MediaFileStatus), ...errors } },
  }),
  settings: defineRoute({
    method: 'GET', url: '/messages/settings', auth: 'required', roles: ['performer'], tags: ['messages'],
    summary: 'Who may start writing to me',
    schema: { response: { 200: Envelope(MessagingSettings), ...errors } },
  }),
  updateSettings: defineRoute({
    method: 'PUT', url: '/messages/settings', auth: 'required', roles: ['performer'], tags: ['messages'],
    summary: 'Choose who may start writing to me: followers (and subscribers) or subscribers only',
    schema: { body: MessagingSettings, response: { 200: Envelope(MessagingSettings), ...errors } },
  }),
  mass: defineRoute({
    method: 'POST', url: '/messages/mass', auth: 'required', roles: ['performer'], tags: ['messages'],
    summary: 'Send one message to each of my active subscribers, in the background',
    schema: { body: SendMessageBody, response: { 200: Envelope(MassMessageResult), ...sendErrors } },
  }),
};

/** `POST /wallet/charges/message/:id`: pay for a paid message (served by the wallet-charges module). */
export const messageChargeRoute = defineRoute({
  method: 'POST', url: '/wallet/charges/message/:id', auth: 'required', idempotent: true, tags: ['wallet-charges'],
  summary: 'Pay for a paid message sent to me, from my wallet (no body, or {}; 402 when short, 409 if already bought)',
  schema: {
    params: IdParams,
    response: { 200: Envelope(MessagePurchaseResult), ...errors, 402: ErrorBody, 409: ErrorBody, 422: ErrorBody },
  },
});
