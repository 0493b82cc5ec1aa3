import { and, asc, count, eq, ilike, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { posts } from '../../db/schema';
import type { PostStatus } from '../../../common/contract/posts';

export type PostRow = typeof posts.$inferSelect;
export type NewPost = typeof posts.$inferInsert;
export type PostPatch = Partial<Pick<NewPost, 'slug' | 'title' | 'content' | 'status' | 'ordering'>>;

interface Page {
  offset: number;
  limit: number;
}

/** `q` as a literal substring for ILIKE: % and _ typed by a person are not wildcards. */
const titleContains = (q: string | undefined): SQL | undefined => {
  const text = q?.trim();
  return text ? ilike(posts.title, `%${text.replace(/[\\%_]/g, '\\$&')}%`) : undefined;
};

/** True for the slug index's violation (two pages with one address), however the driver wraps it. */
export function isSlugTaken(err: unknown): boolean {
  for (let e = err as { code?: string; constraint?: string; message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return e.constraint === 'posts_slug_key' || Boolean(e.message?.includes('posts_slug_key'));
  }
  return false;
}

export const postsRepository = {
  /** Pages in footer order (ordering, then title), optionally only one status. */
  async list(db: Executor, filter: { status?: PostStatus; q?: string }, page: Page) {
    const where = and(filter.status ? eq(posts.status, filter.status) : undefined, titleContains(filter.q));
    const [rows, [{ total }]] = await Promise.all([
      db.select().from(posts).where(where).orderBy(asc(posts.ordering), asc(posts.title), asc(posts.id)).offset(page.offset).limit(page.limit),
      db.select({ total: count() }).from(posts).where(where),
    ]);
    return { rows, total: Number(total) };
  },

  async findBy(db: Executor, by: { id: string } | { slug: string }): Promise<PostRow | null> {
    const where = 'id' in by ? eq(posts.id, by.id) : eq(posts.slug, by.slug);
    const [row] = await db.select().from(posts).where(where).limit(1);
    return row ?? null;
  },

  /** The row as it is now, locked until the transaction ends (an edit records what it replaced). */
  async lock(tx: Executor, id: string): Promise<PostRow | null> {
    const [row] = await tx.select().from(posts).where(eq(posts.id, id)).limit(1).for('update');
    return row ?? null;
  },

  /** Null when the slug is taken (checked by the unique index, so concurrent creates cannot both win). */
  async insert(db: Executor, values: NewPost): Promise<PostRow | null> {
    const [row] = await db.insert(posts).values(values).onConflictDoNothing({ target: posts.slug }).returning();
    return row ?? null;
  },

  async update(db: Executor, id: string, patch: PostPatch): Promise<PostRow | null> {
    const [row] = await db.update(posts).set({ ...patch, updatedAt: new Date() }).where(eq(posts.id, id)).returning();
    return row ?? null;
  },

  async remove(db: Executor, id: string): Promise<PostRow | null> {
    const [row] = await db.delete(posts).where(eq(posts.id, id)).returning();
    return row ?? null;
  },
};

