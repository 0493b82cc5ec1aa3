import { Type, type Static } from 'typebox';
import { DateTime, defineRoute, Envelope, ErrorBody, IdParams, ListEnvelope, Nullable, Ok, Paging, Uuid } from './common';
import { AccessInput, ContentAccessFields, ContentEngagementFields, ContentPublishFields, ContentModerationFields, ContentAuthor } from './content';
import { MediaFileStatus, MediaFileView } from './media';

/** What a post is, derived from what it holds: a video wins over photos, photos over audio, any file over a poll. */
export const FEED_TYPES = ['text', 'photo', 'video', 'audio', 'poll'] as const;
export type FeedType = (typeof FEED_TYPES)[number];

/** The creator's list filter: `published` (live now), `scheduled` (active, publish time ahead), `draft`. */
export const FEED_STATUS_FILTERS = ['published', 'scheduled', 'draft'] as const;
export type FeedStatusFilter = (typeof FEED_STATUS_FILTERS)[number];

/** The five upload routes of spec 7 and what each accepts. */
export const FEED_UPLOAD_KINDS = {
  photo: { purpose: 'feed-photo', kinds: ['image'] },
  thumbnail: { purpose: 'feed-thumbnail', kinds: ['image'] },
  video: { purpose: 'feed-video', kinds: ['video'] },
  teaser: { purpose: 'feed-teaser', kinds: ['video'] },
  audio: { purpose: 'feed-audio', kinds: ['audio'] },
} as const;
export type FeedUploadKind = keyof typeof FEED_UPLOAD_KINDS;
/** Purposes of the files that make up a post's body (thumbnail and teaser are separate). */
export const FEED_BODY_PURPOSES = ['feed-photo', 'feed-video', 'feed-audio'] as const;

/** Visible characters of a post's text after sanitising (markup not counted). */
export const FEED_TEXT_MAX = 5000;
/** Raw input cap, markup included. */
export const FEED_TEXT_MAX_INPUT = 20_000;
export const FEED_MAX_FILES = 20;
/** Pinned posts per creator. */
export const FEED_MAX_PINNED = 3;
export const POLL_QUESTION_MAX = 200;
export const POLL_OPTION_MAX = 100;
export const POLL_MIN_OPTIONS = 2;
export const POLL_MAX_OPTIONS = 10;
/** Page size of the timeline and the profile feed. */
export const FEED_PAGE_SIZE = 10;


export const PollOption = Type.Object({
  _id: Type.String(),
  text: Type.String(),
  /** Votes for this option; null when the viewer may not see results yet (has not voted). */
  votes: Nullable(Type.Integer({ minimum: 0 })),
});
export type PollOption = Static<typeof PollOption>;

/**
 * A poll as a viewer gets it. Results (`votes`, `totalVotes`) go to those who voted, the creator
 * and admins; everyone else sees the options only, so results do not sway a vote.
 */
export const FeedPoll = Type.Object({
  _id: Type.String(),
  question: Type.String(),
  options: Type.Array(PollOption),
  /** The option the viewer voted for; null when they have not voted. */
  voted: Nullable(Type.String()),
  expiresAt: Nullable(DateTime),
  /** Past `expiresAt`: no more votes. */
  isClosed: Type.Boolean(),
  totalVotes: Nullable(Type.Integer({ minimum: 0 })),
  /** The viewer sees the counts. */
  canSeeResults: Type.Boolean(),
  /** The viewer may vote now: signed in, can open the post, has not voted, poll open, not the creator. */
  canVote: Type.Boolean(),
});
export type FeedPoll = Static<typeof FeedPoll>;

export const Feed = Type.Object({
  _id: Type.String(),
  performerId: Type.String(),
  type: Type.Enum([...FEED_TYPES]),
  /** Sanitised rich text. */
  text: Type.String(),
  /** Photos, videos and audio in order; locked viewers get blurred previews and no URLs. */
  files: Type.Array(MediaFileView),
  /** The creator's cover picture for the post: public marketing, always presented unlocked. */
  thumbnail: Nullable(MediaFileView),
  /** A short public preview clip: always presented unlocked. */
  teaser: Nullable(MediaFileView),
  poll: Nullable(FeedPoll),
  isPinned: Type.Boolean(),
  performer: ContentAuthor,
  ...ContentAccessFields,
  ...ContentPublishFields,
  ...ContentModerationFields,
  ...ContentEngagementFields,
  createdAt: DateTime,
  updatedAt: DateTime,
});
export type Feed = Static<typeof Feed>;

