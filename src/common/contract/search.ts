import { Type, type Static } from 'typebox';
import { defineRoute, Envelope, ErrorBody, Nullable, Paging, TrimmedString } from './common';
import { Feed } from './feeds';
import { PerformerCard } from './performers';

/** Site-wide search (issue 14 section 4): creators, posts by their text, hashtags. README "Search". */
export const SEARCH_TYPES = ['all', 'creators', 'posts', 'hashtags'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];
export const SEARCH_Q_MAX = 100;
/** Fewer letters and digits than this find too much to be useful (400). */
export const SEARCH_MIN_CHARS = 2;
export const SEARCH_PAGE_SIZE = 10;
/** How many of each kind the "All" tab shows. */
export const SEARCH_ALL_PREVIEW = 4;

export const SearchQuery = Type.Object(
  {
    /** Words (prefix match each); `#tag` words ask for posts carrying that hashtag. */
    q: TrimmedString({ minLength: 1, maxLength: SEARCH_Q_MAX }),
    /** `all` answers every kind (each paged by offset/limit); one kind answers only that list. */
    type: Type.Optional(Type.Enum([...SEARCH_TYPES], { default: 'all' })),
    ...Paging(SEARCH_PAGE_SIZE),
  },
  { additionalProperties: false },
);
export type SearchQuery = Static<typeof SearchQuery>;

/** A hashtag and how many posts the viewer may see carry it. */
export const HashtagResult = Type.Object({
  /** Normalised: lower-case, without `#`. */
  tag: Type.String(),
  posts: Type.Integer({ minimum: 0 }),
});
export type HashtagResult = Static<typeof HashtagResult>;

const Section = <T extends Parameters<typeof Type.Array>[0]>(item: T) =>
  Nullable(Type.Object({ data: Type.Array(item), total: Type.Integer({ minimum: 0 }) }));

/** Each list is null when the request's `type` did not ask for it. */
export const SearchResults = Type.Object({
  q: Type.String(),
  type: Type.Enum([...SEARCH_TYPES]),
  creators: Section(PerformerCard),
  /** Locked posts come as feeds present them: text and teaser, never their files. */
  posts: Section(Feed),
  hashtags: Section(HashtagResult),
});
export type SearchResults = Static<typeof SearchResults>;

export const searchRoutes = {
  search: defineRoute({
    method: 'GET', url: '/search', auth: 'optional',
    summary: 'Search creators, posts and hashtags (ranked; blocked, hidden and scheduled content left out)', tags: ['search'],
    schema: { querystring: SearchQuery, response: { 200: Envelope(SearchResults), 400: ErrorBody } },
  }),
};
