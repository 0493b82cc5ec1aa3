import { commentRoutes, type CreateCommentBody } from '@/common/contract/comments';
import type { ContentType } from '@/common/contract/content';
import { reportRoutes, type CreateReportBody } from '@/common/contract/reports';
import { reactionRoutes } from '@/common/contract/social';
import { callRoute } from '@/client/lib/call-route';

export type ContentReaction = 'like' | 'bookmark';

/** POST (on) or DELETE (off) /reactions for a feed, video, gallery or product; both idempotent. */
export const setContentReaction = (objectType: ContentType, objectId: string, action: ContentReaction, on: boolean) =>
  callRoute(on ? reactionRoutes.create : reactionRoutes.remove, { body: { objectType, objectId, action } });

export const postComment = (body: CreateCommentBody) => callRoute(commentRoutes.create, { body });
export const editComment = (id: string, text: string) => callRoute(commentRoutes.update, { params: { id }, body: { text } });
export const deleteComment = (id: string) => callRoute(commentRoutes.remove, { params: { id } });

export const sendReport = (body: CreateReportBody) => callRoute(reportRoutes.create, { body });
