import type { NextPageContext } from 'next';
import { videoRoutes, type Video, type VideoEditBody, type VideoFileField } from '@/common/contract/videos';
import { callRoute, routeUrl } from '@/client/lib/call-route';
import { upload, type UploadFile } from '@/client/lib/upload';

export type VideoFiles = Partial<Record<VideoFileField, File>>;
type Fields = Record<string, unknown>;

const filesOf = (files: VideoFiles): UploadFile[] =>
  (Object.entries(files) as [VideoFileField, File | undefined][])
    .filter((entry): entry is [VideoFileField, File] => Boolean(entry[1]))
    .map(([fieldname, file]) => ({ fieldname, file }));

/** Tags travel as one comma-separated text field in a multipart form. */
const formFields = (fields: Fields): Fields => ({
  ...fields,
  ...(Array.isArray(fields.tags) ? { tags: (fields.tags as string[]).join(',') } : {}),
});

/** POST .../videos/upload: the video, optional thumbnail and teaser, and the fields, with progress. */
export function uploadVideo(files: VideoFiles, fields: Fields, onProgress: (percent: number) => void) {
  return upload<{ data: Video }>(videoRoutes.upload.url, filesOf(files), { customData: formFields(fields), onProgress });
}

/** PUT .../videos/edit/:id as multipart: new files replace the old ones, with the fields. */
export function editVideoWithFiles(id: string, files: VideoFiles, fields: Fields, onProgress: (percent: number) => void) {
  return upload<{ data: Video }>(routeUrl(videoRoutes.edit.url, { id }), filesOf(files), { customData: formFields(fields), onProgress, method: 'PUT' });
}

export const editVideo = (id: string, body: VideoEditBody) => callRoute(videoRoutes.edit, { params: { id }, body });

export const removeVideoFile = (id: string, type: 'thumbnail' | 'teaser') =>
  callRoute(videoRoutes.removeFile, { params: { id }, body: { type } });

export const deleteVideo = (id: string) => callRoute(videoRoutes.remove, { params: { id } });

export const countVideoView = (id: string) => callRoute(videoRoutes.countView, { params: { id } });

/** The public detail; on the server with the visitor's cookie and IP (blocks depend on both). */
export const fetchVideo = (id: string, ctx?: NextPageContext, headers?: Record<string, string>) =>
  callRoute(videoRoutes.view, { params: { id }, ctx, headers, authRedirect: false });

export const ownVideoUrl = (id: string) => routeUrl(videoRoutes.ownView.url, { id });
export const videoStatusUrl = (id: string) => routeUrl(videoRoutes.ownStatus.url, { id });
