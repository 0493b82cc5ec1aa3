import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';
import { visibleToViewer, type SqlViewer } from '../blocking/blocking.repository';
import type { ContentType } from '../../../common/contract/content';
import { contentColumns, contentTable, type ContentMeta } from './content-tables.repository';

/** The creator's account is active (a deactivated creator's content disappears with them). */
const creatorActive = (performerId: AnyPgColumn) =>
  sql`exists (select 1 from ${users} where ${users.id} = ${performerId} and ${users.status} = 'active')`;

/**
 * The rule every content list and detail query shares (DESIGN.md section 4): the owner and
 * admins see everything, including drafts, scheduled and hidden items; everyone else sees active
 * items whose publish time has come, that no operator hid, of active creators who did not block
 * the viewer's account or country. Whether the item is *unlocked* is a separate question
 * (content-access.service.ts).
 */
export function visibleContent(type: ContentType, viewer: SqlViewer): SQL | undefined {
  if (viewer.role === 'admin') return undefined;
  const c = contentColumns[type];
  const published = and(
    sql`${c.status} = 'active'`,
    sql`${c.publishAt} <= now()`,
    isNull(c.hiddenAt),
    creatorActive(c.performerId),
    visibleToViewer(c.performerId, viewer),
  )!;
  return viewer.userId ? sql`(${c.performerId} = ${viewer.userId} or ${published})` : published;
}

export const contentAccessRepository = {
  /**
   * What the access rules need to know about one item. An item an operator hid does not exist
   * here (null, so a purchase or any other use of it is a 404) unless the caller asks for it with
   * `includeHidden`: only callers that then let its creator and operators alone through do
   * (requireVisibleItem, requireOwnItem, an author deleting their comment).
   */
  async findMeta(db: Executor, type: ContentType, id: string, options: { includeHidden?: boolean } = {}): Promise<ContentMeta | null> {
    const c = contentColumns[type];
    const [row]: Record<string, unknown>[] = await db
      .select({
        id: c.id, performerId: c.performerId, access: c.access, priceCents: c.priceCents, status: c.status, publishAt: c.publishAt,
        creatorActive: creatorActive(c.performerId).mapWith(Boolean),
        hidden: sql`${c.hiddenAt} is not null`.mapWith(Boolean),
        label: c.label,
      })
      .from(contentTable[type] as never)
      .where(eq(c.id, id));
    if (!row || (row.hidden && !options.includeHidden)) return null;
    return { ...(row as unknown as ContentMeta), publishAt: new Date(row.publishAt as string | Date) };
  },
};
