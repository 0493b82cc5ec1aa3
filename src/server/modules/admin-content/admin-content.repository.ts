import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { comments, feeds, galleries, products, users, videos } from '../../db/schema';
import type { AdminContentType } from '../../../common/contract/admin-content';
import type { AccessLevel, ContentType } from '../../../common/contract/content';
import { recountCreatorStats } from '../content/creator-stats.repository';
import { escapeLike } from '../../shared/like';
import { readAll } from '../../db/reads';

export type UserRow = typeof users.$inferSelect;

/** One row of the operators' content search, whatever its kind. */
export interface AdminContentRow {
  id: string;
  type: AdminContentType;
  /** Who wrote it: the creator of an item, the author of a comment. */
  creatorId: string;
  /** The title or name, or the text (rich text for posts and comments). */
  text: string;
  status: 'active' | 'draft' | null;
  publishAt: Date | null;
  access: AccessLevel | null;
  priceCents: number;
  hiddenAt: Date | null;
  hiddenReason: string | null;
  likes: number;
  comments: number;
  other: number;
  /** Comments: the item they are on. */
  objectType: ContentType | null;
  objectId: string | null;
  createdAt: Date;
  updatedAt: Date;
  creator: UserRow | null;
}

interface Source {
  table: typeof feeds | typeof videos | typeof galleries | typeof products | typeof comments;
  id: AnyPgColumn;
  creatorId: AnyPgColumn;
  /** Whose item it is (for a comment, the creator of the item it is on). */
  ownerId: SQL | AnyPgColumn;
  text: AnyPgColumn;
  /** What `q` is matched against. */
  searchable: SQL[];
  status: SQL;
  publishAt: SQL;
  access: SQL;
  priceCents: SQL;
  hiddenAt: AnyPgColumn;
  hiddenReason: AnyPgColumn;
  likes: SQL;
  comments: SQL;
  other: SQL;
  objectType: SQL;
  objectId: SQL;
  createdAt: AnyPgColumn;
  updatedAt: AnyPgColumn;
}

/** Text with its markup left out, for matching words of a post or comment. */
const plainText = (column: AnyPgColumn) => sql`regexp_replace(${column}, '<[^>]*>', ' ', 'g')`;
const none = sql`null`;
const zero = sql`0`;

/** The creator of the item a comment is on (comments name their item by type and id). */
const commentItemOwner = sql`case ${comments.objectType}
  when 'feed' then (select ${feeds.performerId} from ${feeds} where ${feeds.id} = ${comments.objectId})
  when 'video' then (select ${videos.performerId} from ${videos} where ${videos.id} = ${comments.objectId})
  when 'gallery' then (select ${galleries.performerId} from ${galleries} where ${galleries.id} = ${comments.objectId})
  when 'product' then (select ${products.performerId} from ${products} where ${products.id} = ${comments.objectId})
end`;

const SOURCES: Record<AdminContentType, Source> = {
  feed: {
    table: feeds, id: feeds.id, creatorId: feeds.performerId, ownerId: feeds.performerId, text: feeds.text, searchable: [plainText(feeds.text)],
    status: sql`${feeds.status}`, publishAt: sql`${feeds.publishAt}`, access: sql`${feeds.access}`, priceCents: sql`${feeds.priceCents}`,
    hiddenAt: feeds.hiddenAt, hiddenReason: feeds.hiddenReason, likes: sql`${feeds.totalLikes}`, comments: sql`${feeds.totalComments}`, other: zero,
    objectType: none, objectId: none, createdAt: feeds.createdAt, updatedAt: feeds.updatedAt,
  },
  video: {
    table: videos, id: videos.id, creatorId: videos.performerId, ownerId: videos.performerId, text: videos.title,
    searchable: [sql`${videos.title}`, sql`${videos.description}`],
    status: sql`${videos.status}`, publishAt: sql`${videos.publishAt}`, access: sql`${videos.access}`, priceCents: sql`${videos.priceCents}`,
    hiddenAt: videos.hiddenAt, hiddenReason: videos.hiddenReason, likes: sql`${videos.totalLikes}`, comments: sql`${videos.totalComments}`,
    other: sql`${videos.totalViews}`, objectType: none, objectId: none, createdAt: videos.createdAt, updatedAt: videos.updatedAt,
  },
  gallery: {
    table: galleries, id: galleries.id, creatorId: galleries.performerId, ownerId: galleries.performerId, text: galleries.title,
    searchable: [sql`${galleries.title}`, sql`${galleries.description}`],
    status: sql`${galleries.status}`, publishAt: sql`${galleries.publishAt}`, access: sql`${galleries.access}`, priceCents: sql`${galleries.priceCents}`,
    hiddenAt: galleries.hiddenAt, hiddenReason: galleries.hiddenReason, likes: sql`${galleries.totalLikes}`, comments: sql`${galleries.totalComments}`,
    other: sql`${galleries.totalViews}`, objectType: none, objectId: none, createdAt: galleries.createdAt, updatedAt: galleries.updatedAt,
  },
  product: {
    table: products, id: products.id, creatorId: products.performerId, ownerId: products.performerId, text: products.name,
    searchable: [sql`${products.name}`, sql`${products.description}`],
    // Products are always for sale and count as published from their creation (content-tables.repository.ts).
    status: sql`${products.status}`, publishAt: sql`${products.createdAt}`, access: sql`'sale'`, priceCents: sql`${products.priceCents}`,
    hiddenAt: products.hiddenAt, hiddenReason: products.hiddenReason, likes: sql`${products.totalLikes}`, comments: sql`${products.totalComments}`,
    other: sql`${products.totalSold}`, objectType: none, objectId: none, createdAt: products.createdAt, updatedAt: products.updatedAt,
  },
  comment: {
    table: comments, id: comments.id, creatorId: comments.userId, ownerId: commentItemOwner, text: comments.text, searchable: [plainText(comments.text)],
    status: none, publishAt: none, access: none, priceCents: zero,
    hiddenAt: comments.hiddenAt, hiddenReason: comments.hiddenReason, likes: zero, comments: zero, other: sql`${comments.totalReplies}`,
    objectType: sql`${comments.objectType}`, objectId: sql`${comments.objectId}`, createdAt: comments.createdAt, updatedAt: comments.updatedAt,
  },
};

