import type { FastifyInstance } from 'fastify';
import {
  COMMENT_PREVIEW_REPLIES, type Comment, type CommentListQuery, type CommentObjectType, type CreateCommentBody,
} from '../../../common/contract/comments';
import type { ContentType } from '../../../common/contract/content';
import type { Executor } from '../../db/client';
import { badRequest, forbidden, notFound, unprocessable } from '../../lib/http-error';
import type { Viewer } from '../blocking/viewer';
import { contentAccessRepository } from '../content/content-access.repository';
import { requireUnlockedItem } from '../content/content-access.service';
import { contentCountersRepository } from '../reactions/content-counters.repository';
import { cleanCommentText } from './comment-text';
import { toComment, toCommentWithReplies, type CommentReader } from './comment.dto';
import { commentsRepository, readableComments, type CommentRow, type CommentWithUser } from './comments.repository';
import { requireUuid } from '../../shared/ids';

type SignedIn = Viewer & { userId: string };

const COMMENT_NOT_FOUND = 'Comment not found';
/** Comments are part of what unlocking an item opens. */
const LOCKED_READ: Record<ContentType, string> = {
  feed: 'Unlock this post to see its comments',
  video: 'Unlock this video to see its comments',
  gallery: 'Unlock this gallery to see its comments',
  product: 'Buy this product to see its comments',
};
const LOCKED_WRITE: Record<ContentType, string> = {
  feed: 'Unlock this post to comment on it',
  video: 'Unlock this video to comment on it',
  gallery: 'Unlock this gallery to comment on it',
  product: 'Buy this product to comment on it',
};
const ONE_LEVEL = 'You can reply to a comment, not to a reply';
const REMOVED_NO_REPLIES = 'This comment was removed by the moderators: it takes no replies';
const REMOVED_NO_EDIT = 'This comment was removed by the moderators: it cannot be edited';

const page = (q: { offset?: number; limit?: number }) => ({ offset: q.offset ?? 0, limit: q.limit ?? 10 });
const readerOf = (viewer: Viewer, creatorId: string): CommentReader => ({ viewerId: viewer.userId, isAdmin: viewer.role === 'admin', creatorId });

/**
 * Comments on feeds, videos, galleries and products, with one level of replies. Reading and
 * writing need the item open to the viewer (requireUnlockedItem: 404 hidden, 403 blocked or
 * locked). Every write is one transaction that also moves the item's total_comments and the
 * parent's total_replies, by exactly the rows it added or removed.
 */
