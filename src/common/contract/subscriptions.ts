import { Type, type Static } from 'typebox';
import { defineRoute, Envelope, ErrorBody, IdParams, ListEnvelope, ListQuery } from './common';
import { UserPublic } from './users';

export const SUBSCRIPTION_TYPES = ['monthly', 'yearly', 'free'] as const;
export type SubscriptionType = (typeof SUBSCRIPTION_TYPES)[number];
export const SUBSCRIPTION_STATUSES = ['active', 'cancelled', 'expired'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** One fan's subscription to one creator, as both of them see it. */
export const SubscriptionItem = Type.Object({
  _id: Type.String(),
  performer: UserPublic,
  user: UserPublic,
  type: Type.Enum([...SUBSCRIPTION_TYPES]),
  status: Type.Enum([...SUBSCRIPTION_STATUSES]),
  /** Price of one period in tokens (0 for free). */
  price: Type.Number(),
  startedAt: Type.String({ format: 'date-time' }),
  /** Access lasts until this moment (the paid period's end, or the grace period's after a failed renewal). */
  expiresAt: Type.String({ format: 'date-time' }),
  /** Set while a failed renewal is being retried; access ends here unless a payment succeeds. */
  graceUntil: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  cancelledAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  /** True while it will renew at `expiresAt` (paid, active, not cancelled). */
  renews: Type.Boolean(),
  /** True while the fan can open subscribers-only content. */
  hasAccess: Type.Boolean(),
  gateway: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});
export type SubscriptionItem = Static<typeof SubscriptionItem>;

/** What a viewer's own subscription to a creator looks like on the creator's profile. */
export const ViewerSubscription = Type.Object({
  _id: Type.String(),
  type: Type.Enum([...SUBSCRIPTION_TYPES]),
  status: Type.Enum([...SUBSCRIPTION_STATUSES]),
  expiresAt: Type.String({ format: 'date-time' }),
  renews: Type.Boolean(),
  hasAccess: Type.Boolean(),
  freeUsed: Type.Boolean(),
});
export type ViewerSubscription = Static<typeof ViewerSubscription>;

export const SubscribeBody = Type.Object(
  {
    performerId: Type.String({ minLength: 1, maxLength: 100 }),
    type: Type.Enum([...SUBSCRIPTION_TYPES]),
    /** Paid types: a saved card of the caller (`GET /payment-cards`). */
    cardId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    couponCode: Type.Optional(Type.String({ minLength: 1, maxLength: 50 })),
  },
  { additionalProperties: false },
);
export type SubscribeBody = Static<typeof SubscribeBody>;

export const SubscriptionSearchQuery = Type.Object({
  ...ListQuery.properties,
  status: Type.Optional(Type.Enum([...SUBSCRIPTION_STATUSES])),
  type: Type.Optional(Type.Enum([...SUBSCRIPTION_TYPES])),
  /** Creator's list: search the fans' name or username. */
  q: Type.Optional(Type.String({ maxLength: 100 })),
});
export type SubscriptionSearchQuery = Static<typeof SubscriptionSearchQuery>;

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

export const subscriptionRoutes = {
  subscribe: defineRoute({
    method: 'POST', url: '/payment/subscribe/performers', auth: 'required', idempotent: true, tags: ['subscriptions'],
    summary: 'Subscribe to a creator: free (when the site and the creator offer it, once per creator) or monthly/yearly charged to a saved card',
    schema: { body: SubscribeBody, response: { 200: Envelope(SubscriptionItem), ...errors, 402: ErrorBody, 409: ErrorBody, 422: ErrorBody } },
  }),
  userSearch: defineRoute({
    method: 'GET', url: '/subscriptions/user/search', auth: 'required', tags: ['subscriptions'],
    summary: 'My subscriptions, newest first',
    schema: { querystring: SubscriptionSearchQuery, response: { 200: ListEnvelope(SubscriptionItem), ...errors } },
  }),
  performerSearch: defineRoute({
    method: 'GET', url: '/subscriptions/performer/search', auth: 'required', roles: ['performer'], tags: ['subscriptions'],
    summary: 'My subscribers (creator), newest first',
    schema: { querystring: SubscriptionSearchQuery, response: { 200: ListEnvelope(SubscriptionItem), ...errors } },
  }),
  cancel: defineRoute({
    method: 'POST', url: '/payment/:gateway/cancel-subscription/:id', auth: 'required', idempotent: true, tags: ['subscriptions'],
    summary: 'Stop renewing my subscription; access lasts until the paid period ends',
    schema: {
      params: Type.Object({ gateway: Type.String({ maxLength: 30 }), id: IdParams.properties.id }),
      response: { 200: Envelope(SubscriptionItem), ...errors, 409: ErrorBody },
    },
  }),
};
