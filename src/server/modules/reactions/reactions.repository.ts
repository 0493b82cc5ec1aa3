import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { performers, reactions, users } from '../../db/schema';
import type { Viewer } from '../blocking/viewer';
import { listablePerformers, performersRepository } from '../performers/performers.repository';
import { readAll } from '../../db/reads';

export interface ReactionKey {
  userId: string;
  objectType: string;
  objectId: string;
  action: 'like' | 'bookmark';
}

const matches = (key: ReactionKey) =>
  and(
    eq(reactions.userId, key.userId),
    eq(reactions.objectType, key.objectType),
    eq(reactions.objectId, key.objectId),
    eq(reactions.action, key.action),
  );

export const reactionsRepository = {
  /** True when a row was inserted; a repeat or a lost race on the unique key inserts nothing. */
  async add(db: Executor, key: ReactionKey): Promise<boolean> {
    const rows = await db.insert(reactions).values(key).onConflictDoNothing().returning({ id: reactions.id });
    return rows.length > 0;
  },

  /** True when a row was deleted. */
  async remove(db: Executor, key: ReactionKey): Promise<boolean> {
    const rows = await db.delete(reactions).where(matches(key)).returning({ id: reactions.id });
    return rows.length > 0;
  },

  /** How many accounts have this action on the object. */
  async total(db: Executor, objectType: string, objectId: string, action: ReactionKey['action']): Promise<number> {
    const [{ total }] = await db.select({ total: count() }).from(reactions)
      .where(and(eq(reactions.objectType, objectType), eq(reactions.objectId, objectId), eq(reactions.action, action)));
    return total;
  },

  /** Bookmarked creators the viewer may still see, newest bookmark first. */
  async listBookmarkedPerformers(db: Executor, viewer: Viewer & { userId: string }, page: { offset: number; limit: number }) {
    const bookmarked = and(
      eq(reactions.objectId, users.id),
      eq(reactions.objectType, 'performer'),
      eq(reactions.action, 'bookmark'),
      eq(reactions.userId, viewer.userId),
    );
    const where = listablePerformers(viewer);
    const [rows, [{ total }]] = await readAll(db,
      () => performersRepository.selectWithViewer(db, viewer).innerJoin(reactions, bookmarked)
        .where(where).orderBy(desc(reactions.createdAt), desc(reactions.id)).offset(page.offset).limit(page.limit),
      () => db.select({ total: count() }).from(users)
        .innerJoin(performers, eq(performers.userId, users.id)).innerJoin(reactions, bookmarked).where(where),
    );
    return { rows, total };
  },

  /** One user's reaction rows of a kind on these objects (selectWithViewer cannot carry them). */
  async findMany(db: Executor, userId: string, objectType: string, action: ReactionKey['action'], objectIds: string[]) {
    if (!objectIds.length) return [];
    return db.select().from(reactions).where(and(
      eq(reactions.userId, userId),
      eq(reactions.objectType, objectType),
      eq(reactions.action, action),
      inArray(reactions.objectId, objectIds),
    ));
  },
};
