import { and, eq, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { follows, performerBankingSettings, performerPaymentSettings, performers, reactions, users } from '../../db/schema';
import { visibleToViewer } from '../blocking/blocking.repository';
import type { Viewer } from '../blocking/viewer';

export type NewPerformer = typeof performers.$inferInsert;
export type PerformerRow = typeof performers.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type BankingRow = typeof performerBankingSettings.$inferSelect;
export type PaymentSettingsRow = typeof performerPaymentSettings.$inferSelect;
export type BankingValues = Omit<typeof performerBankingSettings.$inferInsert, 'performerId' | 'updatedAt'>;
export type PaymentSettingsValues = Omit<typeof performerPaymentSettings.$inferInsert, 'performerId' | 'updatedAt'>;

/** A creator's own profile with the parts only they see. */
export interface PerformerAccountRow {
  user: UserRow;
  performer: PerformerRow;
  banking: BankingRow | null;
  payment: PaymentSettingsRow | null;
}

/** What one performer row of a list or profile query carries: the account, the profile, the viewer's flags. */
export interface PerformerWithViewer {
  user: UserRow;
  performer: PerformerRow;
  isFollowed: boolean;
  isBookmarked: boolean;
}

/**
 * The viewer's follow and bookmark flags as correlated subqueries (false for anonymous viewers).
 * `viewerId` is the id, or a placeholder for a prepared statement.
 */
function viewerFlags(viewerId: string | Placeholder | null | undefined) {
  if (!viewerId) return { isFollowed: sql<boolean>`false`, isBookmarked: sql<boolean>`false` };
  return {
    isFollowed: sql<boolean>`exists (select 1 from ${follows} where ${follows.performerId} = ${users.id} and ${follows.followerId} = ${viewerId})`,
    isBookmarked: sql<boolean>`exists (select 1 from ${reactions} where ${reactions.objectType} = 'performer' and ${reactions.objectId} = ${users.id} and ${reactions.userId} = ${viewerId} and ${reactions.action} = 'bookmark')`,
  };
}

/**
 * Active performer accounts the viewer may see (not blocked by account or country). Discovery
 * lists (search, suggestions, top) pass `verifiedOnly` while the site requires verification:
 * a creator whose documents are not approved cannot be paid, so explore does not offer them.
 */
export function listablePerformers(viewer: Viewer, opts: { verifiedOnly?: boolean } = {}): SQL {
  return and(
    eq(users.role, 'performer'),
    eq(users.status, 'active'),
    opts.verifiedOnly ? eq(performers.verificationStatus, 'approved') : undefined,
    visibleToViewer(users.id, viewer),
  )!;
}

/** For lists of other rows (live streams): the creator in `performerId` has approved documents. */
export function verifiedCreatorSql(performerId: AnyPgColumn): SQL {
  return sql`exists (select 1 from ${performers} where ${performers.userId} = ${performerId} and ${performers.verificationStatus} = 'approved')`;
}

/**
 * The payable-creator rule (payable-creator.ts) as SQL, for jobs that scan many rows at once:
 * `performerId` is an active performer account and, when `verificationRequired`, approved.
 * Keep it in step with `payableVerdict`.
 */
export function payableCreatorSql(performerId: AnyPgColumn, verificationRequired: boolean): SQL {
  return sql`exists (select 1 from ${users} inner join ${performers} on ${performers.userId} = ${users.id}
    where ${users.id} = ${performerId} and ${users.role} = 'performer' and ${users.status} = 'active'
    ${verificationRequired ? sql`and ${performers.verificationStatus} = 'approved'` : sql``})`;
}

/** Performers joined to their accounts, with these viewer flags. */
function performersWithFlags(db: Executor, flags: ReturnType<typeof viewerFlags>) {
  return db.select({ user: users, performer: performers, ...flags }).from(users).innerJoin(performers, eq(performers.userId, users.id));
}

function buildPublicProfileQuery(byId: boolean, signedIn: boolean) {
  const flags = viewerFlags(signedIn ? sql.placeholder('viewer') : null);
  const match = byId
    ? or(eq(users.username, sql.placeholder('username')), eq(users.id, sql.placeholder('id')))
    : eq(users.username, sql.placeholder('username'));
  return preparedQuery((db) =>
    performersWithFlags(db, flags)
      .where(and(match, eq(users.role, 'performer'), eq(users.status, 'active')))
      .limit(1)
      .prepare(`performers_find_public_${byId ? 'name_or_id' : 'name'}_${signedIn ? 'viewer' : 'anonymous'}`),
  );
}
/** `findPublic`'s statements, one per shape: [by name, by name or id][anonymous, signed in]. */
const publicProfileQueries = [false, true].map((byId) => [false, true].map((signedIn) => buildPublicProfileQuery(byId, signedIn)));

export const performersRepository = {
  async insert(db: Executor, values: NewPerformer) {
    await db.insert(performers).values(values);
  },

  /**
   * A select of performers joined to their accounts with the viewer's flags. Callers add where,
   * order, offset and limit; `listablePerformers(viewer)` is the visibility rule for lists.
   */
  selectWithViewer(db: Executor, viewer: Viewer) {
    return performersWithFlags(db, viewerFlags(viewer.userId));
  },

  /**
   * An active performer by username, or by id when `id` is given (only a UUID may be compared with
   * the uuid column; PostgreSQL rejects anything else instead of finding nothing). Blocking is not
   * applied here: the service tells "not available" apart from "not found". Prepared (a profile
   * page's first call), one statement per shape: by name or by name or id, with or without a viewer.
   */
  async findPublic(db: Executor, by: { username: string; id?: string }, viewer: Viewer): Promise<PerformerWithViewer | null> {
    const query = publicProfileQueries[Number(Boolean(by.id))][Number(Boolean(viewer.userId))](db);
    const [row] = await query.execute({ username: by.username, id: by.id ?? null, viewer: viewer.userId ?? null });
    return row ?? null;
  },

  /** Whether the username (or id) names a creator whose account an operator suspended. */
  async isSuspended(db: Executor, by: { username: string; id?: string }): Promise<boolean> {
    const match = by.id ? or(eq(users.username, by.username), eq(users.id, by.id)) : eq(users.username, by.username);
    const rows = await db.select({ id: users.id }).from(users)
      .where(and(match, eq(users.role, 'performer'), eq(users.status, 'suspended'))).limit(1);
    return rows.length > 0;
  },

  /**
   * What the payable-creator check needs of a creator, with their profile row locked 'key share'
   * until the transaction ends: a concurrent block (FOR UPDATE), suspension or verification
   * decision of this creator waits for the payment, or the payment sees it. Null: no creator.
   */
  async lockStanding(tx: Executor, performerId: string) {
    const [row] = await tx
      .select({ role: users.role, status: users.status, verificationStatus: performers.verificationStatus })
      .from(performers)
      .innerJoin(users, eq(users.id, performers.userId))
      .where(eq(performers.userId, performerId))
      .for('key share', { of: performers });
    return row ?? null;
  },

  /** One more profile view; the new count, or null when there is no such creator. */
  async addProfileView(db: Executor, userId: string): Promise<number | null> {
    const [row] = await db.update(performers).set({ profileViews: sql`${performers.profileViews} + 1` })
      .where(eq(performers.userId, userId)).returning({ views: performers.profileViews });
    return row?.views ?? null;
  },

  async findById(db: Executor, userId: string): Promise<PerformerRow | null> {
    const [row] = await db.select().from(performers).where(eq(performers.userId, userId)).limit(1);
    return row ?? null;
  },

  async update(db: Executor, userId: string, patch: Partial<NewPerformer>): Promise<void> {
    await db.update(performers).set({ ...patch, updatedAt: new Date() }).where(eq(performers.userId, userId));
  },

  /** The profile row locked until the transaction ends, so two uploads cannot both think they replace the same file. */
  async lockById(db: Executor, userId: string): Promise<PerformerRow | null> {
    const [row] = await db.select().from(performers).where(eq(performers.userId, userId)).limit(1).for('update');
    return row ?? null;
  },

  /** The caller's own profile with banking and payout settings, whatever the account's status. */
  async findAccount(db: Executor, userId: string): Promise<PerformerAccountRow | null> {
    const [row] = await db
      .select({ user: users, performer: performers, banking: performerBankingSettings, payment: performerPaymentSettings })
      .from(users)
      .innerJoin(performers, eq(performers.userId, users.id))
      .leftJoin(performerBankingSettings, eq(performerBankingSettings.performerId, users.id))
      .leftJoin(performerPaymentSettings, eq(performerPaymentSettings.performerId, users.id))
      .where(eq(users.id, userId))
      .limit(1);
    return row ?? null;
  },

  async upsertBanking(db: Executor, performerId: string, values: BankingValues): Promise<void> {
    const row = { ...values, updatedAt: new Date() };
    await db
      .insert(performerBankingSettings)
      .values({ performerId, ...row })
      .onConflictDoUpdate({ target: performerBankingSettings.performerId, set: row });
  },

  async upsertPaymentSettings(db: Executor, performerId: string, values: PaymentSettingsValues): Promise<void> {
    const row = { ...values, updatedAt: new Date() };
    await db
      .insert(performerPaymentSettings)
      .values({ performerId, ...row })
      .onConflictDoUpdate({ target: performerPaymentSettings.performerId, set: row });
  },
};
