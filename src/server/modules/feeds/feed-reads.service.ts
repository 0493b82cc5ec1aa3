import type { FastifyInstance } from 'fastify';
import {
  FEED_PAGE_SIZE, FEED_UPLOAD_KINDS, type CreatorFeedQuery, type Feed, type TimelinePage, type TimelineQuery,
} from '../../../common/contract/feeds';
import type { MediaFileStatus } from '../../../common/contract/media';
import { NOT_AVAILABLE_MESSAGE } from '../../../common/contract/social';
import { forbidden, notFound } from '../../lib/http-error';
import { blockingRepository } from '../blocking/blocking.repository';
import type { Viewer } from '../blocking/viewer';
import { visibleContent } from '../content/content-access.repository';
import { requireUnlockedItem, requireVisibleItem } from '../content/content-access.service';
import { mediaRepository } from '../media/media.repository';
import { performersRepository } from '../performers/performers.repository';
import { feedPresenterDeps, presentFeeds, presentLoadedFeeds } from './feed.dto';
import { feedsRepository } from './feeds.repository';
import { decodeCursor, encodeCursor } from './timeline-cursor';
import { isUuid, requireUuid } from '../../shared/ids';

const UPLOAD_PURPOSES = Object.values(FEED_UPLOAD_KINDS).map((k) => k.purpose);
const FILE_NOT_FOUND = 'File not found';

type Paging = { offset?: number; limit?: number };
const page = (q: Paging) => ({ offset: q.offset ?? 0, limit: q.limit ?? FEED_PAGE_SIZE });

/** Reading posts: one post, a creator's feed, the fan's timeline, bookmarks and file statuses. */
export function createFeedReadsService(app: Pick<FastifyInstance, 'db' | 'config' | 'storage' | 'media' | 'changeCaches'>) {
  const { db } = app;
  const deps = feedPresenterDeps(app);

  return {
    /** 404 hidden or absent, 403 blocked; a locked post answers metadata, teaser and blurred previews. */
    async view(viewer: Viewer, id: string): Promise<Feed> {
      const { meta } = await requireVisibleItem(db, 'feed', id, viewer);
      const row = (await feedsRepository.findById(db, meta.id))!;
      return (await presentFeeds(deps, db, viewer, [row]))[0];
    },

    /** A creator's posts for anyone who may see the creator: pinned first, then newest. */
    async byCreator(viewer: Viewer, idOrUsername: string, query: CreatorFeedQuery): Promise<{ data: Feed[]; total: number }> {
      const creator = await performersRepository.findPublic(
        db,
        { username: idOrUsername.toLowerCase(), id: isUuid(idOrUsername) ? idOrUsername.toLowerCase() : undefined },
        viewer,
      );
      if (!creator) throw notFound('Performer not found');
      if (await blockingRepository.isBlocked(db, creator.user.id, viewer)) throw forbidden(NOT_AVAILABLE_MESSAGE);
      const { rows, total } = await feedsRepository.listByCreator(db, creator.user.id, visibleContent('feed', viewer), query.type, page(query));
      return { data: await presentFeeds(deps, db, viewer, rows), total };
    },

    /**
     * The fan's timeline, newest first by publish time then id, walked by a keyset cursor: a page
     * costs the same however deep it is, and posts published between two requests never shift
     * the next page (they sort above the cursor). One extra row tells whether there is more.
     */
    async timeline(viewer: Viewer & { userId: string }, query: TimelineQuery): Promise<TimelinePage> {
      const after = decodeCursor(query.cursor);
      const limit = query.limit ?? FEED_PAGE_SIZE;
      const rows = await feedsRepository.timeline(db, viewer, after, limit + 1);
      const pageRows = rows.slice(0, limit);
      const last = pageRows[pageRows.length - 1];
      const hasMore = rows.length > limit;
      const feeds = pageRows.map((r) => r.feed);
      const parts = await deps.parts.of(db, feeds);
      return {
        data: presentLoadedFeeds(deps, viewer, feeds, new Map(pageRows.map((r) => [r.feed.id, r.viewer])), parts),
        hasMore,
        nextCursor: hasMore && last ? encodeCursor({ at: last.cursorAt, id: last.feed.id }) : null,
      };
    },

    /** The viewer's bookmarked posts they may still see, newest bookmark first. */
    async bookmarks(viewer: Viewer & { userId: string }, query: Paging): Promise<{ data: Feed[]; total: number }> {
      const { rows, total } = await feedsRepository.bookmarked(db, viewer.userId, visibleContent('feed', viewer), page(query));
      return { data: await presentFeeds(deps, db, viewer, rows), total };
    },

    /**
     * One file of a post (body file, thumbnail or teaser) for whoever can open the post: the
     * viewer's player polls it while a video processes. The failure reason is the creator's to read.
     */
    async fileStatus(viewer: Viewer, id: string, fileId: string): Promise<MediaFileStatus> {
      const { meta } = await requireUnlockedItem(db, 'feed', id, viewer, 'Unlock this post to see its files');
      const wanted = requireUuid(fileId, 'fileId');
      const [row, files] = await Promise.all([feedsRepository.findById(db, meta.id), feedsRepository.filesOf(db, [meta.id])]);
      const file = files.find((f) => f.file.id === wanted)?.file
        ?? ((row?.thumbnailFileId === wanted || row?.teaserFileId === wanted) ? await mediaRepository.findById(db, wanted) : null);
      if (!file) throw notFound(FILE_NOT_FOUND);
      const status = app.media.status(file);
      const privileged = viewer.role === 'admin' || viewer.userId === meta.performerId;
      return privileged ? status : { ...status, failureReason: null };
    },

    /** The creator's own post upload, attached or not: the composer follows processing before the post exists. */
    async uploadStatus(viewer: Viewer & { userId: string }, fileId: string): Promise<MediaFileStatus> {
      const [file] = await mediaRepository.findOwned(db, viewer.userId, [requireUuid(fileId, 'fileId')], { purposes: UPLOAD_PURPOSES });
      if (!file) throw notFound(FILE_NOT_FOUND);
      return app.media.status(file);
    },
  };
}
