import { COMMENT_IMAGE_FIELD, commentRoutes, type CreateCommentBody } from '@/common/contract/comments';
import type { ContentType } from '@/common/contract/content';
import { reportRoutes, type CreateReportBody } from '@/common/contract/reports';
import { reactionRoutes } from '@/common/contract/social';
import { callRoute, routeUrl, type EnvelopeOf } from '@/client/lib/call-route';
import { upload } from '@/client/lib/upload';

export type ContentReaction = 'like' | 'bookmark';

/** POST (on) or DELETE (off) /reactions for a feed, video, gallery or product; both idempotent. */
export const setContentReaction = (objectType: ContentType, objectId: string, action: ContentReaction, on: boolean) =>
  callRoute(on ? reactionRoutes.create : reactionRoutes.remove, { body: { objectType, objectId, action } });

/** Where a picked image goes before the comment is sent (its `_id` becomes `fileId`). */
export const COMMENT_IMAGE_UPLOAD_URL = commentRoutes.uploadImage.url;

export const postComment = (body: CreateCommentBody) => callRoute(commentRoutes.create, { body });

export interface CommentEdit {
  text: string;
  /** A new image that replaces the current one. */
  image?: File | null;
  /** Drop the current image (ignored with a new one). */
  removeImage?: boolean;
}

/** Spec 7: the edit is an upload (multipart with progress): the text, and a new image or removeImage. */
export const editComment = (id: string, edit: CommentEdit, onProgress?: (percent: number) => void) =>
  upload<EnvelopeOf<typeof commentRoutes.update>>(
    routeUrl(commentRoutes.update.url, { id }),
    edit.image ? [{ fieldname: COMMENT_IMAGE_FIELD, file: edit.image }] : [],
    { method: 'PUT', customData: { text: edit.text, ...(edit.removeImage && !edit.image ? { removeImage: true } : {}) }, onProgress },
  );

export const deleteComment = (id: string) => callRoute(commentRoutes.remove, { params: { id } });

export const sendReport = (body: CreateReportBody) => callRoute(reportRoutes.create, { body });
