import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { performers, REPORT_REASONS as STORED_REASONS, REPORT_RESOLUTIONS as STORED_RESOLUTIONS, reports, users } from '../../db/schema';
import type { ReportReason, ReportResolution, ReportStatus, ReportTargetType } from '../../../common/contract/reports';

export type ReportRow = typeof reports.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type PerformerRow = typeof performers.$inferSelect;
export interface AdminReportRow {
  report: ReportRow;
  reporter: UserRow;
  performer: UserRow | null;
  resolver: UserRow | null;
}

// The contract repeats the schema's reason list (src/common imports nothing from the server);
// this line stops the build if the two ever differ.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const REASONS_MATCH: Same<(typeof STORED_REASONS)[number], ReportReason> = true;
export const RESOLUTIONS_MATCH: Same<(typeof STORED_RESOLUTIONS)[number], ReportResolution> = true;

/** What a decision writes on every report it closes. */
export interface ReportClosing {
  status: Exclude<ReportStatus, 'open'>;
  resolution: ReportResolution;
  resolutionNote: string | null;
  resolvedBy: string;
  resolvedAt: Date;
}

export const REPORT_SORTS = ['createdAt', 'updatedAt'] as const;
export type ReportSort = (typeof REPORT_SORTS)[number];

export interface ReportFilter {
  status?: ReportStatus;
  targetType?: ReportTargetType;
  performerId?: string;
}

const performerUser = alias(users, 'performer_user');
const resolverUser = alias(users, 'resolver_user');

const adminSelect = (db: Executor) =>
  db.select({ report: reports, reporter: users, performer: performerUser, resolver: resolverUser }).from(reports)
    .innerJoin(users, eq(users.id, reports.reporterId))
    .leftJoin(performerUser, eq(performerUser.id, reports.performerId))
    .leftJoin(resolverUser, eq(resolverUser.id, reports.resolvedBy));

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
      adminSelect(db).where(where).orderBy(dir(reports[sortBy]), dir(reports.id)).offset(page.offset).limit(page.limit),
      db.select({ total: count() }).from(reports).where(where),
    ]);
    return { rows: rows as AdminReportRow[], total: Number(total) };
  },

  async findForAdmin(db: Executor, id: string): Promise<AdminReportRow | null> {
    const [row] = await adminSelect(db).where(eq(reports.id, id)).limit(1);
    return (row as AdminReportRow | undefined) ?? null;
  },

  async findById(db: Executor, id: string): Promise<ReportRow | null> {
    const [row] = await db.select().from(reports).where(eq(reports.id, id)).limit(1);
    return row ?? null;
  },

  /** The open reports on one target, oldest first, with reporter and creator. */
  async openOnTarget(db: Executor, targetType: ReportTargetType, targetId: string): Promise<AdminReportRow[]> {
    const rows = await adminSelect(db)
      .where(and(eq(reports.targetType, targetType), eq(reports.targetId, targetId), eq(reports.status, 'open')))
      .orderBy(asc(reports.createdAt), asc(reports.id));
    return rows as AdminReportRow[];
  },

  /**
   * Row-locks every open report on a target, in id order (one lock order for every decision, so
   * two operators deciding reports on the same target take turns instead of deadlocking). Reports
   * closed by a decision that committed meanwhile are not among them.
   */
  async lockOpenOnTarget(db: Executor, targetType: ReportTargetType, targetId: string): Promise<ReportRow[]> {
    return db.select().from(reports)
      .where(and(eq(reports.targetType, targetType), eq(reports.targetId, targetId), eq(reports.status, 'open')))
      .orderBy(asc(reports.id))
      .for('update');
  },

  /** Closes these (locked, open) reports with one decision. */
  async close(db: Executor, ids: readonly string[], closing: ReportClosing): Promise<void> {
    if (!ids.length) return;
    await db.update(reports).set({ ...closing, updatedAt: sql`now()` }).where(inArray(reports.id, [...ids]));
  },

  /** The reporter's own reports, newest first. */
  async listMine(db: Executor, reporterId: string, page: { offset: number; limit: number }) {
    const where = eq(reports.reporterId, reporterId);
    const [rows, [{ total }]] = await Promise.all([
      db.select().from(reports).where(where).orderBy(desc(reports.createdAt), desc(reports.id)).offset(page.offset).limit(page.limit),
      db.select({ total: count() }).from(reports).where(where),
    ]);
    return { rows, total: Number(total) };
  },

  /** Creators' accounts and profiles by id (reported creators, any status). */
  async performersByIds(db: Executor, ids: readonly string[]): Promise<{ user: UserRow; performer: PerformerRow }[]> {
    if (!ids.length) return [];
    return db.select({ user: users, performer: performers }).from(users)
      .innerJoin(performers, eq(performers.userId, users.id))
      .where(inArray(users.id, [...new Set(ids)]));
  },
};
