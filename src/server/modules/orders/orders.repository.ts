import { and, count, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { entitlements, ledgerTransactions, orders, users } from '../../db/schema';
import type { OrderStatus } from '../../../common/contract/orders';
import { escapeLike } from '../../shared/like';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;

const buyers = alias(users, 'buyer');
const sellers = alias(users, 'seller');

/** An order with what its answer shows of the two parties and the buyer's note (kept on the sale's ledger transaction). */
const withParties = {
  order: orders,
  buyer: { id: buyers.id, name: buyers.name, username: buyers.username },
  seller: { id: sellers.id, name: sellers.name, username: sellers.username },
  note: ledgerTransactions.message,
};
export type OrderWithParties = {
  order: OrderRow;
  buyer: { id: string; name: string; username: string | null };
  seller: { id: string; name: string; username: string | null };
  note: string | null;
};

const joined = (db: Executor) =>
  db.select(withParties).from(orders)
    .innerJoin(buyers, eq(buyers.id, orders.userId))
    .innerJoin(sellers, eq(sellers.id, orders.performerId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, orders.ledgerTransactionId));

/** Orders and the few writes around them that have no other home (entitlement revocation on a refund). */
export const ordersRepository = {
  async insert(db: Executor, values: NewOrder): Promise<OrderRow> {
    const [row] = await db.insert(orders).values(values).returning();
    return row;
  },

  async update(db: Executor, id: string, patch: Partial<Pick<NewOrder, 'status' | 'trackingCode' | 'deliveryAddress' | 'refundTransactionId'>>) {
    const [row] = await db.update(orders).set({ ...patch, updatedAt: sql`now()` }).where(eq(orders.id, id)).returning();
    return row;
  },

  /** The order, row-locked until the transaction ends: every status change goes one at a time. */
  async lock(db: Executor, id: string): Promise<OrderRow | null> {
    const [row] = await db.select().from(orders).where(eq(orders.id, id)).for('update');
    return row ?? null;
  },

  /** The order paid by this ledger transaction (each product sale has one), row-locked like `lock`. */
  async lockBySale(db: Executor, saleTransactionId: string): Promise<OrderRow | null> {
    const [row] = await db.select().from(orders).where(eq(orders.ledgerTransactionId, saleTransactionId)).for('update');
    return row ?? null;
  },

  async findWithParties(db: Executor, id: string): Promise<OrderWithParties | null> {
    const [row] = await joined(db).where(eq(orders.id, id));
    return row ?? null;
  },

  async list(db: Executor, party: { userId: string } | { performerId: string }, query: { offset: number; limit: number; status?: OrderStatus; q?: string }) {
    const text = query.q?.trim();
    const where = and(
      'userId' in party ? eq(orders.userId, party.userId) : eq(orders.performerId, party.performerId),
      query.status ? eq(orders.status, query.status) : undefined,
      text ? or(ilike(orders.orderNumber, `%${escapeLike(text)}%`), ilike(orders.productName, `%${escapeLike(text)}%`)) as SQL : undefined,
    );
    const [rows, [{ total }]] = await Promise.all([
      joined(db).where(where).orderBy(desc(orders.createdAt), desc(orders.id)).offset(query.offset).limit(query.limit),
      db.select({ total: count() }).from(orders).where(where),
    ]);
    return { rows, total: Number(total) };
  },

  /** The sale a refund reverses, as `reversalPosting` needs it. */
  async saleTransaction(db: Executor, id: string) {
    const [row] = await db.select().from(ledgerTransactions).where(eq(ledgerTransactions.id, id));
    return row ?? null;
  },

  /** A refunded digital order takes the download right away again (so it may be bought anew). */
  async revokeEntitlement(db: Executor, userId: string, productId: string): Promise<void> {
    await db.delete(entitlements).where(and(eq(entitlements.userId, userId), eq(entitlements.objectType, 'product'), eq(entitlements.objectId, productId)));
  },

  /** Whether the user has an order of this product that was not refunded. */
  async hasLiveOrder(db: Executor, userId: string, productId: string): Promise<boolean> {
    const [row] = await db.select({ id: orders.id }).from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.productId, productId), ne(orders.status, 'refunded'))).limit(1);
    return Boolean(row);
  },

  /** A creator's orders waiting to be shipped. */
  async countProcessing(db: Executor, performerId: string): Promise<number> {
    const [row] = await db.select({ total: count() }).from(orders).where(and(eq(orders.performerId, performerId), eq(orders.status, 'processing')));
    return Number(row?.total ?? 0);
  },
};
