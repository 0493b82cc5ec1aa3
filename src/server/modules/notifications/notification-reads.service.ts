import type { FastifyInstance } from 'fastify';
import type { Notification, NotificationListQuery, UnreadCount } from '../../../common/contract/notifications';
import { afterCommit } from '../../db/after-commit';
import { toNotification } from './notification.dto';
import { notificationsRepository as repo } from './notifications.repository';

type Deps = Pick<FastifyInstance, 'db' | 'config' | 'storage' | 'realtime'>;

/**
 * A person's own notifications: the list, the unread count and marking them read. Every query is
 * keyed on the caller, so another account's ids change nothing and show nothing. Marking answers
 * the absolute unread total and pushes it (`notification_unread`) to the caller's sockets, so
 * every open tab and device shows the same count.
 */
export function createNotificationReads(app: Deps) {
  const urls = { storage: app.storage, webOrigin: app.config.webOrigin };

  async function mark(userId: string, ids: readonly string[] | null): Promise<UnreadCount> {
    const { total } = await app.db.transaction(async (tx) => {
      const result = await repo.markRead(tx, userId, ids);
      if (result.changed) afterCommit(tx, () => app.realtime.toUser(userId, 'notification_unread', { total: result.total }));
      return result;
    });
    return { total };
  }

  return {
    async list(userId: string, query: NotificationListQuery): Promise<{ data: Notification[]; total: number }> {
      const { rows, total } = await repo.list(app.db, userId, { unread: query.unread === true, offset: query.offset ?? 0, limit: query.limit ?? 20 });
      return { data: rows.map((r) => toNotification(urls, r.notification, r.actor)), total };
    },

    unreadCount: async (userId: string): Promise<UnreadCount> => ({ total: await repo.unreadCount(app.db, userId) }),

    /** Only the caller's own unread rows among `ids` change. */
    read: (userId: string, ids: readonly string[]) => mark(userId, ids.map((id) => id.toLowerCase())),

    readAll: (userId: string) => mark(userId, null),
  };
}
