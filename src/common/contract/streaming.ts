/**
 * The live streaming contract (spec sections 1, 3, 4 and 7: Streaming, stream messages, and
 * `POST /wallet/charges/stream/{id}`). A creator goes live as one stream session with an access
 * level like any post (free to signed-in fans, subscribers only, or a token price paid once per
 * session); the video travels through Agora, the chat is the session's public conversation.
 * Live video is on only when the site's `agoraEnable` and `agoraAppId` settings and the API's
 * `AGORA_APP_CERTIFICATE` are all set; otherwise every streaming call answers 422.
 * The socket events of streaming are typed in ./realtime.ts.
 */
import { Type, type Static } from 'typebox';
import { DateTime, defineRoute, Envelope, ErrorBody, IdParams, KeyParams, Nullable, Ok, Paging, Uuid } from './common';
import { ACCESS_LEVELS } from './content';
import { ConversationParty, Message, MessageListQuery } from './messaging';

export const STREAM_TITLE_MAX = 100;
export const STREAM_DESCRIPTION_MAX = 500;
/** Highest ticket price of a stream, in tokens. */
export const STREAM_MAX_PRICE = 10_000;
/** Visible characters of a chat message (plain text). */
export const STREAM_MESSAGE_TEXT_MAX = 500;
/** Spec 4: the text a remotely deleted live-chat message shows. */
export const STREAM_MESSAGE_DELETED_TEXT = 'Message deleted';
/** The creator's page reports the running duration this often (`PUT /streaming/set-duration`). */
export const STREAM_HEARTBEAT_SECONDS = 30;
/** A live stream whose creator stopped reporting for this long is ended by a job. */
export const STREAM_STALE_SECONDS = 120;
/** Lifetime of an Agora token; the client asks for a new one before it runs out. */
export const AGORA_TOKEN_TTL_SECONDS = 3600;
/** What every streaming call answers (422) while live video is switched off. */
export const LIVE_DISABLED_MESSAGE = 'Live streaming is not enabled on this site';

/** Same levels as posts: `free` (any signed-in fan), `subscribers`, `sale` (a ticket at `price`). */
export const STREAM_ACCESS_LEVELS = ACCESS_LEVELS;
export type StreamAccess = (typeof STREAM_ACCESS_LEVELS)[number];

/** Why a viewer cannot watch yet: subscribe, buy a ticket, or sign in. */
export const STREAM_LOCK_REASONS = ['login', 'subscribe', 'buy'] as const;
export type StreamLockReason = (typeof STREAM_LOCK_REASONS)[number];


/**
 * A creator's stream defaults (`PUT /streaming/update`), used by the next `POST /streaming/live`.
 * `price` in tokens, two decimals at most, required within 0 < price ≤ STREAM_MAX_PRICE when
 * `access` is `sale` (422 otherwise) and stored as 0 for the other levels.
 */
export const StreamSettings = Type.Object(
  {
    title: Type.String({ maxLength: STREAM_TITLE_MAX }),
    description: Type.String({ maxLength: STREAM_DESCRIPTION_MAX }),
    access: Type.Enum([...STREAM_ACCESS_LEVELS]),
    price: Type.Number({ minimum: 0 }),
  },
  { additionalProperties: false },
);
export type StreamSettings = Static<typeof StreamSettings>;

/** `POST /streaming/live`: any field given overrides (and is saved into) the creator's defaults. */
export const GoLiveBody = Type.Partial(StreamSettings, { additionalProperties: false });
export type GoLiveBody = Static<typeof GoLiveBody>;

/**
 * `PUT /streaming/live/:id`: the creator edits the title or description of a running stream, closes
 * or reopens its chat, or ends it (`isStreaming: false`). Access and price are fixed once live
 * (what buyers paid for does not change under them).
 */
export const EditLiveBody = Type.Object(
  {
    title: Type.Optional(Type.String({ maxLength: STREAM_TITLE_MAX })),
    description: Type.Optional(Type.String({ maxLength: STREAM_DESCRIPTION_MAX })),
    isStreaming: Type.Optional(Type.Literal(false)),
  },
  { additionalProperties: false },
);
export type EditLiveBody = Static<typeof EditLiveBody>;

/** `PUT /streaming/set-duration`: the creator's heartbeat with the seconds live so far. */
export const SetDurationBody = Type.Object(
  { id: Uuid(), duration: Type.Integer({ minimum: 0, maximum: 7 * 24 * 3600 }) },
  { additionalProperties: false },
);
export type SetDurationBody = Static<typeof SetDurationBody>;

