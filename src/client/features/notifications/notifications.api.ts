import {
  notificationRoutes,
  type NotificationListQuery,
  type UpdateNotificationPreferencesBody,
} from '@/common/contract/notifications';
import { callRoute } from '@/client/lib/call-route';

/** The signed-in person's notifications, newest first (20 a page unless `limit` says otherwise). */
export const listNotifications = (query: NotificationListQuery) => callRoute(notificationRoutes.list, { query });
export const unreadCount = () => callRoute(notificationRoutes.unreadCount);
/** Answers the absolute unread total left. */
export const markRead = (ids: string[]) => callRoute(notificationRoutes.read, { body: { ids } });
/** Answers the absolute unread total left (0, unless new ones arrived meanwhile). */
export const markAllRead = () => callRoute(notificationRoutes.readAll);
/** A kind left out keeps its setting; answers every kind of the person's role. */
export const updatePreferences = (body: UpdateNotificationPreferencesBody) => callRoute(notificationRoutes.updatePreferences, { body });
