import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import { feeds, galleries, products, videos } from '../../db/schema';
import type { ContentType, AccessLevel } from '../../../common/contract/content';

/** The columns the access rules read, for each kind of content. */
export interface ContentColumns {
  id: AnyPgColumn;
  performerId: AnyPgColumn;
  status: AnyPgColumn;
  /** SQL for the access level (products are always for sale: the file is for buyers). */
  access: SQL;
  priceCents: AnyPgColumn;
  /** SQL for when the item became or becomes visible. */
  publishAt: SQL;
  /** Set while an operator keeps the item hidden (moderation). */
  hiddenAt: AnyPgColumn;
  /** What names the item: a title, a product's name, or a post's rich text (contentTitle makes it plain). */
  label: AnyPgColumn;
}

export const contentColumns: Record<ContentType, ContentColumns> = {
  feed: { id: feeds.id, performerId: feeds.performerId, status: feeds.status, access: sql`${feeds.access}`, priceCents: feeds.priceCents, publishAt: sql`${feeds.publishAt}`, hiddenAt: feeds.hiddenAt, label: feeds.text },
  video: { id: videos.id, performerId: videos.performerId, status: videos.status, access: sql`${videos.access}`, priceCents: videos.priceCents, publishAt: sql`${videos.publishAt}`, hiddenAt: videos.hiddenAt, label: videos.title },
  gallery: { id: galleries.id, performerId: galleries.performerId, status: galleries.status, access: sql`${galleries.access}`, priceCents: galleries.priceCents, publishAt: sql`${galleries.publishAt}`, hiddenAt: galleries.hiddenAt, label: galleries.title },
  product: { id: products.id, performerId: products.performerId, status: products.status, access: sql`'sale'`, priceCents: products.priceCents, publishAt: sql`${products.createdAt}`, hiddenAt: products.hiddenAt, label: products.name },
};

export const contentTable = { feed: feeds, video: videos, gallery: galleries, product: products } as const;

/** What the access rules need to know about one item. */
export interface ContentMeta {
  id: string;
  performerId: string;
  access: AccessLevel;
  priceCents: number;
  status: 'active' | 'draft';
  publishAt: Date;
  /** The creator's account is active. */
  creatorActive: boolean;
  /** An operator hid the item: it exists for its creator and operators only. */
  hidden: boolean;
  /** Its title, product name or post text (rich text for posts: see contentTitle). */
  label: string;
}
