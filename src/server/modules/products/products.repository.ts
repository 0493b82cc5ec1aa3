import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { mediaFiles, productImages, products, users } from '../../db/schema';
import type { OwnProductSort, ProductType } from '../../../common/contract/products';
import type { Viewer } from '../blocking/viewer';
import { visibleContent } from '../content/content-access.repository';
import type { MediaFileRow } from '../media/media.repository';
import { listBookmarkedItems, removeItemEngagement } from '../content/content-engagement.repository';
import { escapeLike } from '../../shared/like';

export type ProductRow = typeof products.$inferSelect;
export type NewProduct = typeof products.$inferInsert;
export type ProductPatch = Partial<Pick<NewProduct, 'name' | 'description' | 'type' | 'priceCents' | 'stock' | 'digitalFileId' | 'status'>>;

interface Page {
  offset: number;
  limit: number;
}

const textMatch = (q: string | undefined): SQL | undefined => {
  const text = q?.trim();
  if (!text) return undefined;
  const pattern = `%${escapeLike(text)}%`;
  return or(ilike(products.name, pattern), ilike(products.description, pattern));
};

const OWN_SORT: Record<OwnProductSort, SQL> = {
  updatedAt: sql`${products.updatedAt}`,
  createdAt: sql`${products.createdAt}`,
  // Names sort as people read them, not by code point ("apple" next to "Apple").
  name: sql`lower(${products.name})`,
  price: sql`${products.priceCents}`,
  sold: sql`${products.totalSold}`,
};

async function paged(rowsQuery: Promise<ProductRow[]>, totalQuery: Promise<{ total: number }[]>) {
  const [rows, [{ total }]] = await Promise.all([rowsQuery, totalQuery]);
  return { rows, total: Number(total) };
}

