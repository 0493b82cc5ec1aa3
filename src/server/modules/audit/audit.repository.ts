import { and, count, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { auditLog, users } from '../../db/schema';

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = typeof auditLog.$inferInsert;

export interface AuditFilter {
  actorId?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  from?: Date;
  to?: Date;
}

/** Append and read: there is deliberately no update or delete here (a trigger refuses them too). */
export const auditRepository = {
  async append(db: Executor, row: NewAuditRow): Promise<AuditRow> {
    const [inserted] = await db.insert(auditLog).values(row).returning();
    return inserted;
  },

  /**
   * Each actor once, with the account's current username and name (left join: an account removed
   * since keeps the username its newest row recorded, and a null name).
   */
  async actors(db: Executor) {
    return db
      .selectDistinctOn([auditLog.actorId], { id: auditLog.actorId, recorded: auditLog.actorUsername, username: users.username, name: users.name })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .orderBy(auditLog.actorId, desc(auditLog.createdAt));
  },

  async list(db: Executor, filter: AuditFilter, page: { offset: number; limit: number }) {
    const conditions: (SQL | undefined)[] = [
      filter.actorId ? eq(auditLog.actorId, filter.actorId) : undefined,
      filter.action ? eq(auditLog.action, filter.action) : undefined,
      filter.targetType ? eq(auditLog.targetType, filter.targetType) : undefined,
      filter.targetId ? eq(auditLog.targetId, filter.targetId) : undefined,
      filter.from ? gte(auditLog.createdAt, filter.from) : undefined,
      filter.to ? lte(auditLog.createdAt, filter.to) : undefined,
    ];
    const where = and(...conditions);
    const [rows, [{ total }]] = await Promise.all([
      db.select().from(auditLog).where(where).orderBy(desc(auditLog.createdAt), desc(auditLog.id)).offset(page.offset).limit(page.limit),
      db.select({ total: count() }).from(auditLog).where(where),
    ]);
    return { rows, total: Number(total) };
  },
};
