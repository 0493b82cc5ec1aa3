import { and, count, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { PRIVATE_SHOW_STATUSES, privateShowRequests, streamSettings, users } from '../../db/schema';
import { readAll } from '../../db/reads';

export type PrivateShowRow = typeof privateShowRequests.$inferSelect;
export type PrivateShowStatusValue = (typeof PRIVATE_SHOW_STATUSES)[number];
type UserRow = typeof users.$inferSelect;
export interface PrivateShowWithParties {
  request: PrivateShowRow;
  fan: UserRow;
  performer: UserRow;
}

const fan = alias(users, 'fan');
const performer = alias(users, 'performer');

function withParties(db: Executor, where: SQL | undefined) {
  return db.select({ request: privateShowRequests, fan, performer }).from(privateShowRequests)
    .innerJoin(fan, eq(fan.id, privateShowRequests.fanId))
    .innerJoin(performer, eq(performer.id, privateShowRequests.performerId))
    .where(where);
}

/** Private show requests and the creator's price (a column of their stream settings). */
export const privateShowsRepository = {
  async price(db: Executor, performerId: string): Promise<number | null> {
    const [row] = await db.select({ cents: streamSettings.privateShowPriceCents }).from(streamSettings)
      .where(eq(streamSettings.performerId, performerId));
    return row?.cents ?? null;
  },

  async savePrice(db: Executor, performerId: string, cents: number | null): Promise<number | null> {
    const [row] = await db.insert(streamSettings).values({ performerId, privateShowPriceCents: cents })
      .onConflictDoUpdate({ target: streamSettings.performerId, set: { privateShowPriceCents: cents, updatedAt: new Date() } })
      .returning({ cents: streamSettings.privateShowPriceCents });
    return row.cents;
  },

  /** A new pending request; null when the fan already has an open one with this creator (the partial unique index decides). */
  async insert(db: Executor, values: Pick<PrivateShowRow, 'fanId' | 'performerId' | 'conversationId' | 'priceCents' | 'message'>): Promise<PrivateShowRow | null> {
    const [row] = await db.insert(privateShowRequests).values(values).onConflictDoNothing().returning();
    return row ?? null;
  },

  async byId(db: Executor, id: string): Promise<PrivateShowWithParties | null> {
    const [row] = await withParties(db, eq(privateShowRequests.id, id));
    return row ?? null;
  },

  /** The request row locked for a state change (accept, decline, cancel, end, payment). */
  async lock(tx: Executor, id: string): Promise<PrivateShowRow | null> {
    const [row] = await tx.select().from(privateShowRequests).where(eq(privateShowRequests.id, id)).for('update');
    return row ?? null;
  },

  async lockByStream(tx: Executor, streamId: string): Promise<PrivateShowRow | null> {
    const [row] = await tx.select().from(privateShowRequests).where(eq(privateShowRequests.streamId, streamId)).for('update');
    return row ?? null;
  },

  async open(db: Executor, fanId: string, performerId: string): Promise<PrivateShowWithParties | null> {
    const [row] = await withParties(db, and(
      eq(privateShowRequests.fanId, fanId),
      eq(privateShowRequests.performerId, performerId),
      inArray(privateShowRequests.status, ['pending', 'accepted', 'started']),
    ));
    return row ?? null;
  },

  async update(tx: Executor, id: string, set: Partial<Omit<PrivateShowRow, 'id' | 'fanId' | 'performerId' | 'createdAt'>>): Promise<PrivateShowRow> {
    const [row] = await tx.update(privateShowRequests).set({ ...set, updatedAt: new Date() }).where(eq(privateShowRequests.id, id)).returning();
    return row;
  },

  /** Requests the user made or received, newest first. */
  async list(db: Executor, userId: string, opts: { status?: PrivateShowStatusValue; conversationId?: string; offset: number; limit: number }) {
    const where = and(
      or(eq(privateShowRequests.fanId, userId), eq(privateShowRequests.performerId, userId)),
      opts.status ? eq(privateShowRequests.status, opts.status) : undefined,
      opts.conversationId ? eq(privateShowRequests.conversationId, opts.conversationId) : undefined,
    );
    const [rows, [{ total }]] = await readAll(db,
      () => withParties(db, where).orderBy(desc(privateShowRequests.createdAt), desc(privateShowRequests.id)).offset(opts.offset).limit(opts.limit),
      () => db.select({ total: count() }).from(privateShowRequests).where(where),
    );
    return { rows, total };
  },
};
