import type { FastifyInstance } from 'fastify';
import type { BlockedUser } from '../../../common/contract/social';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { followsRepository } from '../follows/follows.repository';
import { reactionsRepository } from '../reactions/reactions.repository';
import { createReferenceService } from '../reference/reference.service';
import { toUserPublic } from '../users/user-public.dto';
import { usersRepository } from '../users/users.repository';
import { blockingRepository, creatorBlockedAccountSql } from './blocking.repository';
import { requireUuid } from '../../shared/ids';

/** A creator's own block lists. Every method acts on the caller's lists only. */
export function createBlockingService(deps: Pick<FastifyInstance, 'db' | 'config' | 'storage'>) {
  const { db } = deps;
  const urls = { storage: deps.storage, webOrigin: deps.config.webOrigin };
  const reference = createReferenceService(deps.config.apiEndpoint);

  const toBlockedUser = (row: { block: { reason: string; createdAt: Date }; user: Parameters<typeof toUserPublic>[1] }): BlockedUser => ({
    _id: row.user.id,
    user: toUserPublic(urls, row.user),
    reason: row.block.reason,
    createdAt: row.block.createdAt.toISOString(),
  });

  /** Upper-cased, de-duplicated codes; 400 naming the first code the country list does not know. */
  async function knownCountries(codes: string[]): Promise<string[]> {
    const known = new Set((await reference.countries()).map((c) => c.code));
    const upper = codes.map((c) => c.toUpperCase());
    const index = upper.findIndex((c) => !known.has(c));
    if (index >= 0) {
      const message = `Unknown country code: ${codes[index]}`;
      throw badRequest(message, [{ field: `countries.${index}`, message }]);
    }
    return [...new Set(upper)];
  }

  return {
    /**
     * Blocks an account and, in the same transaction, ends its follow (the counter drops) and its
     * bookmark of this creator. The creator's row is locked first, so a follow or bookmark racing
     * with the block either lands before it (and is removed here) or sees the block.
     */
    async blockUser(performerId: string, body: { userId: string; reason?: string }): Promise<BlockedUser> {
      const userId = body.userId.toLowerCase();
      if (userId === performerId) throw badRequest('You cannot block yourself');
      return db.transaction(async (tx) => {
        if (!(await blockingRepository.lockCreator(tx, performerId, 'update'))) throw notFound('Performer not found');
        const user = await usersRepository.findById(tx, userId);
        if (!user) throw notFound('User not found');
        if (user.role === 'admin') throw badRequest('Administrators cannot be blocked');
        if (!(await blockingRepository.blockUser(tx, performerId, userId, body.reason?.trim() ?? ''))) throw conflict('Already blocked');
        await followsRepository.remove(tx, userId, performerId);
        await reactionsRepository.remove(tx, { userId, objectType: 'performer', objectId: performerId, action: 'bookmark' });
        const row = await blockingRepository.findBlockedUser(tx, performerId, userId);
        return toBlockedUser(row!);
      });
    },

    async blockedUsers(performerId: string, query: { offset?: number; limit?: number }) {
      const page = { offset: query.offset ?? 0, limit: query.limit ?? 10 };
      const { rows, total } = await db.transaction((tx) => blockingRepository.listBlockedUsers(tx, performerId, page));
      return { data: rows.map(toBlockedUser), total };
    },

    async unblockUser(performerId: string, id: string): Promise<{ success: boolean }> {
      const userId = requireUuid(id);
      const removed = await db.transaction((tx) => blockingRepository.unblockUser(tx, performerId, userId));
      if (!removed) throw notFound('This user is not blocked');
      return { success: true };
    },

    async blockCountries(performerId: string, codes: string[]): Promise<{ countries: string[] }> {
      const countries = await knownCountries(codes);
      return db.transaction(async (tx) => {
        await blockingRepository.replaceCountries(tx, performerId, countries);
        return { countries: await blockingRepository.listCountries(tx, performerId) };
      });
    },

    async blockedCountries(performerId: string): Promise<{ countries: string[] }> {
      return { countries: await blockingRepository.listCountries(db, performerId) };
    },
  };
}

/**
 * For another module's single statement that must leave out what a creator's block forbids
 * (notifications: one INSERT per event, however many recipients): the condition "this creator
 * blocked this account", sides given as columns or ids. Country blocks need the viewer's address,
 * which a notification does not have, so only account blocks count there.
 */
export const creatorBlockedAccount = creatorBlockedAccountSql;
