import { Type, type Static } from 'typebox';
import { DateTime, defineRoute, Envelope, ErrorBody, ListEnvelope, Nullable, Paging, Uuid } from './common';
import { UserPublic } from './users';

/**
 * Notifications (issue 14 section 3, README "Notifications"): stored server-side, written in the
 * transaction of the event that causes them, pushed over the recipient's socket room, mailed for
 * the kinds the recipient keeps email on.
 */
export const NOTIFICATION_KINDS = [
  /** To a creator: someone followed them. */
  'follower_new',
  /** To a creator: a fan subscribed (paid or free). */
  'subscriber_new',
  /** To a fan: a renewal charge failed; access lasts through the grace period. */
  'renewal_failed',
  /** To a fan: a subscription that will not renew ends within SUBSCRIPTION_ENDING_NOTICE_DAYS. */
  'subscription_ending',
  /** To a creator: a tip arrived. */
  'tip_received',
  /** To a creator: a post, video, gallery, product, paid message or stream ticket was bought. */
  'content_bought',
  /** To a creator: a comment on their post, video, gallery or product. */
  'comment_new',
  /** To a comment's author: a reply to it. */
  'comment_reply',
  /** To a creator: a like on their content. */
  'like_new',
  /** To a fan: the creator changed an order's status; to a creator: a fan placed or changed an order. */
  'order_status',
  /** To a creator: an operator approved or rejected a payout request. */
  'payout_decided',
  /** To a creator: an operator approved or rejected their identity documents. */
  'verification_decided',
  /** To a subscriber: a creator they subscribe to published a post. */
  'creator_posted',
  /** To a subscriber: a creator they subscribe to went live. */
  'creator_live',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_CHANNELS = ['inApp', 'email'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** A fan is told this many days before a subscription that does not renew ends. */
export const SUBSCRIPTION_ENDING_NOTICE_DAYS = 3;

/** What a notification is about, for its text and its link (amounts in tokens, two decimals). */
export const NotificationData = Type.Object({
  /** Tips and purchases: the gross amount in tokens. */
  amount: Type.Optional(Type.Number()),
  /** What was bought, commented, liked or posted: its kind. */
  objectType: Type.Optional(Type.String()),
  /** A short excerpt: the post's or item's title, the comment's text. */
  title: Type.Optional(Type.String()),
  /** Orders: the new status; payouts and verification: 'approved' | 'rejected'. */
  status: Type.Optional(Type.String()),
  /** A rejection's reason, when the operator gave one. */
  reason: Type.Optional(Type.String()),
  /** Orders: the order's number as people see it. */
  orderNumber: Type.Optional(Type.String()),
  /** Subscription ending and renewal failed: when access ends. */
  endsAt: Type.Optional(DateTime),
});
export type NotificationData = Static<typeof NotificationData>;

export const Notification = Type.Object({
  _id: Type.String(),
  kind: Type.Enum([...NOTIFICATION_KINDS]),
  /** Who caused it (null for the platform: an operator's decision, a failed renewal). */
  actor: Nullable(UserPublic),
  /** The web page it opens (site-relative), or null when it opens nothing. */
  link: Nullable(Type.String()),
  data: NotificationData,
  readAt: Nullable(DateTime),
  createdAt: DateTime,
});
export type Notification = Static<typeof Notification>;

export const NotificationListQuery = Type.Object(
  {
    ...Paging(20),
    /** Only the unread ones. */
    unread: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type NotificationListQuery = Static<typeof NotificationListQuery>;

/** Mark these as read; ids that are not the caller's (or do not exist) change nothing. */
export const MarkReadBody = Type.Object(
  { ids: Type.Array(Uuid(), { minItems: 1, maxItems: 100, uniqueItems: true }) },
  { additionalProperties: false },
);
export type MarkReadBody = Static<typeof MarkReadBody>;

/** The caller's unread total after the change (absolute, so every tab can take it as it is). */
export const UnreadCount = Type.Object({ total: Type.Integer({ minimum: 0 }) });
export type UnreadCount = Static<typeof UnreadCount>;

/** One kind's channels for the caller; `kinds` lists only the kinds that can reach the caller's role. */
export const NotificationPreference = Type.Object({
  kind: Type.Enum([...NOTIFICATION_KINDS]),
  inApp: Type.Boolean(),
  email: Type.Boolean(),
});
export type NotificationPreference = Static<typeof NotificationPreference>;

export const NotificationPreferences = Type.Object({ kinds: Type.Array(NotificationPreference) });
export type NotificationPreferences = Static<typeof NotificationPreferences>;

/** Change some kinds' channels; a kind left out keeps its setting, a kind not for the caller's role is a 400. */
export const UpdateNotificationPreferencesBody = Type.Object(
  {
    kinds: Type.Array(
      Type.Object(
        {
          kind: Type.Enum([...NOTIFICATION_KINDS]),
          inApp: Type.Optional(Type.Boolean()),
          email: Type.Optional(Type.Boolean()),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: NOTIFICATION_KINDS.length },
    ),
  },
  { additionalProperties: false },
);
export type UpdateNotificationPreferencesBody = Static<typeof UpdateNotificationPreferencesBody>;

const signedIn = { auth: 'required', tags: ['notifications'] } as const;
const errors = { 400: ErrorBody, 401: ErrorBody };

export const notificationRoutes = {
  list: defineRoute({
    ...signedIn, method: 'GET', url: '/notifications', summary: "The caller's notifications, newest first",
    schema: { querystring: NotificationListQuery, response: { 200: ListEnvelope(Notification), ...errors } },
  }),
  unreadCount: defineRoute({
    ...signedIn, method: 'GET', url: '/notifications/unread-count', summary: "How many of the caller's notifications are unread",
    schema: { response: { 200: Envelope(UnreadCount), 401: ErrorBody } },
  }),
  read: defineRoute({
    ...signedIn, method: 'POST', url: '/notifications/read', summary: 'Mark some of my notifications as read',
    schema: { body: MarkReadBody, response: { 200: Envelope(UnreadCount), ...errors } },
  }),
  readAll: defineRoute({
    ...signedIn, method: 'POST', url: '/notifications/read-all', summary: 'Mark all my notifications as read',
    schema: { response: { 200: Envelope(UnreadCount), 401: ErrorBody } },
  }),
  preferences: defineRoute({
    ...signedIn, method: 'GET', url: '/notifications/preferences', summary: 'Which kinds reach me in the app and by email',
    schema: { response: { 200: Envelope(NotificationPreferences), 401: ErrorBody } },
  }),
  updatePreferences: defineRoute({
    ...signedIn, method: 'PUT', url: '/notifications/preferences', summary: 'Switch kinds on or off per channel',
    schema: { body: UpdateNotificationPreferencesBody, response: { 200: Envelope(NotificationPreferences), ...errors } },
  }),
};
