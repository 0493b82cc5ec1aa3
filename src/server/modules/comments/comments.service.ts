import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  COMMENT_IMAGE_PURPOSE, COMMENT_PREVIEW_REPLIES, type Comment, type CommentListQuery, type CommentObjectType, type CreateCommentBody,
} from '../../../common/contract/comments';
import type { ContentType } from '../../../common/contract/content';
import type { MediaFileView } from '../../../common/contract/media';
import type { Executor } from '../../db/client';
import { badRequest, forbidden, notFound, unprocessable } from '../../lib/http-error';
import type { Viewer } from '../blocking/viewer';
import { contentAccessRepository } from '../content/content-access.repository';
import { requireUnlockedItem } from '../content/content-access.service';
import { contentCountersRepository } from '../reactions/content-counters.repository';
import { cleanCommentText } from './comment-text';
import { tellAboutComment } from './comment-notifications';
import { readCommentEdit } from './comment-edit-input';
import { toComment, toCommentWithReplies, type CommentReader, type CommentUrls } from './comment.dto';
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
const NOT_MY_IMAGE = 'This image does not exist or is not one of your comment uploads';
const IMAGE_IN_USE = 'This image is already part of another comment';

const page = (q: { offset?: number; limit?: number }) => ({ offset: q.offset ?? 0, limit: q.limit ?? 10 });
const readerOf = (viewer: Viewer, creatorId: string): CommentReader => ({ viewerId: viewer.userId, isAdmin: viewer.role === 'admin', creatorId });

/**
 * Comments on feeds, videos, galleries and products, with one level of replies. Reading and
 * writing need the item open to the viewer (requireUnlockedItem: 404 hidden, 403 blocked or
 * locked). Every write is one transaction that also moves the item's total_comments and the
 * parent's total_replies, by exactly the rows it added or removed. A comment carries at most one
 * image (a media_files row of purpose comment-image, re-encoded by the media pipeline); images a
 * write replaces or deletes are removed through app.media.remove after the commit.
 */
