import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { notificationRoutes } from '../../../common/contract/notifications';
import { addRoute } from '../../lib/route';
import { createNotificationPreferences } from './notification-preferences.service';
import { createNotificationReads } from './notification-reads.service';
import { createNotificationsService, type NotificationsService } from './notifications.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** `app.notifications.notify(tx, {...})` inside an event's transaction; delivered after its commit. */
    notifications: NotificationsService;
  }
}

/**
 * Notifications (contract `notificationRoutes`): the caller's list, unread count, marking read and
 * preferences; `app.notifications` for the modules whose events tell someone. Registered before
 * every module that notifies.
 */
export default fp(async function notificationsModule(app: FastifyInstance) {
  app.decorate('notifications', createNotificationsService(app));
  const reads = createNotificationReads(app);
  const preferences = createNotificationPreferences(app);

  addRoute(app, notificationRoutes.list, async (request) => ({ data: await reads.list(request.user!.id, request.query) }));
  addRoute(app, notificationRoutes.unreadCount, async (request) => ({ data: await reads.unreadCount(request.user!.id) }));
  addRoute(app, notificationRoutes.read, async (request) => ({ data: await reads.read(request.user!.id, request.body.ids) }));
  addRoute(app, notificationRoutes.readAll, async (request) => ({ data: await reads.readAll(request.user!.id) }));
  addRoute(app, notificationRoutes.preferences, async (request) => ({ data: await preferences.get(request.user!) }));
  addRoute(app, notificationRoutes.updatePreferences, async (request) => ({
    data: await preferences.update(request.user!, request.body),
  }));
}, { name: 'notifications', dependencies: ['db', 'auth', 'settings', 'realtime', 'mail', 'background', 'storage'] });