/** One live session as anyone allowed to see the creator sees it. */
export const Stream = Type.Object({
  _id: Type.String(),
  performerId: Type.String(),
  performer: ConversationParty,
  title: Type.String(),
  description: Type.String(),
  access: Type.Enum([...STREAM_ACCESS_LEVELS]),
  /** Ticket price in tokens when `access` is `sale`, else 0. */
  price: Type.Number({ minimum: 0 }),
  isStreaming: Type.Boolean(),
  /** The chat is closed by the creator: nobody but the creator may write. */
  isChatClosed: Type.Boolean(),
  /** The session's public conversation (the live chat). */
  conversationId: Type.String(),
  /** A private show: only one fan (and the creator) can see and join it (./private-shows.ts). */
  isPrivate: Type.Boolean(),
  /** Agora channel name of the session. */
  channelName: Type.String(),
  /** Sockets watching now, across API instances. */
  viewerCount: Type.Integer({ minimum: 0 }),
  /** Seconds live, as last reported by the creator. */
  duration: Type.Integer({ minimum: 0 }),
  startedAt: DateTime,
  endedAt: Nullable(DateTime),
});
export type Stream = Static<typeof Stream>;

/** A stream as one viewer sees it: whether they may watch now and, if not, what unlocks it. */
export const StreamView = Type.Object({
  ...Stream.properties,
  /** Owner, admin, or the access rule is met (free + signed in, subscriber, ticket bought). */
  canWatch: Type.Boolean(),
  /** The viewer bought a ticket for this session. */
  isPaid: Type.Boolean(),
  lockReason: Nullable(Type.Enum([...STREAM_LOCK_REASONS])),
});
export type StreamView = Static<typeof StreamView>;

/** `GET /streaming/me`: the creator's defaults and their running stream, if any. */
export const MyStreaming = Type.Object({
  settings: StreamSettings,
  current: Nullable(Stream),
  /** The site's live switch (agoraEnable + app id + certificate). */
  enabled: Type.Boolean(),
});
export type MyStreaming = Static<typeof MyStreaming>;

export const StreamSearchQuery = Type.Object(
  {
    ...Paging(12),
    /** Matches the creator's name or username, or the title. */
    q: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false },
);
export type StreamSearchQuery = Static<typeof StreamSearchQuery>;

/** Live streams now, most watched first: `{ data, total }`. */
export const StreamPage = Type.Object({ data: Type.Array(StreamView), total: Type.Integer({ minimum: 0 }) });
export type StreamPage = Static<typeof StreamPage>;

export const AgoraTokenBody = Type.Object(
  { channelName: Type.String({ minLength: 1, maxLength: 64 }) },
  { additionalProperties: false },
);
export type AgoraTokenBody = Static<typeof AgoraTokenBody>;

/** An RTC token for one channel: the creator publishes, viewers who may watch subscribe. */
export const AgoraToken = Type.Object({
  appId: Type.String(),
  channelName: Type.String(),
  uid: Type.Integer({ minimum: 0 }),
  token: Type.String(),
  role: Type.Union([Type.Literal('publisher'), Type.Literal('subscriber')]),
  expiresAt: DateTime,
});
export type AgoraToken = Static<typeof AgoraToken>;

/** A live-chat message: a message (spec 3: same shape) with its sender for display. */
export const StreamMessage = Type.Object({
  ...Message.properties,
  sender: ConversationParty,
});
export type StreamMessage = Static<typeof StreamMessage>;

export const StreamMessagePage = Type.Object({
  data: Type.Array(StreamMessage),
  total: Type.Integer({ minimum: 0 }),
});
export type StreamMessagePage = Static<typeof StreamMessagePage>;

export const SendStreamMessageBody = Type.Object(
  { text: Type.String({ minLength: 1, maxLength: STREAM_MESSAGE_TEXT_MAX * 4 }) },
  { additionalProperties: false },
);
export type SendStreamMessageBody = Static<typeof SendStreamMessageBody>;

/** `GET /conversations/stream/performer/:id`: the chat of the creator's running stream. */
export const StreamConversation = Type.Object({
  conversationId: Type.String(),
  streamId: Type.String(),
  isChatClosed: Type.Boolean(),
});
export type StreamConversation = Static<typeof StreamConversation>;

/** `PUT /conversations/stream/:id/update`: the creator closes or reopens the chat. */
export const UpdateStreamConversationBody = Type.Object(
  { isChatClosed: Type.Boolean() },
  { additionalProperties: false },
);
export type UpdateStreamConversationBody = Static<typeof UpdateStreamConversationBody>;

/** What buying a ticket answers: the charge plus the stream, now watchable. */
export const StreamPurchaseResult = Type.Object({
  transactionId: Type.String(),
  /** The caller's wallet after the purchase, in tokens. */
  balance: Type.Number(),
  amount: Type.Number(),
  item: Type.Object({ type: Type.Literal('stream'), id: Type.String() }),
  stream: StreamView,
});
export type StreamPurchaseResult = Static<typeof StreamPurchaseResult>;

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 422: ErrorBody };
const creator = { auth: 'required', roles: ['performer'], tags: ['streaming'] } as const;

