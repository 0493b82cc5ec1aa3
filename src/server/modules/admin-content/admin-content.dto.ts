import type { AdminContentItem, AdminContentType } from '../../../common/contract/admin-content';
import type { ContentType } from '../../../common/contract/content';
import { contentPath, excerpt } from '../../../common/lib/content-path';
import { fromCents } from '../../../common/lib/money';
import { richTextToPlain } from '../../../common/lib/rich-text';
import type { Executor } from '../../db/client';
import { toUserPublic } from '../users/user-public.dto';
import type { ImageUrlContext } from '../users/user.dto';
import { adminContentRepository, type AdminContentRow } from './admin-content.repository';
import { readAll } from '../../db/reads';

/** Kinds whose text is rich text (posts and comments); the others have a plain title or name. */
const RICH: readonly AdminContentType[] = ['feed', 'comment'];
const UNTITLED: Record<AdminContentType, string> = {
  feed: 'Post with no text', video: 'Untitled video', gallery: 'Untitled gallery', product: 'Unnamed product', comment: 'Empty comment',
};

/** The whole text of a row without markup (a post's or comment's words, an item's title). */
export const plainTextOf = (row: Pick<AdminContentRow, 'type' | 'text'>) => (RICH.includes(row.type) ? richTextToPlain(row.text) : row.text.trim());

/** What a list calls a row: its title, or the start of its text. */
export const titleOf = (row: Pick<AdminContentRow, 'type' | 'text'>) => excerpt(plainTextOf(row)) || UNTITLED[row.type];

const key = (type: string, id: string) => `${type}:${id}`;

/**
 * Rows as operators see them. A comment opens on its item's page and names that item, so the
 * titles of a page's items are read in one query per kind.
 */
export async function presentAdminContent(db: Executor, urls: ImageUrlContext, rows: readonly AdminContentRow[]): Promise<AdminContentItem[]> {
  const itemIds = new Map<ContentType, string[]>();
  for (const r of rows) if (r.objectType && r.objectId) itemIds.set(r.objectType, [...(itemIds.get(r.objectType) ?? []), r.objectId]);
  const items = (await readAll<AdminContentRow[][]>(db, ...[...itemIds].map(([type, ids]) => () => adminContentRepository.byIds(db, type, ids)))).flat();
  const titles = new Map(items.map((i) => [key(i.type, i.id), titleOf(i)]));
  const now = Date.now();
  return rows.map((row) => {
    const on = row.objectType && row.objectId
      ? { type: row.objectType, id: row.objectId, path: contentPath(row.objectType, row.objectId), title: titles.get(key(row.objectType, row.objectId)) ?? null }
      : null;
    return {
      _id: row.id,
      type: row.type,
      title: titleOf(row),
      creator: row.creator ? toUserPublic(urls, row.creator) : null,
      status: row.status,
      isScheduled: row.status === 'active' && row.publishAt !== null && row.publishAt.getTime() > now,
      access: row.access,
      price: row.access === 'sale' ? fromCents(row.priceCents) : 0,
      isHidden: row.hiddenAt !== null,
      hiddenReason: row.hiddenAt !== null ? row.hiddenReason : null,
      hiddenAt: row.hiddenAt?.toISOString() ?? null,
      stats: { likes: row.likes, comments: row.comments, other: row.other },
      path: on ? on.path : contentPath(row.type as ContentType, row.id),
      on,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}
