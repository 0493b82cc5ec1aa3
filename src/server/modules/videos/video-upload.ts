import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { VideoFileField } from '../../../common/contract/videos';
import type { MediaKind } from '../../db/schema/media';
import type { MediaFileRow } from '../media/media.repository';

/** What each file field of a video form takes, and what it is stored as. */
export const VIDEO_FILE_SPECS: Record<VideoFileField, { kinds: readonly MediaKind[]; purpose: string }> = {
  video: { kinds: ['video'], purpose: 'video' },
  thumbnail: { kinds: ['image'], purpose: 'video-thumbnail' },
  teaser: { kinds: ['video'], purpose: 'video-teaser' },
};

export interface VideoForm {
  files: Partial<Record<VideoFileField, MediaFileRow>>;
  fields: Record<string, string>;
}

/**
 * Reads a video form through the media pipeline: text fields, and at most one file in each of
 * `video`, `thumbnail` and `teaser` (video and teaser go to the job queue). A refused file or form
 * stores nothing; the caller removes the rows with `discardForm` if a later check (fields,
 * ownership) fails.
 */
export async function receiveVideoForm(app: Pick<FastifyInstance, 'media'>, request: FastifyRequest, ownerId: string): Promise<VideoForm> {
  const { files, fields } = await app.media.ingestForm(request, { ownerId, files: VIDEO_FILE_SPECS });
  const form: VideoForm = { files: {}, fields };
  for (const field of Object.keys(VIDEO_FILE_SPECS) as VideoFileField[]) {
    if (files[field]?.[0]) form.files[field] = files[field][0];
  }
  return form;
}

/** Removes the files a refused form stored. */
export async function discardForm(app: Pick<FastifyInstance, 'media'>, form: VideoForm): Promise<void> {
  const ids = Object.values(form.files).map((f) => f.id);
  if (ids.length) await app.media.remove(ids);
}