export const streamingRoutes = {
  me: defineRoute({
    method: 'GET', url: '/streaming/me', ...creator,
    summary: 'My stream defaults and my running stream (null when not live)',
    schema: { response: { 200: Envelope(MyStreaming), ...errors } },
  }),
  update: defineRoute({
    method: 'PUT', url: '/streaming/update', ...creator,
    summary: 'Save my stream defaults (title, description, access, price) for the next time I go live',
    schema: { body: StreamSettings, response: { 200: Envelope(StreamSettings), ...errors } },
  }),
  goLive: defineRoute({
    method: 'POST', url: '/streaming/live', ...creator,
    summary: 'Go live: start a stream session with its chat (my running one if I am live already)',
    schema: { body: GoLiveBody, response: { 200: Envelope(Stream), ...errors } },
  }),
  editLive: defineRoute({
    method: 'PUT', url: '/streaming/live/:id', ...creator,
    summary: 'Edit the title or description of my running stream, or end it with isStreaming: false',
    schema: { params: IdParams, body: EditLiveBody, response: { 200: Envelope(Stream), ...errors } },
  }),
  setDuration: defineRoute({
    method: 'PUT', url: '/streaming/set-duration', ...creator,
    summary: 'Heartbeat of my running stream with its duration in seconds (a silent stream is ended after a while)',
    schema: { body: SetDurationBody, response: { 200: Envelope(Stream), ...errors } },
  }),
  join: defineRoute({
    method: 'GET', url: '/streaming/join/:id', auth: 'optional', tags: ['streaming'],
    summary: 'The running stream of a creator (id or username) as I see it; 404 when they are not live',
    schema: { params: KeyParams, response: { 200: Envelope(StreamView), ...errors } },
  }),
  agoraToken: defineRoute({
    method: 'POST', url: '/streaming/agora/token', auth: 'required', tags: ['streaming'],
    summary: 'An Agora RTC token for a running stream\'s channel: publisher for its creator, subscriber for a viewer who may watch',
    schema: { body: AgoraTokenBody, response: { 200: Envelope(AgoraToken), ...errors } },
  }),
  search: defineRoute({
    method: 'GET', url: '/streaming/user/search', auth: 'optional', tags: ['streaming'],
    summary: 'Creators live now (blocked ones left out), most watched first',
    schema: { querystring: StreamSearchQuery, response: { 200: Envelope(StreamPage), ...errors } },
  }),
};

export const streamChatRoutes = {
  conversationOfPerformer: defineRoute({
    method: 'GET', url: '/conversations/stream/performer/:id', auth: 'optional', tags: ['streaming'],
    summary: 'The chat of a creator\'s running stream; 404 when they are not live',
    schema: { params: KeyParams, response: { 200: Envelope(StreamConversation), ...errors } },
  }),
  updateConversation: defineRoute({
    method: 'PUT', url: '/conversations/stream/:id/update', ...creator,
    summary: 'Close or reopen the chat of my running stream (by its conversation id)',
    schema: { params: IdParams, body: UpdateStreamConversationBody, response: { 200: Envelope(StreamConversation), ...errors } },
  }),
  list: defineRoute({
    method: 'GET', url: '/messages/stream/:id', auth: 'optional', tags: ['streaming'],
    summary: 'Live-chat messages of a stream conversation, newest first (for those who may watch)',
    schema: { params: IdParams, querystring: MessageListQuery, response: { 200: Envelope(StreamMessagePage), ...errors } },
  }),
  send: defineRoute({
    method: 'POST', url: '/messages/stream/:id', auth: 'required', tags: ['streaming'],
    summary: 'Write in the chat of a running stream I may watch (plain text)',
    schema: {
      params: IdParams, body: SendStreamMessageBody,
      response: { 200: Envelope(StreamMessage), ...errors, 429: ErrorBody },
    },
  }),
  removeAll: defineRoute({
    method: 'DELETE', url: '/messages/stream/:id/remove-all-message', ...creator,
    summary: 'Clear the chat of my stream (every message becomes a deleted marker)',
    schema: { params: IdParams, response: { 200: Ok, ...errors } },
  }),
};

/** `POST /wallet/charges/stream/:id`: a ticket for a running `sale` stream (wallet-charges module). */
export const streamChargeRoute = defineRoute({
  method: 'POST', url: '/wallet/charges/stream/:id', auth: 'required', idempotent: true, tags: ['wallet-charges'],
  summary: 'Buy a ticket for a running paid stream from my wallet (402 when short, 409 if bought already, 422 when not for sale)',
  schema: {
    params: IdParams,
    response: { 200: Envelope(StreamPurchaseResult), ...errors, 402: ErrorBody, 409: ErrorBody },
  },
});
