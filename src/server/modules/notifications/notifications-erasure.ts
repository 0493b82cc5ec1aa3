import type { Executor } from '../../db/client';
import { notificationPreferencesRepository } from './notification-preferences.repository';
import { notificationsRepository } from './notifications.repository';

/**
 * Account deletion, in its transaction: the person's notifications and preferences, and the
 * notifications their actions put in other people's lists (those quote their words, e.g. a
 * comment, and name an account that no longer exists).
 */
export const notificationsErasure = {
  async eraseAll(tx: Executor, userId: string): Promise<void> {
    await notificationsRepository.eraseAllOf(tx, userId);
    await notificationPreferencesRepository.eraseAllOf(tx, userId);
  },
};
