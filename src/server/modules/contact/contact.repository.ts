import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { contactMessages, users } from '../../db/schema';
import type { ContactStatus } from '../../../common/contract/contact';
import { escapeLike } from '../../shared/like';

export type ContactMessageRow = typeof contactMessages.$inferSelect;
export type NewContactMessage = typeof contactMessages.$inferInsert;
/** A message with the username of the account that sent it (null for visitors and removed accounts). */
export type ContactMessageWithSender = ContactMessageRow & { username: string | null };

const columns = { message: contactMessages, username: users.username };
const flatten = (r: { message: ContactMessageRow; username: string | null }): ContactMessageWithSender => ({ ...r.message, username: r.username });

export const contactRepository = {
  async insert(db: Executor, values: NewContactMessage): Promise<ContactMessageRow> {
    const [row] = await db.insert(contactMessages).values(values).returning();
    return row;
  },

  /** Newest first; `q` is a literal case-insensitive substring of the name, email, subject or message. */
  async list(db: Executor, filter: { status?: ContactStatus; q?: string }, page: { offset: number; limit: number }) {
    const text = filter.q?.trim();
    const pattern = text ? `%${escapeLike(text)}%` : null;
    const where: SQL | undefined = and(
      filter.status ? eq(contactMessages.status, filter.status) : undefined,
      pattern
        ? or(
          ilike(contactMessages.name, pattern),
          ilike(contactMessages.email, pattern),
          ilike(contactMessages.subject, pattern),
          ilike(contactMessages.message, pattern),
        )
        : undefined,
    );
    const [rows, [{ total }]] = await Promise.all([
      db.select(columns).from(contactMessages).leftJoin(users, eq(users.id, contactMessages.userId)).where(where)
        .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id)).offset(page.offset).limit(page.limit),
      db.select({ total: count() }).from(contactMessages).where(where),
    ]);
    return { rows: rows.map(flatten), total: Number(total) };
  },

  /** Messages waiting for an operator (the console's badge and dashboard). */
  async countNew(db: Executor): Promise<number> {
    const [{ total }] = await db.select({ total: count() }).from(contactMessages).where(eq(contactMessages.status, 'new'));
    return Number(total);
  },

  /** The row as it is now, locked until the transaction ends (a status change records what it replaced). */
  async lock(tx: Executor, id: string): Promise<ContactMessageRow | null> {
    const [row] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id)).limit(1).for('update');
    return row ?? null;
  },

  async setStatus(tx: Executor, id: string, patch: Pick<ContactMessageRow, 'status' | 'readAt' | 'repliedAt'>): Promise<void> {
    await tx.update(contactMessages).set({ ...patch, updatedAt: new Date() }).where(eq(contactMessages.id, id));
  },

  async findWithSender(db: Executor, id: string): Promise<ContactMessageWithSender | null> {
    const [row] = await db.select(columns).from(contactMessages).leftJoin(users, eq(users.id, contactMessages.userId))
      .where(eq(contactMessages.id, id)).limit(1);
    return row ? flatten(row) : null;
  },
};
