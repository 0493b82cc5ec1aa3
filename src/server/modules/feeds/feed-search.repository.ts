import { and, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { feeds, performers } from '../../db/schema';
import { notBlockedByViewer } from '../blocking/blocking.repository';
import type { Viewer } from '../blocking/viewer';
import { visibleContent } from '../content/content-access.repository';
import { feedColumns, type FeedRow, type Page } from './feeds.repository';

export interface FeedSearchCriteria {
  /** A to_tsquery('simple') text built by the service from letters and digits only (bound, never spliced). */
  tsquery: string | null;
  /** Normalised hashtags every post must carry. */
  tags: string[];
  /** Only posts of creators with approved documents (while the site requires verification). */
  verifiedOnly: boolean;
}

const tsqueryOf = (text: string) => sql`to_tsquery('simple', ${text})`;

/**
 * What the search may show anyone: published (active, publish time come), not hidden by an
 * operator, for everyone including the creator and operators (the search shows what the public
 * sees); plus the viewer's own visibility rule (inactive creators, blocks of the viewer's account
 * or country), the creators the viewer blocked, and unverified creators while verification is required.
 */
function searchable(viewer: Viewer, verifiedOnly: boolean): SQL {
  return and(
    eq(feeds.status, 'active'),
    sql`${feeds.publishAt} <= now()`,
    isNull(feeds.hiddenAt),
    visibleContent('feed', viewer),
    notBlockedByViewer(feeds.performerId, viewer),
    verifiedOnly
      ? sql`exists (select 1 from ${performers} where ${performers.userId} = ${feeds.performerId} and ${performers.verificationStatus} = 'approved')`
      : undefined,
  )!;
}

export const feedSearchRepository = {
  /**
   * Posts matching the words (GIN on search_vector) and carrying every tag (GIN on hashtags):
   * best ts_rank first when there are words, then newest, then id, so pages never overlap.
   */
  async posts(db: Executor, c: FeedSearchCriteria, viewer: Viewer, page: Page): Promise<{ rows: FeedRow[]; total: number }> {
    const where = and(
      searchable(viewer, c.verifiedOnly),
      c.tsquery ? sql`${feeds.searchVector} @@ ${tsqueryOf(c.tsquery)}` : undefined,
      c.tags.length ? sql`${feeds.hashtags} @> array[${sql.join(c.tags.map((t) => sql`${t}`), sql`, `)}]::text[]` : undefined,
    );
    const order: SQL[] = [
      ...(c.tsquery ? [sql`ts_rank(${feeds.searchVector}, ${tsqueryOf(c.tsquery)}) desc`] : []),
      desc(feeds.publishAt),
      desc(feeds.id),
    ];
    const [rows, [{ total }]] = await Promise.all([
      db.select(feedColumns).from(feeds).where(where).orderBy(...order).offset(page.offset).limit(page.limit),
      db.select({ total: count() }).from(feeds).where(where),
    ]);
    return { rows, total: Number(total) };
  },

  /**
   * Hashtags starting with `prefix` among the posts the viewer may see, with how many of those
   * posts carry each: the exact tag first, then the most used, then alphabetical. It reads the
   * posts that carry any hashtag (no index serves a prefix of an array element); README "Search".
   */
  async hashtags(db: Executor, prefix: string, viewer: Viewer, verifiedOnly: boolean, page: Page) {
    const matching = db
      .select({ tag: sql<string>`tag`.as('tag') })
      .from(sql`${feeds} cross join lateral unnest(${feeds.hashtags}) as tag`)
      .where(and(searchable(viewer, verifiedOnly), sql`${feeds.hashtags} <> '{}'::text[]`, sql`starts_with(tag, ${prefix})`))
      .as('matching');
    const posts = sql<number>`count(*)::int`;
    const [rows, [{ total }]] = await Promise.all([
      db.select({ tag: matching.tag, posts }).from(matching).groupBy(matching.tag)
        .orderBy(sql`${matching.tag} = ${prefix} desc`, sql`count(*) desc`, matching.tag)
        .offset(page.offset).limit(page.limit),
      db.select({ total: sql<number>`count(distinct ${matching.tag})::int` }).from(matching),
    ]);
    return { rows: rows.map((r) => ({ tag: r.tag, posts: Number(r.posts) })), total: Number(total) };
  },
};