export function createCommentsService(deps: Pick<FastifyInstance, 'db' | 'config' | 'storage' | 'media' | 'notifications'>) {
  const { db } = deps;
  const urls: CommentUrls = { storage: deps.storage, webOrigin: deps.config.webOrigin, media: deps.media };

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

  /**
   * An image the viewer uploaded for comments that no other comment carries, locked for this
   * transaction (400 on `fileId` otherwise, before anything is written).
   */
  async function requireAttachableImage(tx: Executor, viewer: SignedIn, fileId: string): Promise<string> {
    const image = await commentsRepository.lockOwnImage(tx, viewer.userId, requireUuid(fileId, 'fileId').toLowerCase());
    if (!image) throw badRequest(NOT_MY_IMAGE, [{ field: 'fileId', message: NOT_MY_IMAGE }]);
    if (await commentsRepository.imageInUse(tx, image.id, null)) throw badRequest(IMAGE_IN_USE, [{ field: 'fileId', message: IMAGE_IN_USE }]);
    return image.id;
  }

  /**
   * The comment the viewer may edit: 404 when absent or removed by the moderators for anyone but its
   * author, 403 for another account's.
   */
  function requireEditable(comment: CommentRow | null, viewer: SignedIn): CommentRow {
    if (!comment || (comment.hiddenAt && comment.userId !== viewer.userId && viewer.role !== 'admin')) throw notFound(COMMENT_NOT_FOUND);
    if (comment.userId !== viewer.userId) throw forbidden('You can only edit your own comments');
    return comment;
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
        let parentAuthorId: string | null = null;
        if (body.parentId) {
          const parent = await requireParent(tx, body.parentId, body.objectType, meta.id, viewer);
          if (parent.hiddenAt) throw unprocessable(REMOVED_NO_REPLIES);
          // Locks the parent: a reply never interleaves with the parent's deletion or removal.
          if (!(await commentsRepository.moveReplies(tx, parent.id, 1, { visibleOnly: true }))) throw notFound(COMMENT_NOT_FOUND);
          parentId = parent.id;
          parentAuthorId = parent.userId;
        }
        const fileId = body.fileId ? await requireAttachableImage(tx, viewer, body.fileId) : null;
        const row = await commentsRepository.insert(tx, { objectType: body.objectType, objectId: meta.id, parentId, userId: viewer.userId, text, fileId });
        await contentCountersRepository.move(tx, body.objectType, meta.id, 'totalComments', 1);
        await tellAboutComment(deps.notifications, tx, { authorId: viewer.userId, objectType: body.objectType, objectId: meta.id, creatorId: meta.performerId, text, parentAuthorId });
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

    /**
     * Only the author edits, only while they can still open the item, and not once the moderators
     * removed it. Those checks run before the upload is read, so a refused edit stores no file, and
     * again in the transaction. A new image replaces the current one; `removeImage` drops it; the
     * image that leaves is deleted after the commit, a new one that was not kept as well.
     */
    async update(viewer: SignedIn, id: string, request: FastifyRequest): Promise<Comment> {
      const found = requireEditable(await commentsRepository.findById(db, requireUuid(id)), viewer);
      if (found.hiddenAt) throw unprocessable(REMOVED_NO_EDIT);
      await requireUnlockedItem(db, found.objectType, found.objectId, viewer, LOCKED_WRITE[found.objectType]);
      const edit = await readCommentEdit(deps, request, viewer.userId);
      let saved: { comment: Comment; released: string | null };
      try {
        const text = cleanCommentText(edit.text);
        saved = await db.transaction(async (tx) => {
          const current = requireEditable(await commentsRepository.lockById(tx, found.id), viewer);
          const { meta } = await requireUnlockedItem(tx, current.objectType, current.objectId, viewer, LOCKED_WRITE[current.objectType]);
          const fileId = edit.image ? edit.image.id : edit.removeImage ? null : current.fileId;
          if (!(await commentsRepository.update(tx, current.id, { text, fileId }))) throw unprocessable(REMOVED_NO_EDIT);
          return { comment: await answer(tx, current.id, readerOf(viewer, meta.performerId)), released: current.fileId !== fileId ? current.fileId : null };
        });
      } catch (err) {
        if (edit.image) await deps.media.remove([edit.image.id]);
        throw err;
      }
      if (saved.released) await deps.media.remove([saved.released]);
      return saved.comment;
    },

    /** An image for a comment being written: stored and re-encoded now, attached by `create` (fileId). */
    async uploadImage(viewer: SignedIn, request: FastifyRequest): Promise<MediaFileView> {
      const { file } = await deps.media.ingestUpload(request, { ownerId: viewer.userId, kinds: ['image'], purpose: COMMENT_IMAGE_PURPOSE });
      return deps.media.present(file, { unlocked: true });
    },

    /**
     * The author, the item's creator or an admin. Authors may always take their words back, even
     * after losing access to the item or being blocked. A parent goes with its replies, and the
     * counters drop by exactly the rows they counted (comments the moderators removed, and the
     * replies under such a comment, were already taken out of them). Their images are deleted
     * after the commit.
     */
    async remove(viewer: SignedIn, id: string): Promise<void> {
      const images = await db.transaction(async (tx) => {
        const comment = await commentsRepository.findById(tx, requireUuid(id));
        if (!comment || (comment.hiddenAt && comment.userId !== viewer.userId && viewer.role !== 'admin')) throw notFound(COMMENT_NOT_FOUND);
        const item = await contentAccessRepository.findMeta(tx, comment.objectType, comment.objectId, { includeHidden: true });
        const allowed = comment.userId === viewer.userId || viewer.role === 'admin' || item?.performerId === viewer.userId;
        if (!allowed) throw forbidden('You can only delete your own comments');
        let counted: number;
        let fileIds: string[];
        if (comment.parentId) {
          // Parent first, then the reply: the same lock order as a parent's deletion.
          const parent = await commentsRepository.lockById(tx, comment.parentId);
          if (!parent) throw notFound(COMMENT_NOT_FOUND);
          const deleted = await commentsRepository.deleteById(tx, comment.id);
          if (!deleted) throw notFound(COMMENT_NOT_FOUND);
          if (!deleted.hiddenAt) await commentsRepository.moveReplies(tx, parent.id, -1);
          counted = deleted.hiddenAt || parent.hiddenAt ? 0 : 1;
          fileIds = deleted.fileId ? [deleted.fileId] : [];
        } else {
          const locked = await commentsRepository.lockById(tx, comment.id);
          if (!locked) throw notFound(COMMENT_NOT_FOUND);
          const replies = await commentsRepository.deleteReplies(tx, comment.id);
          await commentsRepository.deleteById(tx, comment.id);
          counted = locked.hiddenAt ? 0 : 1 + replies.visible;
          fileIds = [...(locked.fileId ? [locked.fileId] : []), ...replies.fileIds];
        }
        if (counted) await contentCountersRepository.move(tx, comment.objectType, comment.objectId, 'totalComments', -counted);
        return fileIds;
      });
      if (images.length) await deps.media.remove(images);
    },
  };
}
