import type { FastifyInstance } from 'fastify';
import type { Video, VideoSearchQuery } from '../../../common/contract/videos';
import { notFound } from '../../lib/http-error';
import type { Viewer } from '../blocking/viewer';
import { requireVisibleItem } from '../content/content-access.service';
import { mediaRepository } from '../media/media.repository';
import { toVideo, toVideos } from './video.dto';
import { createViewWindow } from '../../lib/view-window';
import { videosRepository, type VideoRow } from './videos.repository';

type Deps = Pick<FastifyInstance, 'db' | 'media' | 'storage' | 'config'>;

const NOT_FOUND = 'Video not found';
/** One counted view per viewer per video per hour. */
export const VIEW_WINDOW_MS = 60 * 60 * 1000;

/**
 * What fans and visitors see of videos: lists, the detail, the view counter and bookmarks. The
 * visibility rule is the shared one (drafts, scheduled items, blocked viewers, inactive creators),
 * plus: a video whose main file is not ready (processing, failed, missing) exists only for its
 * creator and admins, in lists and in the detail alike.
 */
export function createVideoCatalogService(deps: Deps) {
  const { db } = deps;
  const views = createViewWindow({ ttlMs: VIEW_WINDOW_MS });

  /** A video the viewer may see: 400 bad id, 404 hidden or not ready, 403 blocked. */
  async function requireListable(id: string, viewer: Viewer): Promise<{ row: VideoRow; privileged: boolean }> {
    const { meta, access } = await requireVisibleItem(db, 'video', id, viewer);
    const row = (await videosRepository.findById(db, meta.id))!;
    const privileged = access.unlockedBy === 'owner' || access.unlockedBy === 'admin';
    if (!privileged) {
      const main = row.fileId ? await mediaRepository.findById(db, row.fileId) : null;
      if (main?.status !== 'ready') throw notFound(NOT_FOUND);
    }
    return { row, privileged };
  }

  return {
    async search(viewer: Viewer, query: VideoSearchQuery): Promise<{ data: Video[]; total: number }> {
      const tag = query.tag?.trim().replace(/^#/, '').toLowerCase() || undefined;
      const { rows, total } = await videosRepository.searchVisible(db, viewer, {
        ...query, tag, offset: query.offset ?? 0, limit: query.limit ?? 12,
      });
      return { data: await toVideos(deps, db, viewer, rows), total };
    },

    async view(viewer: Viewer, id: string): Promise<Video> {
      const { row } = await requireListable(id, viewer);
      return toVideo(deps, db, viewer, row);
    },

    /**
     * Counts a view of a video the viewer may see (locked or not: the page was opened). Signed-in
     * viewers are told apart by account, others by IP address; the creator's own views never count.
     */
    async countView(viewer: Viewer, ip: string | null, id: string): Promise<{ views: number; counted: boolean }> {
      const { row } = await requireListable(id, viewer);
      const own = viewer.userId === row.performerId;
      const key = viewer.userId ? `u:${viewer.userId}` : `ip:${ip ?? 'unknown'}`;
      if (own || !views.take(`${key}|${row.id}`)) return { views: row.totalViews, counted: false };
      const total = await videosRepository.addView(db, row.id);
      if (total === null) throw notFound(NOT_FOUND);
      return { views: total, counted: true };
    },

    async bookmarks(viewer: Viewer & { userId: string }, query: { offset?: number; limit?: number }) {
      const { rows, total } = await videosRepository.bookmarked(db, viewer, { offset: query.offset ?? 0, limit: query.limit ?? 12 });
      return { data: await toVideos(deps, db, viewer, rows), total };
    },
  };
}