const FeedText = Type.String({ maxLength: FEED_TEXT_MAX_INPUT, description: `Rich text, at most ${FEED_TEXT_MAX} visible characters after sanitising` });

const FeedFields = {
  text: Type.Optional(FeedText),
  /** Photos, videos and audio uploaded through /performer/feeds/{photo|video|audio}/upload, in order. */
  fileIds: Type.Optional(Type.Array(Uuid(), { maxItems: FEED_MAX_FILES, uniqueItems: true })),
  thumbnailId: Type.Optional(Nullable(Uuid())),
  teaserId: Type.Optional(Nullable(Uuid())),
  /** A poll made with POST /performer/feeds/polls and not used by another post. */
  pollId: Type.Optional(Nullable(Uuid())),
  isPinned: Type.Optional(Type.Boolean()),
};

/** A new post: text, at least one file, or a poll. */
export const CreateFeedBody = Type.Object({ ...FeedFields, ...AccessInput }, { additionalProperties: false });
export type CreateFeedBody = Static<typeof CreateFeedBody>;

/** An edit: only the fields given change; `fileIds` replaces the whole list. */
export const UpdateFeedBody = Type.Object(
  { ...FeedFields, ...AccessInput, access: Type.Optional(AccessInput.access) },
  { additionalProperties: false },
);
export type UpdateFeedBody = Static<typeof UpdateFeedBody>;

export const CreatePollBody = Type.Object(
  {
    question: Type.Optional(Type.String({ maxLength: POLL_QUESTION_MAX })),
    options: Type.Array(Type.String({ minLength: 1, maxLength: POLL_OPTION_MAX }), { minItems: POLL_MIN_OPTIONS, maxItems: POLL_MAX_OPTIONS }),
    /** Votes close at this time; it must be in the future. Omitted: open while the post exists. */
    expiresAt: Type.Optional(Nullable(DateTime)),
  },
  { additionalProperties: false },
);
export type CreatePollBody = Static<typeof CreatePollBody>;

export const VoteBody = Type.Object({ optionId: Uuid() }, { additionalProperties: false });
export type VoteBody = Static<typeof VoteBody>;

const PageFields = Paging(FEED_PAGE_SIZE);

export const MyFeedsQuery = Type.Object(
  {
    ...PageFields,
    q: Type.Optional(Type.String({ maxLength: 100, description: 'Words of the post text' })),
    type: Type.Optional(Type.Enum([...FEED_TYPES])),
    status: Type.Optional(Type.Enum([...FEED_STATUS_FILTERS])),
    sortBy: Type.Optional(Type.Enum(['updatedAt', 'createdAt', 'publishAt'], { default: 'updatedAt' })),
    sort: Type.Optional(Type.Enum(['asc', 'desc'], { default: 'desc' })),
  },
  { additionalProperties: false },
);
export type MyFeedsQuery = Static<typeof MyFeedsQuery>;

export const CreatorFeedQuery = Type.Object(
  { ...PageFields, type: Type.Optional(Type.Enum([...FEED_TYPES])) },
  { additionalProperties: false },
);
export type CreatorFeedQuery = Static<typeof CreatorFeedQuery>;

export const TimelineQuery = Type.Object(
  {
    /** `nextCursor` of the previous page; omitted for the newest posts. */
    cursor: Type.Optional(Type.String({ maxLength: 200 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: FEED_PAGE_SIZE })),
  },
  { additionalProperties: false },
);
export type TimelineQuery = Static<typeof TimelineQuery>;

/** A keyset page: no total (counting the whole timeline would cost what the keyset saves). */
export const TimelinePage = Type.Object({
  data: Type.Array(Feed),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: Nullable(Type.String()),
  hasMore: Type.Boolean(),
});
export type TimelinePage = Static<typeof TimelinePage>;

export const BookmarkQuery = Type.Object(PageFields, { additionalProperties: false });

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const performerOnly = ['performer'] as const;
const FileStatusParams = Type.Object({ id: Uuid(), fileId: Uuid() });
const UsernameParams = Type.Object({ username: Type.String({ minLength: 1, maxLength: 100 }) });

const uploadRoute = <K extends FeedUploadKind>(kind: K) =>
  defineRoute({
    method: 'POST', url: `/performer/feeds/${kind}/upload`, auth: 'required', roles: performerOnly, multipart: true,
    summary: `Upload one ${kind} for a post (multipart field "file"); video and audio are processed afterwards`, tags: ['feeds'],
    schema: { response: { 200: Envelope(MediaFileView), ...errors, 413: ErrorBody } },
  });

