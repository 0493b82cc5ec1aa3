import type { Executor } from '../../db/client';
import { followsRepository } from './follows.repository';
import { followsAccountRepository } from './follows-account.repository';

/**
 * A deleted account's follows go, in the caller's transaction: those it made (each creator's
 * follower counter drops through `followsRepository.remove`, the only counter writer) and, for a
 * creator, those others made of it (its own counter no longer matters: the profile is gone).
 */
export async function removeAllFollowsOf(tx: Executor, userId: string): Promise<void> {
  for (const performerId of await followsRepository.followedIds(tx, userId)) await followsRepository.remove(tx, userId, performerId);
  await followsAccountRepository.removeFollowersOf(tx, userId);
}
