import { Type, type Static } from 'typebox';
import { defineRoute, Envelope, ErrorBody, IdParams, ListEnvelope, ListQuery } from './common';
import { PerformerCard } from './performers';
import { UserPublic } from './users';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** After a follow or unfollow: the viewer's state and the creator's new follower count. */
export const FollowState = Type.Object({ performerId: Type.String(), isFollowed: Type.Boolean(), followers: Type.Integer() });
export type FollowState = Static<typeof FollowState>;

export const FollowerEntry = Type.Object({ _id: Type.String(), follower: UserPublic, createdAt: Type.String({ format: 'date-time' }) });
export type FollowerEntry = Static<typeof FollowerEntry>;
export const FollowingEntry = Type.Object({ _id: Type.String(), performer: PerformerCard, createdAt: Type.String({ format: 'date-time' }) });
export type FollowingEntry = Static<typeof FollowingEntry>;

const SearchableList = Type.Object({ ...ListQuery.properties, q: Type.Optional(Type.String({ maxLength: 100 })) });

export const followRoutes = {
  follow: defineRoute({
    method: 'POST', url: '/follows/:id', auth: 'required', summary: 'Follow a creator (idempotent)', tags: ['follows'],
    schema: { params: IdParams, response: { 200: Envelope(FollowState), ...errors } },
  }),
  unfollow: defineRoute({
    method: 'DELETE', url: '/follows/:id', auth: 'required', summary: 'Unfollow a creator (idempotent)', tags: ['follows'],
    schema: { params: IdParams, response: { 200: Envelope(FollowState), ...errors } },
  }),
  followers: defineRoute({
    method: 'GET', url: '/follows/followers', auth: 'required', roles: ['performer'], summary: 'Who follows me (creators)', tags: ['follows'],
    schema: { querystring: SearchableList, response: { 200: ListEnvelope(FollowerEntry), ...errors } },
  }),
  following: defineRoute({
    method: 'GET', url: '/follows/following', auth: 'required', summary: 'Creators I follow', tags: ['follows'],
    schema: { querystring: SearchableList, response: { 200: ListEnvelope(FollowingEntry), ...errors } },
  }),
  followingIds: defineRoute({
    method: 'GET', url: '/follows/following/ids', auth: 'required', summary: 'Ids of every creator I follow (fills followedIds)', tags: ['follows'],
    schema: { response: { 200: Envelope(Type.Array(Type.String())), ...errors } },
  }),
};

/**
 * Object types that take reactions: creators take bookmarks only; feeds, videos, galleries and
 * products take likes (the viewer must be able to open the item) and bookmarks (seeing it is enough).
 */
export const REACTION_OBJECT_TYPES = ['performer', 'feed', 'video', 'gallery', 'product'] as const;
export const REACTION_ACTIONS = ['like', 'bookmark'] as const;
export const ReactionBody = Type.Object(
  {
    objectType: Type.Enum([...REACTION_OBJECT_TYPES]),
    objectId: Type.String({ format: 'uuid' }),
    action: Type.Enum([...REACTION_ACTIONS]),
  },
  { additionalProperties: false },
);
export type ReactionBody = Static<typeof ReactionBody>;
export const ReactionState = Type.Object({
  objectType: Type.String(),
  objectId: Type.String(),
  action: Type.String(),
  /** Whether the viewer now has this reaction. */
  active: Type.Boolean(),
  /** The object's total for this action after the change. */
  total: Type.Integer(),
});
export type ReactionState = Static<typeof ReactionState>;
export const PerformerBookmark = Type.Object({ _id: Type.String(), performer: PerformerCard, createdAt: Type.String({ format: 'date-time' }) });
export type PerformerBookmark = Static<typeof PerformerBookmark>;

export const reactionRoutes = {
  create: defineRoute({
    method: 'POST', url: '/reactions', auth: 'required', summary: 'Like or bookmark an object (idempotent)', tags: ['reactions'],
    schema: { body: ReactionBody, response: { 200: Envelope(ReactionState), ...errors } },
  }),
  remove: defineRoute({
    method: 'DELETE', url: '/reactions', auth: 'required', summary: 'Undo a like or bookmark (idempotent)', tags: ['reactions'],
    schema: { body: ReactionBody, response: { 200: Envelope(ReactionState), ...errors } },
  }),
  performerBookmarks: defineRoute({
    method: 'GET', url: '/reactions/performers/bookmark', auth: 'required', summary: 'Creators I bookmarked', tags: ['reactions'],
    schema: { querystring: ListQuery, response: { 200: ListEnvelope(PerformerBookmark), ...errors } },
  }),
};

export const BlockedUser = Type.Object({
  _id: Type.String({ description: 'the blocked user\'s id' }),
  user: UserPublic,
  reason: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
});
export type BlockedUser = Static<typeof BlockedUser>;
const CountryCode = Type.String({ pattern: '^[A-Za-z]{2}$', description: 'ISO 3166-1 alpha-2' });
export const BlockedCountries = Type.Object({ countries: Type.Array(Type.String()) });

export const blockRoutes = {
  blockUser: defineRoute({
    method: 'POST', url: '/block/users', auth: 'required', roles: ['performer'],
    summary: 'Block an account from my profile and content (also ends their follow and bookmark)', tags: ['blocking'],
    schema: {
      body: Type.Object(
        { userId: Type.String({ format: 'uuid' }), reason: Type.Optional(Type.String({ maxLength: 500 })) },
        { additionalProperties: false },
      ),
      response: { 200: Envelope(BlockedUser), ...errors, 409: ErrorBody },
    },
  }),
  blockedUsers: defineRoute({
    method: 'GET', url: '/block/users', auth: 'required', roles: ['performer'], summary: 'Accounts I blocked', tags: ['blocking'],
    schema: { querystring: ListQuery, response: { 200: ListEnvelope(BlockedUser), ...errors } },
  }),
  unblockUser: defineRoute({
    method: 'DELETE', url: '/block/users/:id', auth: 'required', roles: ['performer'], summary: 'Unblock an account (by user id)', tags: ['blocking'],
    schema: { params: IdParams, response: { 200: Envelope(Type.Object({ success: Type.Boolean() })), ...errors } },
  }),
  blockCountries: defineRoute({
    method: 'POST', url: '/block/countries', auth: 'required', roles: ['performer'],
    summary: 'Replace my list of blocked countries', tags: ['blocking'],
    schema: {
      body: Type.Object({ countries: Type.Array(CountryCode, { maxItems: 300, uniqueItems: true }) }, { additionalProperties: false }),
      response: { 200: Envelope(BlockedCountries), ...errors },
    },
  }),
  blockedCountries: defineRoute({
    method: 'GET', url: '/block/countries', auth: 'required', roles: ['performer'], summary: 'My blocked countries', tags: ['blocking'],
    schema: { response: { 200: Envelope(BlockedCountries), ...errors } },
  }),
};

/** The 403 message for a creator who blocked the viewer's account or country. */
export const NOT_AVAILABLE_MESSAGE = 'This creator is not available to you';