export const feedRoutes = {
  uploadPhoto: uploadRoute('photo'),
  uploadThumbnail: uploadRoute('thumbnail'),
  uploadVideo: uploadRoute('video'),
  uploadTeaser: uploadRoute('teaser'),
  uploadAudio: uploadRoute('audio'),
  uploadStatus: defineRoute({
    method: 'GET', url: '/performer/feeds/files/:fileId/status', auth: 'required', roles: performerOnly,
    summary: 'Processing status of one of my post uploads, attached or not (the composer polls it)', tags: ['feeds'],
    schema: { params: Type.Object({ fileId: Uuid() }), response: { 200: Envelope(MediaFileStatus), ...errors } },
  }),
  createPoll: defineRoute({
    method: 'POST', url: '/performer/feeds/polls', auth: 'required', roles: performerOnly,
    summary: 'Create a poll (2 to 10 options) to attach to a post', tags: ['feeds'],
    schema: { body: CreatePollBody, response: { 200: Envelope(FeedPoll), ...errors } },
  }),
  create: defineRoute({
    method: 'POST', url: '/performer/feeds', auth: 'required', roles: performerOnly,
    summary: 'Create a post (422 when the price is out of bounds or a fourth post is pinned)', tags: ['feeds'],
    schema: { body: CreateFeedBody, response: { 200: Envelope(Feed), ...errors, 422: ErrorBody } },
  }),
  mine: defineRoute({
    method: 'GET', url: '/performer/feeds', auth: 'required', roles: performerOnly,
    summary: 'My posts, drafts and scheduled ones included', tags: ['feeds'],
    schema: { querystring: MyFeedsQuery, response: { 200: ListEnvelope(Feed), ...errors } },
  }),
  mineOne: defineRoute({
    method: 'GET', url: '/performer/feeds/:id', auth: 'required', roles: performerOnly,
    summary: 'One of my posts', tags: ['feeds'],
    schema: { params: IdParams, response: { 200: Envelope(Feed), ...errors } },
  }),
  update: defineRoute({
    method: 'PUT', url: '/performer/feeds/:id', auth: 'required', roles: performerOnly,
    summary: 'Edit my post; files left out of fileIds are deleted', tags: ['feeds'],
    schema: { params: IdParams, body: UpdateFeedBody, response: { 200: Envelope(Feed), ...errors, 422: ErrorBody } },
  }),
  remove: defineRoute({
    method: 'DELETE', url: '/performer/feeds/:id', auth: 'required', roles: performerOnly,
    summary: 'Delete my post with its files, poll, comments and reactions', tags: ['feeds'],
    schema: { params: IdParams, response: { 200: Ok, ...errors } },
  }),
  timeline: defineRoute({
    method: 'GET', url: '/user/feeds', auth: 'required',
    summary: 'My timeline: posts of creators I follow or subscribe to, newest first (keyset cursor)', tags: ['feeds'],
    schema: { querystring: TimelineQuery, response: { 200: Envelope(TimelinePage), ...errors } },
  }),
  byCreator: defineRoute({
    method: 'GET', url: '/user/feeds/search/:username', auth: 'optional',
    summary: 'One creator\'s posts (username or id): pinned first, then newest', tags: ['feeds'],
    schema: { params: UsernameParams, querystring: CreatorFeedQuery, response: { 200: ListEnvelope(Feed), ...errors } },
  }),
  view: defineRoute({
    method: 'GET', url: '/user/feeds/:id', auth: 'optional',
    summary: 'One post (locked posts: metadata, teaser and blurred previews)', tags: ['feeds'],
    schema: { params: IdParams, response: { 200: Envelope(Feed), ...errors } },
  }),
  vote: defineRoute({
    method: 'POST', url: '/user/feeds/vote/:id', auth: 'required',
    summary: 'Vote in a poll (id = the poll\'s id): once per person (409), not after it closed (422)', tags: ['feeds'],
    schema: { params: IdParams, body: VoteBody, response: { 200: Envelope(FeedPoll), ...errors, 409: ErrorBody, 422: ErrorBody } },
  }),
  fileStatus: defineRoute({
    method: 'GET', url: '/user/feeds/:id/file/:fileId/status', auth: 'optional',
    summary: 'Processing status of one file of a post I can open', tags: ['feeds'],
    schema: { params: FileStatusParams, response: { 200: Envelope(MediaFileStatus), ...errors } },
  }),
  bookmarks: defineRoute({
    method: 'GET', url: '/reactions/feeds/bookmark', auth: 'required',
    summary: 'Posts I bookmarked, newest bookmark first', tags: ['feeds'],
    schema: { querystring: BookmarkQuery, response: { 200: ListEnvelope(Feed), ...errors } },
  }),
};