/** Products, their pictures and their clean-up. Lock order for every writer: the product row, then its images. */
export const productsRepository = {
  async insert(db: Executor, values: NewProduct): Promise<ProductRow> {
    const [row] = await db.insert(products).values(values).returning();
    return row;
  },

  async update(db: Executor, id: string, patch: ProductPatch): Promise<ProductRow> {
    const [row] = await db.update(products).set({ ...patch, updatedAt: sql`now()` }).where(eq(products.id, id)).returning();
    return row;
  },

  async findById(db: Executor, id: string): Promise<ProductRow | null> {
    const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
    return row ?? null;
  },

  /** The creator's product, row-locked until the transaction ends. */
  async lockOwn(db: Executor, id: string, performerId: string): Promise<ProductRow | null> {
    const [row] = await db.select().from(products)
      .where(and(eq(products.id, id), eq(products.performerId, performerId)))
      .for('update');
    return row ?? null;
  },

  /** The creator's own products, drafts included. */
  listOwn(db: Executor, performerId: string, query: Page & { q?: string; type?: ProductType; status?: 'active' | 'draft'; sortBy: OwnProductSort; sort: 'asc' | 'desc' }) {
    const where = and(
      eq(products.performerId, performerId),
      query.type ? eq(products.type, query.type) : undefined,
      query.status ? eq(products.status, query.status) : undefined,
      textMatch(query.q),
    );
    const order = query.sort === 'asc' ? asc : desc;
    return paged(
      db.select().from(products).where(where).orderBy(order(OWN_SORT[query.sortBy]), order(products.id)).offset(query.offset).limit(query.limit),
      db.select({ total: count() }).from(products).where(where),
    );
  },

  /** Products the viewer may see (the shared visibility rule), newest first. */
  listVisible(db: Executor, viewer: Viewer, query: Page & { q?: string; type?: ProductType; performerId?: string; username?: string }) {
    const byUsername = query.username
      ? sql`${products.performerId} in (select ${users.id} from ${users} where lower(${users.username}) = lower(${query.username}))`
      : undefined;
    const where = and(
      visibleContent('product', viewer),
      query.performerId ? eq(products.performerId, query.performerId) : undefined,
      byUsername,
      query.type ? eq(products.type, query.type) : undefined,
      textMatch(query.q),
    );
    return paged(
      db.select().from(products).where(where).orderBy(desc(products.createdAt), desc(products.id)).offset(query.offset).limit(query.limit),
      db.select({ total: count() }).from(products).where(where),
    );
  },

  /** Products the viewer bookmarked and may still see, newest bookmark first. */
  listBookmarked(db: Executor, viewer: Viewer & { userId: string }, page: Page) {
    return listBookmarkedItems(db, products, 'product', viewer, page);
  },

  /** The pictures of each product, in display order: one query for a whole page. */
  async imagesOf(db: Executor, productIds: readonly string[]): Promise<Map<string, MediaFileRow[]>> {
    const result = new Map<string, MediaFileRow[]>();
    if (!productIds.length) return result;
    const rows = await db
      .select({ productId: productImages.productId, file: mediaFiles })
      .from(productImages)
      .innerJoin(mediaFiles, eq(mediaFiles.id, productImages.fileId))
      .where(inArray(productImages.productId, [...new Set(productIds)]))
      .orderBy(asc(productImages.productId), asc(productImages.position), asc(productImages.fileId));
    for (const { productId, file } of rows) result.set(productId, [...(result.get(productId) ?? []), file]);
    return result;
  },

  /** The ids of a product's pictures, in display order. */
  async imageIds(db: Executor, productId: string): Promise<string[]> {
    const rows = await db.select({ fileId: productImages.fileId }).from(productImages)
      .where(eq(productImages.productId, productId))
      .orderBy(asc(productImages.position), asc(productImages.fileId));
    return rows.map((r) => r.fileId);
  },

  /** Makes `fileIds` the product's pictures, in that order (rows of files no longer listed go). */
  async setImages(db: Executor, productId: string, fileIds: readonly string[]): Promise<void> {
    await db.delete(productImages).where(eq(productImages.productId, productId));
    if (fileIds.length) {
      await db.insert(productImages).values(fileIds.map((fileId, position) => ({ productId, fileId, position })));
    }
  },

  /**
   * Deletes a (locked) product with its pictures, and the reactions and comments on it (nothing
   * cascades to those from content), and takes its likes off the creator's total. Returns its
   * files (pictures and digital file), to be removed from storage after the commit. Purchases
   * (entitlements) stay: they are the buyers' history, which the money issue's orders refer to.
   */
  async removeWithEngagement(db: Executor, product: ProductRow): Promise<string[]> {
    await removeItemEngagement(db, 'product', product);
    const images = await db.delete(productImages).where(eq(productImages.productId, product.id)).returning({ fileId: productImages.fileId });
    await db.delete(products).where(eq(products.id, product.id));
    return [...images.map((r) => r.fileId), ...(product.digitalFileId ? [product.digitalFileId] : [])];
  },
  /**
   * A sale of `quantity` units (orders module): a physical product's stock drops only when enough
   * is left (`stock >= quantity`, one conditional update, so concurrent buyers can never take it
   * below zero); `total_sold` grows. Returns the row after the sale, or null when the stock fell short.
   */
  async recordSale(db: Executor, id: string, quantity: number): Promise<ProductRow | null> {
    const [row] = await db.update(products)
      .set({ stock: sql`case when ${products.type} = 'physical' then ${products.stock} - ${quantity} else ${products.stock} end`, totalSold: sql`${products.totalSold} + ${quantity}` })
      .where(and(eq(products.id, id), or(eq(products.type, 'digital'), sql`${products.stock} >= ${quantity}`)))
      .returning();
    return row ?? null;
  },

  /** Undoes `recordSale` for a refund: stock back (physical only), `total_sold` down (never below zero). */
  async undoSale(db: Executor, id: string, quantity: number, restock: boolean): Promise<void> {
    await db.update(products)
      .set({
        stock: restock ? sql`case when ${products.stock} is null then null else ${products.stock} + ${quantity} end` : sql`${products.stock}`,
        totalSold: sql`greatest(${products.totalSold} - ${quantity}, 0)`,
      })
      .where(eq(products.id, id));
  },
};
