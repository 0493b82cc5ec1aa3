import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { performers, REPORT_REASONS as STORED_REASONS, reports, users } from '../../db/schema';
import type { ReportReason, ReportStatus, ReportTargetType } from '../../../common/contract/reports';

export type ReportRow = typeof reports.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export interface AdminReportRow {
  report: ReportRow;
  reporter: UserRow;
  performer: UserRow | null;
}

// The contract repeats the schema's reason list (src/common imports nothing from the server);
// this line stops the build if the two ever differ.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const REASONS_MATCH: Same<(typeof STORED_REASONS)[number], ReportReason> = true;

export const REPORT_SORTS = ['createdAt', 'updatedAt'] as const;
export type ReportSort = (typeof REPORT_SORTS)[number];

export interface ReportFilter {
  status?: ReportStatus;
  targetType?: ReportTargetType;
  performerId?: string;
}

const performerUser = alias(users, 'performer_user');

export const reportsRepository = {
  /**
   * Files a report; null when the reporter already has an open one on this target. The partial
   * unique index decides, so two reports sent at once cannot both get in.
   */
  async insertOpen(db: Executor, values: Omit<typeof reports.$inferInsert, 'status'>): Promise<ReportRow | null> {
    const [row] = await db.insert(reports).values({ ...values, status: 'open' }).onConflictDoNothing().returning();
    return row ?? null;
  },

  /** An active performer account with this id exists. */
  async activePerformerExists(db: Executor, id: string): Promise<boolean> {
    const rows = await db.select({ id: users.id }).from(users).innerJoin(performers, eq(performers.userId, users.id))
      .where(and(eq(users.id, id), eq(users.role, 'performer'), eq(users.status, 'active'))).limit(1);
    return rows.length > 0;
  },

  async list(db: Executor, filter: ReportFilter, sortBy: ReportSort, sort: 'asc' | 'desc', page: { offset: number; limit: number }) {
    const where = and(
      filter.status ? eq(reports.status, filter.status) : undefined,
      filter.targetType ? eq(reports.targetType, filter.targetType) : undefined,
      filter.performerId ? eq(reports.performerId, filter.performerId) : undefined,
    );
    const dir = sort === 'asc' ? asc : desc;
    const [rows, [{ total }]] = await Promise.all([
      db.select({ report: reports, reporter: users, performer: performerUser }).from(reports)
        .innerJoin(users, eq(users.id, reports.reporterId))
        .leftJoin(performerUser, eq(performerUser.id, reports.performerId))
        .where(where).orderBy(dir(reports[sortBy]), dir(reports.id)).offset(page.offset).limit(page.limit),
      db.select({ total: count() }).from(reports).where(where),
    ]);
    return { rows: rows as AdminReportRow[], total: Number(total) };
  },

  async findForAdmin(db: Executor, id: string): Promise<AdminReportRow | null> {
    const [row] = await db.select({ report: reports, reporter: users, performer: performerUser }).from(reports)
      .innerJoin(users, eq(users.id, reports.reporterId))
      .leftJoin(performerUser, eq(performerUser.id, reports.performerId))
      .where(eq(reports.id, id)).limit(1);
    return (row as AdminReportRow | undefined) ?? null;
  },

  /** Closes (or re-labels) a report; false when there is no such report. */
  async setStatus(db: Executor, id: string, status: Exclude<ReportStatus, 'open'>): Promise<boolean> {
    const rows = await db.update(reports).set({ status, updatedAt: sql`now()` }).where(eq(reports.id, id)).returning({ id: reports.id });
    return rows.length > 0;
  },
};
