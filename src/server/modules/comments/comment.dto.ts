import type { Comment, CommentReply } from '../../../common/contract/comments';
import type { ImageUrlContext } from '../users/user.dto';
import { toUserPublic } from '../users/user-public.dto';
import type { CommentWithUser } from './comments.repository';

/** Who is reading, as far as the per-comment flags need it. */
export interface CommentReader {
  viewerId: string | null;
  isAdmin: boolean;
  /** The creator of the commented item. */
  creatorId: string;
}

export function toComment(ctx: ImageUrlContext, { comment, user }: CommentWithUser, reader: CommentReader): CommentReply {
  const isOwner = reader.viewerId !== null && comment.userId === reader.viewerId;
  return {
    _id: comment.id,
    objectType: comment.objectType,
    objectId: comment.objectId,
    parentId: comment.parentId,
    text: comment.text,
    user: toUserPublic(ctx, user),
    isOwner,
    canDelete: isOwner || reader.isAdmin || (reader.viewerId !== null && reader.viewerId === reader.creatorId),
    createdAt: comment.createdAt.toISOString(),
    updatedAt: comment.updatedAt.toISOString(),
    totalReplies: comment.totalReplies,
    // Only the author and operators ever receive a removed comment.
    isHidden: comment.hiddenAt !== null,
    hiddenReason: comment.hiddenAt !== null ? comment.hiddenReason : null,
  };
}

/** A top-level comment with the replies it carries in a list. */
export function toCommentWithReplies(ctx: ImageUrlContext, row: CommentWithUser, replies: CommentWithUser[], reader: CommentReader): Comment {
  return { ...toComment(ctx, row, reader), replies: replies.map((r) => toComment(ctx, r, reader)) };
}
