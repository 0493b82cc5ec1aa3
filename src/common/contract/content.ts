import { Type, type Static } from 'typebox';
import { UserPublic } from './users';
import { Nullable, Paging } from './common';

/** Who may open an item: everyone who is not blocked, the creator's subscribers, or its buyers. */
export const ACCESS_LEVELS = ['free', 'subscribers', 'sale'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];
export const CONTENT_STATUSES = ['active', 'draft'] as const;

/** Kinds of content that take comments, likes, bookmarks and purchases. */
export const CONTENT_TYPES = ['feed', 'video', 'gallery', 'product'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

/** Why a viewer may open an item, or `null` when it is locked for them. */
export const UNLOCK_REASONS = ['owner', 'admin', 'free', 'subscriber', 'buyer'] as const;
export type UnlockReason = (typeof UNLOCK_REASONS)[number];


/**
 * The access part every feed, video and gallery answer carries. A locked item still shows its
 * metadata, counts, price, teaser and blurred previews, so the page can show the right call to
 * action: subscribe (`access: subscribers`) or buy for `price` tokens (`access: sale`).
 */
export const ContentAccessFields = {
  access: Type.Enum([...ACCESS_LEVELS]),
  /** Token price when `access` is `sale`, else 0. Two decimals. */
  price: Type.Number({ minimum: 0 }),
  isLocked: Type.Boolean(),
  unlockedBy: Nullable(Type.Enum([...UNLOCK_REASONS])),
  /** The viewer has an active subscription to the creator. */
  isSubscribed: Type.Boolean(),
  /** The viewer bought this item. */
  isBought: Type.Boolean(),
};

/** Publication state: `active` items appear from `publishAt`; until then they are scheduled. */
export const ContentPublishFields = {
  status: Type.Enum([...CONTENT_STATUSES]),
  publishAt: Type.String({ format: 'date-time' }),
  /** Active but `publishAt` still ahead (only the owner and admins see such items). */
  isScheduled: Type.Boolean(),
};

/**
 * An operator's moderation. A hidden item answers 404 to everyone but its creator and operators,
 * so only they ever see `isHidden: true`, with the reason the creator is told.
 */
export const ContentModerationFields = {
  isHidden: Type.Boolean(),
  hiddenReason: Nullable(Type.String()),
};

/** Engagement counts and the viewer's own reactions. */
export const ContentEngagementFields = {
  stats: Type.Object({
    likes: Type.Integer({ minimum: 0 }),
    bookmarks: Type.Integer({ minimum: 0 }),
    comments: Type.Integer({ minimum: 0 }),
    views: Type.Integer({ minimum: 0 }),
  }),
  isLiked: Type.Boolean(),
  isBookmarked: Type.Boolean(),
};

export const ContentAuthor = UserPublic;
export type ContentAuthor = Static<typeof ContentAuthor>;

/** Shared request fields for creating or editing an item with an access level. */
export const AccessInput = {
  access: Type.Enum([...ACCESS_LEVELS]),
  /** Tokens; required and within the site's content price bounds when `access` is `sale`. */
  price: Type.Optional(Type.Number({ minimum: 0, maximum: 1_000_000 })),
  status: Type.Optional(Type.Enum([...CONTENT_STATUSES])),
  /** A future time schedules the item; omitted or past means now. */
  publishAt: Type.Optional(Nullable(Type.String({ format: 'date-time' }))),
};

/** Shared query fields of content lists: keyset paging for timelines, offset for the rest. */
export const ContentListQuery = {
  ...Paging(12),
  q: Type.Optional(Type.String({ maxLength: 100 })),
};
