import type { FastifyInstance } from 'fastify';
import type { Video } from '../../../common/contract/videos';
import type { Executor } from '../../db/client';
import type { Viewer } from '../blocking/viewer';
import { commonContentFields, loadPageContext } from '../content/content-dto';
import { mediaRepository, type MediaFileRow } from '../media/media.repository';
import type { VideoRow } from './videos.repository';
import { readAll } from '../../db/reads';

type Deps = Pick<FastifyInstance, 'media' | 'storage' | 'config'>;

const fileIdsOf = (rows: readonly VideoRow[]) =>
  rows.flatMap((r) => [r.fileId, r.thumbnailFileId, r.teaserFileId]).filter((id): id is string => Boolean(id));

/**
 * Video answers for a page of rows: access, the viewer's reactions, authors and every file in one
 * batch of queries. The main file is presented unlocked only to viewers who may open the video;
 * thumbnail and teaser are the creator's public marketing and are shown to everyone who can see
 * the video, but only once usable (ready) to anyone other than the creator and admins, who also
 * read the failure reasons.
 */
export async function toVideos(deps: Deps, db: Executor, viewer: Viewer, rows: readonly VideoRow[]): Promise<Video[]> {
  if (!rows.length) return [];
  const urls = { storage: deps.storage, webOrigin: deps.config.webOrigin };
  const [ctx, files] = await readAll(db,
    () => loadPageContext(db, viewer, 'video', rows),
    () => mediaRepository.findByIds(db, fileIdsOf(rows)),
  );
  const byId = new Map(files.map((f) => [f.id, f]));
  const fileOf = (id: string | null) => (id ? byId.get(id) ?? null : null);

  return rows.map((row) => {
    const info = ctx.access.get(row.id)!;
    const privileged = info.unlockedBy === 'owner' || info.unlockedBy === 'admin';
    const marketing = (file: MediaFileRow | null) =>
      file && (privileged || file.status === 'ready') ? deps.media.present(file, { unlocked: true }) : null;
    const main = fileOf(row.fileId);
    return {
      _id: row.id,
      performerId: row.performerId,
      title: row.title,
      description: row.description,
      tags: row.tags,
      video: main ? deps.media.present(main, { unlocked: !info.isLocked }) : null,
      thumbnail: marketing(fileOf(row.thumbnailFileId)),
      teaser: marketing(fileOf(row.teaserFileId)),
      duration: main?.durationMs == null ? null : main.durationMs / 1000,
      ...commonContentFields(urls, ctx, row),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

export async function toVideo(deps: Deps, db: Executor, viewer: Viewer, row: VideoRow): Promise<Video> {
  return (await toVideos(deps, db, viewer, [row]))[0];
}