export function createCommentsService(deps: Pick<FastifyInstance, 'db' | 'config' | 'storage'>) {
  const { db } = deps;
  const urls = { storage: deps.storage, webOrigin: deps.config.webOrigin };

  /**
   * A top-level comment of this item, for replying to it or listing its replies. One the
   * moderators removed exists only for its author and operators.
   */
  async function requireParent(tx: Executor, id: string, objectType: CommentObjectType, objectId: string, viewer: Viewer): Promise<CommentRow> {
    const parent = await commentsRepository.findById(tx, requireUuid(id, 'parentId'));
    if (!parent || parent.objectType !== objectType || parent.objectId !== objectId) throw notFound(COMMENT_NOT_FOUND);
    if (parent.hiddenAt && viewer.role !== 'admin' && parent.userId !== viewer.userId) throw notFound(COMMENT_NOT_FOUND);
    if (parent.parentId) throw badRequest(ONE_LEVEL, [{ field: 'parentId', message: ONE_LEVEL }]);
    return parent;
  }

  async function answer(tx: Executor, id: string, reader: CommentReader): Promise<Comment> {
    const row = (await commentsRepository.findWithUser(tx, id))!;
    return row.comment.parentId ? toComment(urls, row, reader) : toCommentWithReplies(urls, row, [], reader);
  }

  return {
    async create(viewer: SignedIn, body: CreateCommentBody): Promise<Comment> {
      const text = cleanCommentText(body.text);
      return db.transaction(async (tx) => {
        const { meta } = await requireUnlockedItem(tx, body.objectType, body.objectId, viewer, LOCKED_WRITE[body.objectType]);
        let parentId: string | null = null;
        if (body.parentId) {
          const parent = await requireParent(tx, body.parentId, body.objectType, meta.id, viewer);
          if (parent.hiddenAt) throw unprocessable(REMOVED_NO_REPLIES);
          // Locks the parent: a reply never interleaves with the parent's deletion or removal.
          if (!(await commentsRepository.moveReplies(tx, parent.id, 1, { visibleOnly: true }))) throw notFound(COMMENT_NOT_FOUND);
          parentId = parent.id;
        }
        const row = await commentsRepository.insert(tx, { objectType: body.objectType, objectId: meta.id, parentId, userId: viewer.userId, text });
        await contentCountersRepository.move(tx, body.objectType, meta.id, 'totalComments', 1);
        return answer(tx, row.id, readerOf(viewer, meta.performerId));
      });
    },

    async list(viewer: Viewer, query: CommentListQuery): Promise<{ data: Comment[]; total: number }> {
      const { meta } = await requireUnlockedItem(db, query.objectType, query.objectId, viewer, LOCKED_READ[query.objectType]);
      const reader = readerOf(viewer, meta.performerId);
      const readable = readableComments(viewer);
      if (query.parentId) {
        const parent = await requireParent(db, query.parentId, query.objectType, meta.id, viewer);
        const { rows, total } = await commentsRepository.listReplies(db, parent.id, page(query), readable);
        return { data: rows.map((r) => toComment(urls, r, reader)), total };
      }
      const { rows, total } = await commentsRepository.listTopLevel(db, query.objectType, meta.id, page(query), readable);
      const replies = await commentsRepository.firstReplies(db, rows.map((r) => r.comment.id), COMMENT_PREVIEW_REPLIES, readable);
      const byParent = new Map<string, CommentWithUser[]>();
      for (const reply of replies) byParent.set(reply.comment.parentId!, [...(byParent.get(reply.comment.parentId!) ?? []), reply]);
      return { data: rows.map((r) => toCommentWithReplies(urls, r, byParent.get(r.comment.id) ?? [], reader)), total };
    },

    /** Only the author edits, only while they can still open the item, and not once the moderators removed it. */
    async update(viewer: SignedIn, id: string, rawText: string): Promise<Comment> {
      const text = cleanCommentText(rawText);
      return db.transaction(async (tx) => {
        const comment = await commentsRepository.findById(tx, requireUuid(id));
        if (!comment || (comment.hiddenAt && comment.userId !== viewer.userId && viewer.role !== 'admin')) throw notFound(COMMENT_NOT_FOUND);
        if (comment.userId !== viewer.userId) throw forbidden('You can only edit your own comments');
        const { meta } = await requireUnlockedItem(tx, comment.objectType, comment.objectId, viewer, LOCKED_WRITE[comment.objectType]);
        if (!(await commentsRepository.updateText(tx, comment.id, text))) throw unprocessable(REMOVED_NO_EDIT);
        return answer(tx, comment.id, readerOf(viewer, meta.performerId));
      });
    },

    /**
     * The author, the item's creator or an admin. Authors may always take their words back, even
     * after losing access to the item or being blocked. A parent goes with its replies, and the
     * counters drop by exactly the rows they counted (comments the moderators removed, and the
     * replies under such a comment, were already taken out of them).
     */
    async remove(viewer: SignedIn, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const comment = await commentsRepository.findById(tx, requireUuid(id));
        if (!comment || (comment.hiddenAt && comment.userId !== viewer.userId && viewer.role !== 'admin')) throw notFound(COMMENT_NOT_FOUND);
        const item = await contentAccessRepository.findMeta(tx, comment.objectType, comment.objectId, { includeHidden: true });
        const allowed = comment.userId === viewer.userId || viewer.role === 'admin' || item?.performerId === viewer.userId;
        if (!allowed) throw forbidden('You can only delete your own comments');
        let counted: number;
        if (comment.parentId) {
          // Parent first, then the reply: the same lock order as a parent's deletion.
          const parent = await commentsRepository.lockById(tx, comment.parentId);
          if (!parent) throw notFound(COMMENT_NOT_FOUND);
          const deleted = await commentsRepository.deleteById(tx, comment.id);
          if (!deleted) throw notFound(COMMENT_NOT_FOUND);
          if (!deleted.hiddenAt) await commentsRepository.moveReplies(tx, parent.id, -1);
          counted = deleted.hiddenAt || parent.hiddenAt ? 0 : 1;
        } else {
          const locked = await commentsRepository.lockById(tx, comment.id);
          if (!locked) throw notFound(COMMENT_NOT_FOUND);
          const replies = await commentsRepository.deleteReplies(tx, comment.id);
          await commentsRepository.deleteById(tx, comment.id);
          counted = locked.hiddenAt ? 0 : 1 + replies.visible;
        }
        if (counted) await contentCountersRepository.move(tx, comment.objectType, comment.objectId, 'totalComments', -counted);
      });
    },
  };
}
