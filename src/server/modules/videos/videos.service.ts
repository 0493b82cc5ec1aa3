import type { FastifyInstance } from 'fastify';
import type { OwnVideoQuery, RemoveVideoFileBody, Video, VideoFileField, VideoStatus } from '../../../common/contract/videos';
import type { Executor } from '../../db/client';
import { badRequest, notFound } from '../../lib/http-error';
import type { Viewer } from '../blocking/viewer';
import { contentPriceBounds, priceOf, type PriceBounds, publishAtOf, requireOwnItem } from '../content/content-access.service';
import { mediaRepository } from '../media/media.repository';
import { toVideo, toVideos } from './video.dto';
import { parseEditBody, parseFormFields, type VideoInput } from './video-fields';
import { discardForm, type VideoForm } from './video-upload';
import { videosRepository, type VideoPatch, type VideoRow } from './videos.repository';
import { requireUuid } from '../../shared/ids';

type Creator = Viewer & { userId: string };
type Deps = Pick<FastifyInstance, 'db' | 'media' | 'storage' | 'config' | 'settings'>;

const NOT_FOUND = 'Video not found';
const FILE_COLUMN = { video: 'fileId', thumbnail: 'thumbnailFileId', teaser: 'teaserFileId' } as const satisfies Record<VideoFileField, keyof VideoRow>;
const MAIN_NOT_REMOVABLE = 'The video file cannot be removed, only replaced: upload a new one instead';

/**
 * The creator's side of videos: upload, edit, file removal, delete, and their own lists. Every
 * write is one transaction that also recounts `performers.total_videos`; files replaced or
 * deleted are removed from storage after the commit, and files stored for a request that fails
 * are removed again, so a refused request leaves neither rows nor files.
 */
