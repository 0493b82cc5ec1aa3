import type { ContentType } from '../../../common/contract/content';
import type { Executor } from '../../db/client';
import type { Viewer } from '../blocking/viewer';
import { toUserPublic } from '../users/user-public.dto';
import type { ImageUrlContext } from '../users/user.dto';
import { resolveAccess, accessFields, moderationFields, publishFields, type AccessInfo } from './content-access.service';
import { authorsById, viewerReactions } from './content-viewer.repository';
import type { ContentMeta } from './content-tables.repository';
import { readAll } from '../../db/reads';

/** The counter columns every content row carries. */
export interface CounterRow {
  totalLikes: number;
  totalBookmarks: number;
  totalComments: number;
  totalViews?: number;
}

/** The moderation columns every content row carries. */
export interface ModerationRow {
  hiddenAt: Date | null;
  hiddenReason: string | null;
}

/** What a list or detail needs besides the row itself: one batch of queries for a whole page. */
export interface ContentPageContext {
  access: Map<string, AccessInfo>;
  liked: Set<string>;
  bookmarked: Set<string>;
  authors: Map<string, Parameters<typeof toUserPublic>[1]>;
}

/** Loads access, the viewer's reactions and the authors for a page of items of one type. */
export async function loadPageContext(
  db: Executor,
  viewer: Viewer,
  type: ContentType,
  items: readonly Pick<ContentMeta, 'id' | 'performerId' | 'access'>[],
): Promise<ContentPageContext> {
  const ids = items.map((i) => i.id);
  const [access, { liked, bookmarked }, authors] = await readAll(db,
    () => resolveAccess(db, viewer, type, items),
    () => viewerReactions(db, viewer, type, ids),
    () => authorsById(db, items.map((i) => i.performerId)),
  );
  return { access, liked, bookmarked, authors };
}

/**
 * The shared part of every feed, video and gallery answer: author, access, publication,
 * moderation and engagement fields (contract src/common/contract/content.ts).
 */
export function commonContentFields(
  urls: ImageUrlContext,
  ctx: ContentPageContext,
  item: Pick<ContentMeta, 'id' | 'performerId' | 'access' | 'priceCents' | 'status' | 'publishAt'> & CounterRow & ModerationRow,
) {
  const info = ctx.access.get(item.id)!;
  return {
    performer: toUserPublic(urls, ctx.authors.get(item.performerId)!),
    ...accessFields(item, info),
    ...publishFields(item),
    ...moderationFields(item),
    stats: { likes: item.totalLikes, bookmarks: item.totalBookmarks, comments: item.totalComments, views: item.totalViews ?? 0 },
    isLiked: ctx.liked.has(item.id),
    isBookmarked: ctx.bookmarked.has(item.id),
  };
}
