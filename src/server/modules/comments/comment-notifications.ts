import type { CommentObjectType } from '../../../common/contract/comments';
import { contentPath } from '../../../common/lib/content-path';
import { richTextToPlain } from '../../../common/lib/rich-text';
import type { Executor } from '../../db/client';
import type { NotificationsService } from '../notifications/notifications.service';

/**
 * Who hears about a new comment, inside its transaction: the parent comment's author (a reply:
 * `comment_reply`) and the item's creator (`comment_new`), unless the creator is that author (one
 * notification, the reply) or wrote it. Both quote the comment's words and open the item's page.
 */
export async function tellAboutComment(
  notifications: NotificationsService,
  tx: Executor,
  c: { authorId: string; objectType: CommentObjectType; objectId: string; creatorId: string; text: string; parentAuthorId: string | null },
): Promise<void> {
  const about = { actorId: c.authorId, link: contentPath(c.objectType, c.objectId), data: { objectType: c.objectType, title: richTextToPlain(c.text) } };
  if (c.parentAuthorId) await notifications.notify(tx, { userId: c.parentAuthorId, kind: 'comment_reply', ...about });
  if (c.creatorId !== c.parentAuthorId) await notifications.notify(tx, { userId: c.creatorId, kind: 'comment_new', ...about });
}