export function createVideosService(deps: Deps) {
  const { db } = deps;

  /** The stored access level, price and publish time of an edit, from the request and the row. */
  function accessPatch(row: VideoRow, input: VideoInput, bounds: PriceBounds): VideoPatch {
    const patch: VideoPatch = {};
    if (input.access !== undefined || input.price !== undefined) {
      const access = input.access ?? row.access;
      const price = input.price ?? (row.access === 'sale' ? row.priceCents / 100 : undefined);
      patch.access = access;
      patch.priceCents = priceOf(bounds, access, price);
    }
    if (input.status !== undefined) patch.status = input.status;
    const now = Date.now();
    if (input.publishAt !== undefined) {
      const wanted = publishAtOf(input.publishAt);
      // "Now" for a video that is already out keeps its date (and its place in "newest");
      // for a scheduled one it means publish now.
      if (wanted.getTime() > now + 1000 || row.publishAt.getTime() > now) patch.publishAt = wanted;
    }
    // Publishing a draft that was never out makes it new.
    if (row.status === 'draft' && input.status === 'active' && !patch.publishAt && row.publishAt.getTime() <= now) {
      patch.publishAt = new Date();
    }
    return patch;
  }

  async function requireOwn(tx: Executor, id: string, creator: Creator): Promise<VideoRow> {
    const row = await videosRepository.lockOwn(tx, requireUuid(id), creator.userId);
    if (!row) throw notFound(NOT_FOUND);
    return row;
  }

  return {
    /** An upload read by receiveVideoForm: its fields are checked here, so a refusal also discards its files. */
    async create(creator: Creator, form: VideoForm): Promise<Video> {
      try {
        const input = parseFormFields(form.fields, 'create');
        const video = form.files.video;
        if (!video) throw badRequest('video is required', [{ field: 'video', message: 'video is required' }]);
        const bounds = await contentPriceBounds(deps.settings);
        return await db.transaction(async (tx) => {
          const access = input.access ?? 'free';
          const row = await videosRepository.insert(tx, {
            performerId: creator.userId,
            title: input.title!,
            description: input.description ?? '',
            tags: input.tags ?? [],
            access,
            priceCents: priceOf(bounds, access, input.price),
            status: input.status ?? 'active',
            publishAt: publishAtOf(input.publishAt),
            fileId: video.id,
            thumbnailFileId: form.files.thumbnail?.id ?? null,
            teaserFileId: form.files.teaser?.id ?? null,
          });
          await videosRepository.recountCreator(tx, creator.userId);
          return toVideo(deps, tx, creator, row);
        });
      } catch (err) {
        await discardForm(deps, form);
        throw err;
      }
    },

    /**
     * A JSON edit (`body`) or a multipart one (`form`, whose files replace the old ones; those are
     * removed after the commit).
     */
    async edit(creator: Creator, id: string, request: { form: VideoForm } | { body: unknown }): Promise<Video> {
      const form = 'form' in request ? request.form : null;
      let replaced: string[] = [];
      let answer: Video;
      try {
        const input = form ? parseFormFields(form.fields, 'edit') : parseEditBody((request as { body: unknown }).body);
        const bounds = await contentPriceBounds(deps.settings);
        answer = await db.transaction(async (tx) => {
          const row = await requireOwn(tx, id, creator);
          const patch: VideoPatch = { ...accessPatch(row, input, bounds) };
          if (input.title !== undefined) patch.title = input.title;
          if (input.description !== undefined) patch.description = input.description;
          if (input.tags !== undefined) patch.tags = input.tags;
          const olds: string[] = [];
          for (const [field, file] of Object.entries(form?.files ?? {}) as [VideoFileField, { id: string }][]) {
            const column = FILE_COLUMN[field];
            if (row[column]) olds.push(row[column]!);
            patch[column] = file.id;
          }
          const updated = await videosRepository.update(tx, row.id, patch);
          await videosRepository.recountCreator(tx, creator.userId);
          replaced = olds;
          return toVideo(deps, tx, creator, updated);
        });
      } catch (err) {
        if (form) await discardForm(deps, form);
        throw err;
      }
      if (replaced.length) await deps.media.remove(replaced);
      return answer;
    },

    async removeFile(creator: Creator, id: string, body: RemoveVideoFileBody): Promise<Video> {
      if (body.type === 'video') throw badRequest(MAIN_NOT_REMOVABLE, [{ field: 'type', message: MAIN_NOT_REMOVABLE }]);
      let removed: string | null = null;
      const answer = await db.transaction(async (tx) => {
        const row = await requireOwn(tx, id, creator);
        const column = FILE_COLUMN[body.type];
        removed = row[column];
        const updated = removed ? await videosRepository.update(tx, row.id, { [column]: null }) : row;
        return toVideo(deps, tx, creator, updated);
      });
      if (removed) await deps.media.remove([removed]);
      return answer;
    },

    async remove(creator: Creator, id: string): Promise<void> {
      const files = await db.transaction(async (tx) => {
        const row = await requireOwn(tx, id, creator);
        await videosRepository.deleteWithEngagement(tx, row);
        await videosRepository.recountCreator(tx, creator.userId);
        return [row.fileId, row.thumbnailFileId, row.teaserFileId].filter((f): f is string => Boolean(f));
      });
      if (files.length) await deps.media.remove(files);
    },

    /** 404 unless the video is the creator's: checked before a multipart edit streams its files in. */
    async assertOwn(creator: Creator, id: string): Promise<void> {
      await requireOwnItem(db, 'video', id, creator.userId);
    },

    async search(creator: Creator, query: OwnVideoQuery): Promise<{ data: Video[]; total: number }> {
      const { rows, total } = await videosRepository.searchOwn(db, creator.userId, { ...query, offset: query.offset ?? 0, limit: query.limit ?? 12 });
      return { data: await toVideos(deps, db, creator, rows), total };
    },

    async view(creator: Creator, id: string): Promise<Video> {
      const meta = await requireOwnItem(db, 'video', id, creator.userId);
      return toVideo(deps, db, creator, (await videosRepository.findById(db, meta.id))!);
    },

    async status(creator: Creator, id: string): Promise<VideoStatus> {
      const meta = await requireOwnItem(db, 'video', id, creator.userId);
      const row = (await videosRepository.findById(db, meta.id))!;
      const files = await mediaRepository.findByIds(db, [row.fileId, row.teaserFileId].filter((f): f is string => Boolean(f)));
      const statusOf = (fileId: string | null) => {
        const file = files.find((f) => f.id === fileId);
        return file ? deps.media.status(file) : null;
      };
      return { video: statusOf(row.fileId), teaser: statusOf(row.teaserFileId) };
    },
  };
}
