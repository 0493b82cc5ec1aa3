import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { publicUserColumns, reactions, users } from '../../db/schema';
import type { ContentType } from '../../../common/contract/content';
import type { Viewer } from '../blocking/viewer';
import type { PublicUserColumns } from '../users/user-public.dto';

/** The viewer's likes and bookmarks among a page of items: one query. */
export async function viewerReactions(db: Executor, viewer: Viewer, type: ContentType, ids: readonly string[]) {
  const liked = new Set<string>();
  const bookmarked = new Set<string>();
  if (viewer.userId && ids.length) {
    const rows = await db.select({ objectId: reactions.objectId, action: reactions.action }).from(reactions).where(and(
      eq(reactions.userId, viewer.userId),
      eq(reactions.objectType, type),
      inArray(reactions.objectId, [...new Set(ids)]),
    ));
    for (const r of rows) (r.action === 'like' ? liked : bookmarked).add(r.objectId);
  }
  return { liked, bookmarked };
}

const authorColumns = publicUserColumns(users);

/** The public columns of a page's creators' accounts, by id: one query. */
export async function authorsById(db: Executor, ids: readonly string[]): Promise<Map<string, PublicUserColumns>> {
  if (!ids.length) return new Map();
  const rows = await db.select(authorColumns).from(users).where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((u) => [u.id, u]));
}
