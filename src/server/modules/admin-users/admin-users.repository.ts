import { and, asc, count, desc, eq, gt, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { comments, performers, reports, sessions, users, USER_STATUSES as STORED_STATUSES } from '../../db/schema';
import type { AdminUserSort, UserStatus } from '../../../common/contract/admin-users';
import type { VerificationStatus } from '../../../common/constants/verification';
import type { Role } from '../../../common/contract/users';
import { escapeLike } from '../../shared/like';

export type UserRow = typeof users.$inferSelect;
export type ReportRow = typeof reports.$inferSelect;

// The contract repeats the schema's list (src/common imports nothing from the server); this line
// stops the build if the two ever differ.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const STATUSES_MATCH: Same<(typeof STORED_STATUSES)[number], UserStatus> = true;

export interface AdminUserFilter {
  q?: string;
  role?: Role;
  status?: UserStatus;
}

/** An account with the creator columns the console shows (null for fans and operators). */
export interface AdminUserRow {
  user: UserRow;
  verificationStatus: VerificationStatus | null;
  country: string | null;
}

const SORT_COLUMNS = { createdAt: users.createdAt, updatedAt: users.updatedAt, name: users.name, username: users.username } as const;

const accountColumns = { user: users, verificationStatus: performers.verificationStatus, country: performers.country };

function where(filter: AdminUserFilter): SQL | undefined {
  const pattern = filter.q ? `%${escapeLike(filter.q)}%` : null;
  return and(
    pattern ? or(ilike(users.name, pattern), ilike(users.username, pattern), ilike(users.email, pattern)) : undefined,
    filter.role ? eq(users.role, filter.role) : undefined,
    filter.status ? eq(users.status, filter.status) : undefined,
  );
}

export const adminUsersRepository = {
  /**
   * One page of accounts in one query (the creator columns come along by a left join on the
   * primary key), and the total with the same conditions. Ties end on the id, so offset pages
   * never repeat or skip a row; the default order walks `users_created_idx`.
   */
  async list(db: Executor, filter: AdminUserFilter, sortBy: AdminUserSort, sort: 'asc' | 'desc', page: { offset: number; limit: number }) {
    const condition = where(filter);
    const dir = sort === 'asc' ? asc : desc;
    const [rows, [{ total }]] = await Promise.all([
      db.select(accountColumns).from(users).leftJoin(performers, eq(performers.userId, users.id))
        .where(condition).orderBy(dir(SORT_COLUMNS[sortBy]), dir(users.id)).offset(page.offset).limit(page.limit),
      db.select({ total: count() }).from(users).where(condition),
    ]);
    return { rows: rows as AdminUserRow[], total: Number(total) };
  },

  async find(db: Executor, id: string): Promise<AdminUserRow | null> {
    const [row] = await db.select(accountColumns).from(users).leftJoin(performers, eq(performers.userId, users.id)).where(eq(users.id, id)).limit(1);
    return (row as AdminUserRow | undefined) ?? null;
  },

  /** Sessions that still sign someone in: not revoked, not expired. */
  async liveSessions(db: Executor, userId: string): Promise<number> {
    const [row] = await db.select({ n: count() }).from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)));
    return Number(row.n);
  },

  /**
   * Reports about the person, newest first: on their account or their content (the report's
   * `performerId`), or on one of their comments.
   */
  async reportsAgainst(db: Executor, userId: string, limit: number) {
    const condition = or(
      eq(reports.performerId, userId),
      and(eq(reports.targetType, 'performer'), eq(reports.targetId, userId)),
      and(eq(reports.targetType, 'comment'), sql`exists (select 1 from ${comments} where ${comments.id} = ${reports.targetId} and ${comments.userId} = ${userId})`),
    );
    const [rows, [{ total }]] = await Promise.all([
      db.select({ report: reports, reporter: users }).from(reports).leftJoin(users, eq(users.id, reports.reporterId))
        .where(condition).orderBy(desc(reports.createdAt), desc(reports.id)).limit(limit),
      db.select({ total: count() }).from(reports).where(condition),
    ]);
    return { rows, total: Number(total) };
  },

  /** The account row, locked for a role change. */
  async lock(tx: Executor, id: string): Promise<UserRow | null> {
    const [row] = await tx.select().from(users).where(eq(users.id, id)).limit(1).for('update');
    return row ?? null;
  },

  /**
   * Every operator's id, their rows locked (in id order, so two role changes cannot deadlock):
   * a concurrent demotion waits here and then counts the operators as the first one left them.
   */
  async lockOperators(tx: Executor): Promise<string[]> {
    const rows = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).orderBy(asc(users.id)).for('update');
    return rows.map((r) => r.id);
  },

  async setRole(tx: Executor, id: string, role: Role): Promise<UserRow> {
    const [row] = await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, id)).returning();
    return row;
  },
};
