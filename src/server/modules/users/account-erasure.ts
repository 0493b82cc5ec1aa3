import type { Executor } from '../../db/client';
import { usersRepository, type UserRow } from './users.repository';

/** The name a deleted account shows wherever it still appears (ledger, other people's conversations). */
export const DELETED_ACCOUNT_NAME = 'Deleted account';

/** `deleted_<12 hex of the id>`: unique, valid as a username, and says nothing about the person. */
export const deletedUsername = (userId: string) => `deleted_${userId.replace(/-/g, '').slice(0, 12)}`;

/** The account row as its owner may see it in their data export, and as deletion erases it. */
export const accountErasure = {
  find: (db: Executor, userId: string): Promise<UserRow | null> => usersRepository.findById(db, userId),
  lock: (tx: Executor, userId: string): Promise<UserRow | null> => usersRepository.lockById(tx, userId),

  /**
   * Erases the personal fields of the row and marks it deleted (status `inactive`, `deleted_at`):
   * the row stays because ledger transactions, orders and other people's conversations name it.
   * Answers the stored image keys (avatar, cover) to delete once the transaction committed.
   */
  async anonymise(tx: Executor, user: UserRow, now = new Date()): Promise<string[]> {
    await usersRepository.update(tx, user.id, {
      name: DELETED_ACCOUNT_NAME,
      username: deletedUsername(user.id),
      email: null,
      passwordHash: null,
      avatarPath: null,
      coverPath: null,
      emailVerified: false,
      status: 'inactive',
      suspendedReason: null,
      suspendedUntil: null,
      suspendedAt: null,
      twoFactorSecret: null,
      twoFactorEnabledAt: null,
      twoFactorLastStep: null,
      deletedAt: now,
      updatedAt: now,
    });
    return [user.avatarPath, user.coverPath].filter((k): k is string => Boolean(k));
  },
};