export interface AdminContentFilter {
  q?: string;
  performerId?: string;
  hidden?: boolean;
}
export const ADMIN_CONTENT_SORT_COLUMNS = ['createdAt', 'updatedAt'] as const;
export type AdminContentSort = (typeof ADMIN_CONTENT_SORT_COLUMNS)[number];

function select(db: Executor, type: AdminContentType) {
  const s = SOURCES[type];
  return db
    .select({
      id: s.id, creatorId: s.creatorId, text: s.text, status: s.status, publishAt: sql`${s.publishAt}`.mapWith(s.createdAt),
      access: s.access, priceCents: s.priceCents.mapWith(Number), hiddenAt: s.hiddenAt, hiddenReason: s.hiddenReason,
      likes: s.likes.mapWith(Number), comments: s.comments.mapWith(Number), other: s.other.mapWith(Number),
      objectType: s.objectType, objectId: s.objectId, createdAt: s.createdAt, updatedAt: s.updatedAt, creator: users,
    })
    .from(s.table as typeof feeds)
    .leftJoin(users, eq(users.id, s.creatorId));
}

const toRows = (type: AdminContentType, rows: unknown[]) => rows.map((r) => ({ ...(r as Omit<AdminContentRow, 'type'>), type }));

function whereOf(type: AdminContentType, filter: AdminContentFilter): SQL | undefined {
  const s = SOURCES[type];
  const q = filter.q?.trim();
  return and(
    q ? or(...s.searchable.map((column) => ilike(column as never, `%${escapeLike(q)}%`))) : undefined,
    filter.performerId ? sql`${s.ownerId} = ${filter.performerId}` : undefined,
    filter.hidden === undefined ? undefined : filter.hidden ? isNotNull(s.hiddenAt) : isNull(s.hiddenAt),
  );
}

/** Content and comments across creators for the operators, and the moderation writes on content rows. */
export const adminContentRepository = {
  async search(db: Executor, type: AdminContentType, filter: AdminContentFilter, sort: { by: AdminContentSort; dir: 'asc' | 'desc' }, page: { offset: number; limit: number }) {
    const s = SOURCES[type];
    const where = whereOf(type, filter);
    const order = sort.dir === 'asc' ? asc : desc;
    const [rows, [{ total }]] = await readAll(db,
      () => select(db, type).where(where).orderBy(order(s[sort.by]), order(s.id)).offset(page.offset).limit(page.limit),
      () => db.select({ total: count() }).from(s.table as typeof feeds).where(where),
    );
    return { rows: toRows(type, rows), total: Number(total) };
  },

  /** Rows of one kind by id (any state), in no particular order. */
  async byIds(db: Executor, type: AdminContentType, ids: readonly string[]): Promise<AdminContentRow[]> {
    if (!ids.length) return [];
    return toRows(type, await select(db, type).where(inArray(SOURCES[type].id, [...new Set(ids)])));
  },

  /** An item's moderation state, row-locked until the transaction ends (two operators take turns). */
  async lockItem(db: Executor, type: ContentType, id: string) {
    const s = SOURCES[type];
    const [row] = await db
      .select({ id: s.id, performerId: s.creatorId, hiddenAt: s.hiddenAt, hiddenReason: s.hiddenReason })
      .from(s.table as typeof feeds)
      .where(eq(s.id, id))
      .for('update');
    return (row as { id: string; performerId: string; hiddenAt: Date | null; hiddenReason: string | null } | undefined) ?? null;
  },

  /**
   * Sets or clears an item's hidden state, and recounts the creator's public counters in the
   * same transaction (hidden items are not counted).
   */
  async setItemHidden(db: Executor, type: ContentType, item: { id: string; performerId: string }, hidden: { at: Date; reason: string } | null) {
    const table = SOURCES[type].table as typeof feeds;
    await db.update(table).set({ hiddenAt: hidden?.at ?? null, hiddenReason: hidden?.reason ?? null, updatedAt: sql`now()` }).where(eq(table.id, item.id));
    await recountCreatorStats(db, type, item.performerId);
  },

  async findUser(db: Executor, id: string): Promise<UserRow | null> {
    const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
    return row ?? null;
  },
};
