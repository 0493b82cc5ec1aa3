import type { FastifyInstance } from 'fastify';
import type { Notification, NotificationData, NotificationKind } from '../../../common/contract/notifications';
import { excerpt } from '../../../common/lib/content-path';
import { afterCommit } from '../../db/after-commit';
import type { Executor } from '../../db/client';
import type { PublicUserColumns } from '../users/user-public.dto';
import { toNotification } from './notification.dto';
import { notificationMail } from './notification-mail';
import { DEDUPE_HOURS, emailByDefault, rolesFor, TITLE_MAX } from './notification-rules';
import { notificationsRepository as repo, type CreatedNotification, type NotificationInsert } from './notifications.repository';

export interface NotifyInput {
  /** Who is told. */
  userId: string;
  kind: NotificationKind;
  /** Who caused it; null for the platform (an operator's decision). Nobody is told about their own action. */
  actorId?: string | null;
  /** The web page it opens (site-relative). */
  link?: string | null;
  data?: NotificationData;
}

export interface NotifySubscribersInput {
  /** The creator: the actor, and whose subscribers with access now are told. */
  performerId: string;
  kind: 'creator_posted' | 'creator_live';
  link: string;
  data?: NotificationData;
}

type Deps = Pick<FastifyInstance, 'db' | 'config' | 'storage' | 'settings' | 'realtime' | 'background' | 'mailer' | 'log'>;

/**
 * Writing notifications (README "Notifications"). Both calls run inside the caller's transaction
 * (one statement each) and deliver only after it commits (`afterCommit`): the recipient's sockets
 * get `notification_created` at once, mails and fan-out pushes go to the background, so a request
 * never waits for a mail server and a rolled-back event tells nobody.
 */
export function createNotificationsService(app: Deps) {
  const urls = { storage: app.storage, webOrigin: app.config.webOrigin };

  const insertOf = (kind: NotificationKind, actorId: string | null, link: string | null, data: NotificationData): NotificationInsert => ({
    kind,
    actorId,
    link,
    data: data.title === undefined ? data : { ...data, title: excerpt(data.title, TITLE_MAX) },
    roles: rolesFor(kind),
    emailByDefault: emailByDefault(kind),
  });

  const dto = (created: CreatedNotification, n: NotificationInsert, actor: PublicUserColumns | null): Notification =>
    toNotification(urls, { id: created.id, kind: n.kind, link: n.link, data: n.data, readAt: null, createdAt: created.createdAt }, actor);

  async function mail(created: CreatedNotification, notification: Notification) {
    if (!created.mailTo) return;
    try {
      const siteName = await app.settings.get('siteName');
      await app.mailer.send(notificationMail({
        to: created.mailTo, name: created.name || created.username || '', role: created.role, siteName, webOrigin: app.config.webOrigin, notification,
      }));
    } catch (err) {
      app.log.error({ err, notificationId: created.id }, 'mailing a notification failed');
    }
  }

  return {
    /** One notification to one person (unless refused: see notificationsRepository.insertOne). */
    async notify(tx: Executor, input: NotifyInput): Promise<void> {
      const actorId = input.actorId ?? null;
      if (actorId === input.userId) return;
      const n = insertOf(input.kind, actorId, input.link ?? null, input.data ?? {});
      const written = await repo.insertOne(tx, input.userId, n, actorId ? (DEDUPE_HOURS[n.kind] ?? null) : null);
      if (!written) return;
      const notification = dto(written.created, n, written.actor);
      afterCommit(tx, () => {
        app.realtime.toUser(written.created.userId, 'notification_created', { notification });
        if (written.created.mailTo) app.background.run('notification mail', () => mail(written.created, notification));
      });
    },

    /**
     * A creator's news to every subscriber with access now, in one INSERT ... SELECT however many
     * there are; the pushes and mails follow in the background after the commit.
     */
    async notifySubscribers(tx: Executor, input: NotifySubscribersInput): Promise<number> {
      const n = insertOf(input.kind, input.performerId, input.link, input.data ?? {});
      const created = await repo.insertForSubscribers(tx, input.performerId, n);
      if (!created.length) return 0;
      afterCommit(tx, () => app.background.run('notification fan-out', async () => {
        const actor = await repo.findActor(app.db, input.performerId);
        for (const c of created) app.realtime.toUser(c.userId, 'notification_created', { notification: dto(c, n, actor) });
        for (const c of created) if (c.mailTo) await mail(c, dto(c, n, actor));
      }));
      return created.length;
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
