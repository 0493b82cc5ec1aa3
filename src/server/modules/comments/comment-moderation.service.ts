import type { Executor } from '../../db/client';
import { conflict, notFound } from '../../lib/http-error';
import type { MediaService } from '../../plugins/media';
import { toCommentImage } from './comment.dto';
import { contentCountersRepository } from '../reactions/content-counters.repository';
import { commentsRepository, type CommentImageRow, type CommentRow } from './comments.repository';

const COMMENT_NOT_FOUND = 'Comment not found';

export interface CommentModerationResult {
  before: CommentRow;
  after: CommentRow;
}

/**
 * An operator removing a comment, or putting it back, in the caller's transaction (the caller
 * writes the audit row). A removed comment leaves the public counters: the item's
 * `total_comments` loses it, and a removed top-level comment takes its visible replies out with
 * it (they are no longer shown under it); a removed reply also leaves its parent's
 * `total_replies`. Lock order as every comment writer: the top-level comment, then the reply,
 * then the item's counter row, so removal, replies and deletions never wait on each other in a circle.
 */
export const commentModeration = {
  async hide(tx: Executor, id: string, reason: string | null): Promise<CommentModerationResult> {
    return change(tx, id, true, reason);
  },

  async unhide(tx: Executor, id: string): Promise<CommentModerationResult> {
    return change(tx, id, false, null);
  },

  /** A comment as operators see it (with its removal state and image), or null. */
  find: (db: Executor, id: string) => commentsRepository.findWithUser(db, id),

  /** The signed thumbnail of a found comment's image, for the report decision screen; null without one. */
  imageThumbnail: (media: Pick<MediaService, 'present'>, found: { image: CommentImageRow | null }) =>
    toCommentImage(media, found.image)?.thumbnailUrl ?? null,
};

async function change(tx: Executor, id: string, hide: boolean, reason: string | null): Promise<CommentModerationResult> {
  const found = await commentsRepository.findById(tx, id);
  if (!found) throw notFound(COMMENT_NOT_FOUND);
  const parent = found.parentId ? await commentsRepository.lockById(tx, found.parentId) : null;
  if (found.parentId && !parent) throw notFound(COMMENT_NOT_FOUND);
  const before = await commentsRepository.lockById(tx, id);
  if (!before) throw notFound(COMMENT_NOT_FOUND);
  if (hide && before.hiddenAt) throw conflict('This comment is already hidden');
  if (!hide && !before.hiddenAt) throw conflict('This comment is not hidden');

  const after = await commentsRepository.setHidden(tx, id, hide ? { at: new Date(), reason } : null);
  const sign = hide ? -1 : 1;
  let counted: number;
  if (parent) {
    await commentsRepository.moveReplies(tx, parent.id, sign);
    // Under a removed parent the reply was not counted on the item either way.
    counted = parent.hiddenAt ? 0 : 1;
  } else {
    counted = 1 + (await commentsRepository.countVisibleReplies(tx, id));
  }
  if (counted) await contentCountersRepository.move(tx, before.objectType, before.objectId, 'totalComments', sign * counted);
  return { before, after };
}
