import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { follows, performers, reactions, users } from '../../db/schema';
import { visibleToViewer } from '../blocking/blocking.repository';
import type { Viewer } from '../blocking/viewer';

export type NewPerformer = typeof performers.$inferInsert;
export type PerformerRow = typeof performers.$inferSelect;
export type UserRow = typeof users.$inferSelect;

/** What one performer row of a list or profile query carries: the account, the profile, the viewer's flags. */
export interface PerformerWithViewer {
  user: UserRow;
  performer: PerformerRow;
  isFollowed: boolean;
  isBookmarked: boolean;
}

/** The viewer's follow and bookmark flags as correlated subqueries (false for anonymous viewers). */
function viewerFlags(viewer: Viewer) {
  if (!viewer.userId) return { isFollowed: sql<boolean>`false`, isBookmarked: sql<boolean>`false` };
  return {
    isFollowed: sql<boolean>`exists (select 1 from ${follows} where ${follows.performerId} = ${users.id} and ${follows.followerId} = ${viewer.userId})`,
    isBookmarked: sql<boolean>`exists (select 1 from ${reactions} where ${reactions.objectType} = 'performer' and ${reactions.objectId} = ${users.id} and ${reactions.userId} = ${viewer.userId} and ${reactions.action} = 'bookmark')`,
  };
}

/** Active performer accounts the viewer may see (not blocked by account or country). */
export function listablePerformers(viewer: Viewer): SQL {
  return and(eq(users.role, 'performer'), eq(users.status, 'active'), visibleToViewer(users.id, viewer))!;
}

export const performersRepository = {
  async insert(db: Executor, values: NewPerformer) {
    await db.insert(performers).values(values);
  },

  /**
   * A select of performers joined to their accounts with the viewer's flags. Callers add where,
   * order, offset and limit; `listablePerformers(viewer)` is the visibility rule for lists.
   */
  selectWithViewer(db: Executor, viewer: Viewer) {
    return db
      .select({ user: users, performer: performers, ...viewerFlags(viewer) })
      .from(users)
      .innerJoin(performers, eq(performers.userId, users.id));
  },

  /**
   * An active performer by username, or by id when `id` is given (only a UUID may be compared with
   * the uuid column; PostgreSQL rejects anything else instead of finding nothing). Blocking is not
   * applied here: the service tells "not available" apart from "not found".
   */
  async findPublic(db: Executor, by: { username: string; id?: string }, viewer: Viewer): Promise<PerformerWithViewer | null> {
    const match = by.id ? or(eq(users.username, by.username), eq(users.id, by.id)) : eq(users.username, by.username);
    const [row] = await performersRepository
      .selectWithViewer(db, viewer)
      .where(and(match, eq(users.role, 'performer'), eq(users.status, 'active')))
      .limit(1);
    return row ?? null;
  },

  async findById(db: Executor, userId: string): Promise<PerformerRow | null> {
    const [row] = await db.select().from(performers).where(eq(performers.userId, userId)).limit(1);
    return row ?? null;
  },

  async update(db: Executor, userId: string, patch: Partial<NewPerformer>): Promise<void> {
    await db.update(performers).set({ ...patch, updatedAt: new Date() }).where(eq(performers.userId, userId));
  },
};
