import type { NextPageContext } from 'next';
import {
  feedRoutes, type CreateFeedBody, type CreatePollBody, type FeedUploadKind, type UpdateFeedBody,
} from '@/common/contract/feeds';
import type { MediaFileView } from '@/common/contract/media';
import { callRoute } from '@/client/lib/call-route';

/** Upload URL of each kind (spec 7: POST /performer/feeds/{audio|photo|thumbnail|video|teaser}/upload). */
export const uploadUrlOf = (kind: FeedUploadKind) => `/performer/feeds/${kind}/upload`;

/** Where the composer follows a processing upload before the post exists. */
export const uploadStatusUrl = (file: Pick<MediaFileView, '_id'>) => `/performer/feeds/files/${encodeURIComponent(file._id)}/status`;

export const createFeed = (body: CreateFeedBody) => callRoute(feedRoutes.create, { body });
export const updateFeed = (id: string, body: UpdateFeedBody) => callRoute(feedRoutes.update, { params: { id }, body });
export const deleteFeed = (id: string) => callRoute(feedRoutes.remove, { params: { id } });
export const createPoll = (body: CreatePollBody) => callRoute(feedRoutes.createPoll, { body });
export const votePoll = (pollId: string, optionId: string) => callRoute(feedRoutes.vote, { params: { id: pollId }, body: { optionId } });

/** One post as the viewer sees it; on the server the visitor's token and address go along. */
export const fetchFeed = (id: string, ctx?: NextPageContext, headers?: Record<string, string>) =>
  callRoute(feedRoutes.view, { params: { id }, ctx, headers, authRedirect: false });

export const fetchOwnFeed = (id: string) => callRoute(feedRoutes.mineOne, { params: { id } });
