import type { Notification, NotificationData, NotificationKind } from '../../../common/contract/notifications';
import type { ImageUrlContext } from '../users/user.dto';
import { toUserPublic, type PublicUserColumns } from '../users/user-public.dto';

/** The contract's Notification from a row (stored or just inserted) and its actor's public columns. */
export function toNotification(
  ctx: ImageUrlContext,
  row: { id: string; kind: NotificationKind; link: string | null; data: NotificationData; readAt: Date | null; createdAt: Date },
  actor: PublicUserColumns | null,
): Notification {
  return {
    _id: row.id,
    kind: row.kind,
    actor: actor ? toUserPublic(ctx, actor) : null,
    link: row.link,
    data: row.data,
    readAt: row.readAt ? row.readAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}
