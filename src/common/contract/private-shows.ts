/**
 * Private shows (spec 3 and 4, "Private streaming requests"): a fan asks a creator for a private
 * one-to-one live show in their conversation; the creator accepts (which opens a private stream
 * only that fan may watch) or declines. The fan pays the show's price as the ticket of that
 * stream (`POST /wallet/charges/stream/{streamId}`, the stream-ticket sale path) when joining;
 * a show ended or cancelled before it started is refunded. The socket event is in ./realtime.ts.
 */
import { Type, type Static } from 'typebox';
import { DateTime, defineRoute, Envelope, ErrorBody, IdParams, Nullable, Paging, Uuid } from './common';
import { ConversationParty } from './messaging';

export const PRIVATE_SHOW_STATUSES = ['pending', 'accepted', 'declined', 'cancelled', 'started', 'ended', 'refunded'] as const;
export type PrivateShowStatus = (typeof PRIVATE_SHOW_STATUSES)[number];
/** A request that still holds the fan's place: one per fan and creator at a time. */
export const OPEN_PRIVATE_SHOW_STATUSES = ['pending', 'accepted', 'started'] as const satisfies readonly PrivateShowStatus[];

/** Highest price of a private show, in tokens (as a stream ticket). */
export const PRIVATE_SHOW_MAX_PRICE = 10_000;
/** Visible characters of the fan's note to the creator (plain text). */
export const PRIVATE_SHOW_MESSAGE_MAX = 500;

export const PRIVATE_SHOWS_OFF_MESSAGE = 'This creator does not take private show requests';
export const PRIVATE_SHOW_NOT_FOUND = 'Private show request not found';

/** One request as its fan and its creator see it (nobody else sees it). */
export const PrivateShowRequest = Type.Object({
  _id: Type.String(),
  /** The fan's conversation with the creator (spec 3: each entry carries it). */
  conversationId: Type.String(),
  fanId: Type.String(),
  fan: ConversationParty,
  performerId: Type.String(),
  performer: ConversationParty,
  status: Type.Enum([...PRIVATE_SHOW_STATUSES]),
  /** Tokens, fixed when the fan asked. */
  price: Type.Number({ exclusiveMinimum: 0 }),
  message: Type.String(),
  /** The private stream, once accepted. */
  streamId: Nullable(Type.String()),
  /** The fan bought the show's ticket (and it was not refunded). */
  isPaid: Type.Boolean(),
  isRefunded: Type.Boolean(),
  createdAt: DateTime,
  updatedAt: DateTime,
  decidedAt: Nullable(DateTime),
  startedAt: Nullable(DateTime),
  endedAt: Nullable(DateTime),
});
export type PrivateShowRequest = Static<typeof PrivateShowRequest>;

export const PrivateShowPage = Type.Object({ data: Type.Array(PrivateShowRequest), total: Type.Integer({ minimum: 0 }) });
export type PrivateShowPage = Static<typeof PrivateShowPage>;

/** `GET /private-shows/offer/:id`: whether a creator takes requests, at what price, and the caller's open request. */
export const PrivateShowOffer = Type.Object({
  performerId: Type.String(),
  enabled: Type.Boolean(),
  price: Nullable(Type.Number()),
  /** The signed-in fan's open request to this creator (pending, accepted or started). */
  openRequest: Nullable(PrivateShowRequest),
});
export type PrivateShowOffer = Static<typeof PrivateShowOffer>;

/** The creator's setting: requests on at a price per show in tokens, or off (price null). */
export const PrivateShowSettings = Type.Object({ enabled: Type.Boolean(), price: Nullable(Type.Number()) });
export type PrivateShowSettings = Static<typeof PrivateShowSettings>;

/**
 * `PUT /private-shows/settings`: `enabled` with a `price` (0 < price ≤ PRIVATE_SHOW_MAX_PRICE, two
 * decimals; 400 otherwise), or `enabled: false`. No nullable number here: the API coerces types,
 * and a union of number and null would read a 0 as "off" or a null as 0.
 */
export const PrivateShowSettingsBody = Type.Object(
  { enabled: Type.Boolean(), price: Type.Optional(Type.Number()) },
  { additionalProperties: false },
);
export type PrivateShowSettingsBody = Static<typeof PrivateShowSettingsBody>;

export const CreatePrivateShowBody = Type.Object(
  {
    performerId: Uuid({ description: "The creator's user id" }),
    message: Type.Optional(Type.String({ maxLength: PRIVATE_SHOW_MESSAGE_MAX * 4 })),
  },
  { additionalProperties: false },
);
export type CreatePrivateShowBody = Static<typeof CreatePrivateShowBody>;

export const PrivateShowListQuery = Type.Object(
  {
    ...Paging(10),
    status: Type.Optional(Type.Enum([...PRIVATE_SHOW_STATUSES])),
    /** Only the requests of one conversation (the conversation page). */
    conversationId: Type.Optional(Uuid()),
  },
  { additionalProperties: false },
);
export type PrivateShowListQuery = Static<typeof PrivateShowListQuery>;

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };
const creator = { auth: 'required', roles: ['performer'], tags: ['private-shows'] } as const;

export const privateShowRoutes = {
  settings: defineRoute({
    method: 'GET', url: '/private-shows/settings', ...creator,
    summary: 'Whether I take private show requests, and at what price',
    schema: { response: { 200: Envelope(PrivateShowSettings), ...errors } },
  }),
  updateSettings: defineRoute({
    method: 'PUT', url: '/private-shows/settings', ...creator,
    summary: 'Take private show requests at a price in tokens (enabled: true, price), or none (enabled: false)',
    schema: { body: PrivateShowSettingsBody, response: { 200: Envelope(PrivateShowSettings), ...errors } },
  }),
  offer: defineRoute({
    method: 'GET', url: '/private-shows/offer/:id', auth: 'optional', tags: ['private-shows'],
    summary: "A creator's private show offer (price or off) and my open request to them",
    schema: { params: IdParams, response: { 200: Envelope(PrivateShowOffer), ...errors } },
  }),
  list: defineRoute({
    method: 'GET', url: '/private-shows', auth: 'required', tags: ['private-shows'],
    summary: 'Private show requests I made (fan) or received (creator), newest first',
    schema: { querystring: PrivateShowListQuery, response: { 200: Envelope(PrivateShowPage), ...errors } },
  }),
  create: defineRoute({
    method: 'POST', url: '/private-shows', auth: 'required', roles: ['user'], tags: ['private-shows'],
    summary: 'Ask a creator for a private one-to-one live show at their price (opens our conversation if needed)',
    schema: { body: CreatePrivateShowBody, response: { 200: Envelope(PrivateShowRequest), ...errors } },
  }),
  accept: defineRoute({
    method: 'POST', url: '/private-shows/:id/accept', ...creator,
    summary: 'Accept a pending request: opens the private stream only that fan can join (end any public stream first)',
    schema: { params: IdParams, response: { 200: Envelope(PrivateShowRequest), ...errors } },
  }),
  decline: defineRoute({
    method: 'POST', url: '/private-shows/:id/decline', ...creator,
    summary: 'Decline a pending request',
    schema: { params: IdParams, response: { 200: Envelope(PrivateShowRequest), ...errors } },
  }),
  cancel: defineRoute({
    method: 'POST', url: '/private-shows/:id/cancel', auth: 'required', tags: ['private-shows'],
    summary: 'Cancel a request before the show started (fan or creator); a paid ticket is refunded',
    schema: { params: IdParams, response: { 200: Envelope(PrivateShowRequest), ...errors } },
  }),
};
