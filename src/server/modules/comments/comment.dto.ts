import type { Comment, CommentImage, CommentReply } from '../../../common/contract/comments';
import type { MediaService } from '../../plugins/media';
import type { ImageUrlContext } from '../users/user.dto';
import { toUserPublic } from '../users/user-public.dto';
import type { CommentImageRow, CommentWithUser } from './comments.repository';

/** Who is reading, as far as the per-comment flags need it. */
export interface CommentReader {
  viewerId: string | null;
  isAdmin: boolean;
  /** The creator of the commented item. */
  creatorId: string;
}

/** Avatar links, and the media pipeline's signer for comment images. */
export interface CommentUrls extends ImageUrlContext {
  media: Pick<MediaService, 'present'>;
}

/**
 * A comment's image with signed links. Whoever receives the comment may open its image (the
 * comment itself is what access decides), so it is presented unlocked; a file that is not a ready
 * image (never the case for one the pipeline re-encoded) is left out rather than sent half-made.
 */
export function toCommentImage(media: Pick<MediaService, 'present'>, file: CommentImageRow | null): CommentImage | null {
  if (!file || file.status !== 'ready' || !file.width || !file.height) return null;
  const view = media.present(file, { unlocked: true });
  if (!view.url) return null;
  return { _id: file.id, url: view.url, thumbnailUrl: view.thumbnails[0] ?? view.url, blurUrl: view.preview, width: file.width, height: file.height };
}

export function toComment(urls: CommentUrls, { comment, user, image }: CommentWithUser, reader: CommentReader): CommentReply {
  const isOwner = reader.viewerId !== null && comment.userId === reader.viewerId;
  return {
    _id: comment.id,
    objectType: comment.objectType,
    objectId: comment.objectId,
    parentId: comment.parentId,
    text: comment.text,
    user: toUserPublic(urls, user),
    isOwner,
    canDelete: isOwner || reader.isAdmin || (reader.viewerId !== null && reader.viewerId === reader.creatorId),
    createdAt: comment.createdAt.toISOString(),
    updatedAt: comment.updatedAt.toISOString(),
    totalReplies: comment.totalReplies,
    // Only the author and operators ever receive a removed comment.
    isHidden: comment.hiddenAt !== null,
    hiddenReason: comment.hiddenAt !== null ? comment.hiddenReason : null,
    image: toCommentImage(urls.media, image),
  };
}

/** A top-level comment with the replies it carries in a list. */
export function toCommentWithReplies(urls: CommentUrls, row: CommentWithUser, replies: CommentWithUser[], reader: CommentReader): Comment {
  return { ...toComment(urls, row, reader), replies: replies.map((r) => toComment(urls, r, reader)) };
}
