import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../../src/server/db/schema';
import { signUpConsent } from '../../src/server/modules/users/consent';

const { users } = schema;

/**
 * Direct database access for tests: arrange rows that have no route yet and check what a
 * request did or did not write. The only place tests import Drizzle.
 */

export type UserRow = typeof users.$inferSelect;

/** Inserts an active user (a fan unless `role` says otherwise) with a unique username and email. */
export async function createUser(app: FastifyInstance, overrides: Partial<typeof users.$inferInsert> = {}): Promise<UserRow> {
  const tag = crypto.randomBytes(4).toString('hex');
  const [row] = await app.db
    .insert(users)
    .values({ name: `Test ${tag}`, username: `user_${tag}`, email: `user_${tag}@example.test`, ...signUpConsent(), ...overrides })
    .returning();
  return row;
}

/** A user and a valid token for it, as the Authorization header carries it. */
export async function createUserWithToken(app: FastifyInstance, overrides: Partial<typeof users.$inferInsert> = {}) {
  const user = await createUser(app, overrides);
  const { token } = await app.tokens.issue(user.id, false);
  return { user, token };
}

/** Every row of a table, for asserting that a rejected request changed nothing. */
export async function allRows<T extends PgTable>(app: FastifyInstance, table: T): Promise<T['$inferSelect'][]> {
  return (await app.db.select().from(table as PgTable)) as T['$inferSelect'][];
}

/** The Drizzle tables, for `allRows(app, tables.settings)` and the like. */
export { schema as tables };

/**
 * A performer account (user row + performer row) with a token; `profile` sets performer columns.
 * Verified (approved) unless `profile` says otherwise: most tests pay creators, and an unverified
 * one cannot be paid while `requireCreatorVerification` is on.
 */
export async function createPerformerWithToken(
  app: FastifyInstance,
  overrides: Partial<typeof users.$inferInsert> = {},
  profile: Partial<Omit<typeof schema.performers.$inferInsert, 'userId'>> = {},
) {
  const { user, token } = await createUserWithToken(app, { role: 'performer', ...overrides });
  // A performer row is made with its account at sign-up, so both carry the same creation time.
  await app.db.insert(schema.performers).values({ userId: user.id, createdAt: user.createdAt, verificationStatus: 'approved', ...profile });
  return { user, token };
}
