import { and, count, eq, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { authTokens, ledgerAccounts, performers, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

export type NewUser = typeof users.$inferInsert;
export type UniqueField = 'email' | 'username';

const CONSTRAINT_FIELDS: Record<string, UniqueField> = { users_email_key: 'email', users_username_key: 'username' };

/** `findAccount`'s statement. */
const accountQuery = preparedQuery((db) =>
  db
    .select({
      user: users,
      verificationStatus: performers.verificationStatus,
      verificationNote: performers.verificationNote,
      balanceCents: ledgerAccounts.balanceCents,
      walletId: ledgerAccounts.id,
      pendingEmail: sql<string | null>`(select ${authTokens.payload} from ${authTokens}
        where ${authTokens.userId} = ${users.id} and ${authTokens.kind} = 'change-email'
          and ${authTokens.usedAt} is null and ${authTokens.expiresAt} > ${sql.placeholder('now')}
        order by ${authTokens.createdAt} desc limit 1)`,
    })
    .from(users)
    .leftJoin(performers, eq(performers.userId, users.id))
    // The wallet's cached balance; no account yet means nothing was ever topped up.
    .leftJoin(ledgerAccounts, and(eq(ledgerAccounts.ownerId, users.id), eq(ledgerAccounts.kind, 'wallet')))
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('users_find_account'),
);

/**
 * The field behind a unique-index violation, or null for any other error. Two sign-ups with the
 * same name can both pass the pre-check; the index is what finally decides, so this turns its
 * error into the same 409 the pre-check gives. Drizzle wraps the driver error in `cause`.
 */
export function uniqueViolationField(err: unknown): UniqueField | null {
  for (let e = err as { code?: string; constraint?: string; message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') {
      if (e.constraint && CONSTRAINT_FIELDS[e.constraint]) return CONSTRAINT_FIELDS[e.constraint];
      const named = Object.keys(CONSTRAINT_FIELDS).find((c) => e!.message?.includes(c));
      return named ? CONSTRAINT_FIELDS[named] : null;
    }
  }
  return null;
}

/** What `findAccount` reads: the account's own view. */
export type AccountRow = NonNullable<Awaited<ReturnType<typeof usersRepository.findAccount>>>;

export const usersRepository = {
  async findById(db: Executor, id: string): Promise<UserRow | null> {
    const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
    return row ?? null;
  },

  /** The account row locked until the transaction ends (file replacement reads the old key, then writes the new one). */
  async lockById(db: Executor, id: string): Promise<UserRow | null> {
    const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1).for('update');
    return row ?? null;
  },

  /** The user with the performer row when there is one (CurrentUser shows the verification status). */
  /**
   * The signed-in account's own view in one statement: the user, the creator's verification, the
   * wallet's balance and the new address of a pending email change (the newest live link).
   * Prepared: it runs on every page load of a signed-in person (`GET /users/me`).
   */
  async findAccount(db: Executor, id: string, now = new Date()) {
    const [row] = await accountQuery(db).execute({ id, now });
    return row ?? null;
  },

  /** Sign-in accepts either an email or a username in either field; both are stored lower-cased. */
  async findByLogin(db: Executor, identifier: string): Promise<UserRow | null> {
    const [row] = await db
      .select()
      .from(users)
      .where(or(eq(users.email, identifier), eq(users.username, identifier)))
      .limit(1);
    return row ?? null;
  },

  async findByEmail(db: Executor, email: string): Promise<UserRow | null> {
    const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
    return row ?? null;
  },

  /** Which of the given email/username already belong to someone other than `exceptId`. */
  async takenFields(db: Executor, values: { email?: string | null; username?: string | null }, exceptId?: string) {
    const taken: UniqueField[] = [];
    for (const field of ['email', 'username'] as const) {
      const value = values[field];
      if (!value) continue;
      const where = exceptId ? and(eq(users[field], value), ne(users.id, exceptId)) : eq(users[field], value);
      const [row] = await db.select({ id: users.id }).from(users).where(where).limit(1);
      if (row) taken.push(field);
    }
    return taken;
  },

  async insert(db: Executor, values: NewUser): Promise<UserRow> {
    const [row] = await db.insert(users).values(values).returning();
    return row;
  },

  async update(db: Executor, id: string, patch: Partial<Omit<NewUser, 'id' | 'createdAt'>>): Promise<UserRow> {
    const [row] = await db.update(users).set({ ...patch, updatedAt: new Date() }).where(eq(users.id, id)).returning();
    return row;
  },

  async count(db: Executor): Promise<number> {
    const [row] = await db.select({ n: count() }).from(users);
    return Number(row.n);
  },
};
