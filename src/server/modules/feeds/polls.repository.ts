import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { pollOptions, polls, pollVotes } from '../../db/schema';

export type PollRow = typeof polls.$inferSelect;
export type PollOptionRow = typeof pollOptions.$inferSelect;
export interface PollWithOptions {
  poll: PollRow;
  options: PollOptionRow[];
}

/**
 * Polls, their options and votes. A vote is one row per person and poll (primary key), so a
 * second one conflicts; counters move by `+ 1` in SQL only when a vote row was really inserted.
 */
export const pollsRepository = {
  async insert(db: Executor, values: { performerId: string; question: string; expiresAt: Date | null }, options: string[]): Promise<PollWithOptions> {
    const [poll] = await db.insert(polls).values(values).returning();
    const rows = await db.insert(pollOptions).values(options.map((text, position) => ({ pollId: poll.id, text, position }))).returning();
    return { poll, options: rows.sort((a, b) => a.position - b.position) };
  },

  async findById(db: Executor, id: string): Promise<PollRow | null> {
    const [row] = await db.select().from(polls).where(eq(polls.id, id)).limit(1);
    return row ?? null;
  },

  /** Polls with their options in order: two queries for a page. */
  async withOptions(db: Executor, ids: readonly string[]): Promise<Map<string, PollWithOptions>> {
    const result = new Map<string, PollWithOptions>();
    if (!ids.length) return result;
    const unique = [...new Set(ids)];
    const [pollRows, optionRows] = await Promise.all([
      db.select().from(polls).where(inArray(polls.id, unique)),
      db.select().from(pollOptions).where(inArray(pollOptions.pollId, unique)).orderBy(asc(pollOptions.pollId), asc(pollOptions.position)),
    ]);
    for (const poll of pollRows) result.set(poll.id, { poll, options: [] });
    for (const option of optionRows) result.get(option.pollId)?.options.push(option);
    return result;
  },

  /** Records a vote; false when this person already voted in this poll. */
  async vote(db: Executor, pollId: string, userId: string, optionId: string): Promise<boolean> {
    const rows = await db.insert(pollVotes).values({ pollId, userId, optionId }).onConflictDoNothing().returning({ pollId: pollVotes.pollId });
    if (!rows.length) return false;
    await db.update(pollOptions).set({ totalVotes: sql`${pollOptions.totalVotes} + 1` }).where(eq(pollOptions.id, optionId));
    await db.update(polls).set({ totalVotes: sql`${polls.totalVotes} + 1` }).where(eq(polls.id, pollId));
    return true;
  },

  /** Options and votes go with the poll (foreign keys cascade). */
  async remove(db: Executor, ids: readonly string[]): Promise<void> {
    if (ids.length) await db.delete(polls).where(inArray(polls.id, [...ids]));
  },
};
