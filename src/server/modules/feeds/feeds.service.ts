import type { FastifyInstance } from 'fastify';
import {
  FEED_MAX_PINNED, type CreateFeedBody, type Feed, type MyFeedsQuery, type UpdateFeedBody,
} from '../../../common/contract/feeds';
import type { Executor } from '../../db/client';
import { badRequest, unprocessable } from '../../lib/http-error';
import type { Viewer } from '../blocking/viewer';
import { contentPriceBounds, contentTitle, priceOf, publishAtOf, requireOwnItem } from '../content/content-access.service';
import { contentPath } from '../../../common/lib/content-path';
import { feedPresenterDeps, presentFeeds } from './feed.dto';
import { cleanFeedText, hashtagsOf, resolveBodyFiles, resolveCover, resolvePoll } from './feed-input';
import { feedsRepository, type FeedPatch, type FeedRow } from './feeds.repository';
import { pollsRepository } from './polls.repository';
import { removeItemEngagement } from '../content/content-engagement.repository';

type Creator = Viewer & { userId: string };

const EMPTY_POST = 'A post needs text, at least one file or a poll';
/** A post whose time came longer ago than this is marked announced without telling anyone (see claimUnannounced). */
const ANNOUNCE_FRESH_HOURS = 24;
/** Posts one announcing transaction claims. */
const ANNOUNCE_BATCH = 50;
const PIN_LIMIT = `You can pin at most ${FEED_MAX_PINNED} posts: unpin one first`;

/**
 * The creator's side of posts: create, edit, delete, pin, and their own lists. Every write is one
 * transaction that first locks the creator's profile row (feedsRepository.lockCreator), so the pin
 * limit and the total_posts recount see the creator's other writes; files dropped from a post are
 * deleted through app.media.remove after the commit.
 */
export function createFeedsService(app: Pick<FastifyInstance, 'db' | 'config' | 'storage' | 'settings' | 'media' | 'notifications' | 'changeCaches'>) {
  const { db } = app;
  const deps = feedPresenterDeps(app);

  async function present(tx: Executor, viewer: Viewer, id: string): Promise<Feed> {
    const row = (await feedsRepository.findById(tx, id))!;
    return (await presentFeeds(deps, tx, viewer, [row]))[0];
  }

  async function checkPinLimit(tx: Executor, performerId: string, exceptFeedId: string | null) {
    if ((await feedsRepository.countPinned(tx, performerId, exceptFeedId)) >= FEED_MAX_PINNED) {
      throw unprocessable(PIN_LIMIT, [{ field: 'isPinned', message: PIN_LIMIT }]);
    }
  }

  /** The creator's subscribers hear of a post now published (creator_posted), quoting its text. */
  function announce(tx: Executor, post: Pick<FeedRow, 'id' | 'performerId' | 'text'>) {
    const title = contentTitle('feed', post.text);
    return app.notifications.notifySubscribers(tx, {
      performerId: post.performerId, kind: 'creator_posted', link: contentPath('feed', post.id), data: { objectType: 'feed', ...(title ? { title } : {}) },
    });
  }

  async function requireOwnRow(tx: Executor, id: string, performerId: string): Promise<FeedRow> {
    const meta = await requireOwnItem(tx, 'feed', id, performerId);
    return (await feedsRepository.lockById(tx, meta.id))!;
  }

  return {
    async create(viewer: Creator, body: CreateFeedBody): Promise<Feed> {
      const text = cleanFeedText(body.text ?? '');
      const priceCents = priceOf(await contentPriceBounds(app.settings), body.access, body.price);
      return db.transaction(async (tx) => {
        const performerId = viewer.userId;
        await feedsRepository.lockCreator(tx, performerId);
        const fileIds = await resolveBodyFiles(tx, performerId, body.fileIds ?? [], null);
        const thumbnailFileId = body.thumbnailId ? await resolveCover(tx, performerId, 'thumbnail', body.thumbnailId, null) : null;
        const teaserFileId = body.teaserId ? await resolveCover(tx, performerId, 'teaser', body.teaserId, null) : null;
        const pollId = body.pollId ? await resolvePoll(tx, performerId, body.pollId, null) : null;
        if (!text && !fileIds.length && !pollId) throw badRequest(EMPTY_POST, [{ field: 'text', message: EMPTY_POST }]);
        if (body.isPinned) await checkPinLimit(tx, performerId, null);
        const status = body.status ?? 'active';
        const publishAt = publishAtOf(body.publishAt);
        // Published now: subscribers are told at once; a draft or a scheduled post by the minute job, when its time comes.
        const publishedNow = status === 'active' && publishAt.getTime() <= Date.now();
        const row = await feedsRepository.insert(tx, {
          performerId, text, hashtags: hashtagsOf(text), access: body.access, priceCents, status, publishAt,
          thumbnailFileId, teaserFileId, pollId, isPinned: Boolean(body.isPinned), pinnedAt: body.isPinned ? new Date() : null,
          announcedAt: publishedNow ? new Date() : null,
        });
        await feedsRepository.setFiles(tx, row.id, fileIds);
        await feedsRepository.recountPosts(tx, performerId);
        if (publishedNow) await announce(tx, row);
        return present(tx, viewer, row.id);
      });
    },

    /** Only the fields given change; `fileIds` replaces the list and the files left out are deleted. */
    async update(viewer: Creator, id: string, body: UpdateFeedBody): Promise<Feed> {
      const text = body.text === undefined ? undefined : cleanFeedText(body.text);
      const dropped: string[] = [];
      const bounds = await contentPriceBounds(app.settings);
      const answer = await db.transaction(async (tx) => {
        const performerId = viewer.userId;
        await feedsRepository.lockCreator(tx, performerId);
        const row = await requireOwnRow(tx, id, performerId);
        const patch: FeedPatch = {};
        if (text !== undefined) Object.assign(patch, { text, hashtags: hashtagsOf(text) });

        let fileIds: string[] | null = null;
        if (body.fileIds !== undefined) {
          fileIds = await resolveBodyFiles(tx, performerId, body.fileIds, row.id);
          const current = (await feedsRepository.filesOf(tx, [row.id])).map((f) => f.file.id);
          dropped.push(...current.filter((f) => !fileIds!.includes(f)));
        }
        for (const kind of ['thumbnail', 'teaser'] as const) {
          const wanted = body[`${kind}Id`];
          const column = kind === 'thumbnail' ? 'thumbnailFileId' : 'teaserFileId';
          if (wanted === undefined) continue;
          const next = wanted ? await resolveCover(tx, performerId, kind, wanted, row.id) : null;
          if (row[column] && row[column] !== next) dropped.push(row[column]);
          patch[column] = next;
        }
        let oldPoll: string | null = null;
        if (body.pollId !== undefined) {
          patch.pollId = body.pollId ? await resolvePoll(tx, performerId, body.pollId, row.id) : null;
          if (row.pollId && row.pollId !== patch.pollId) oldPoll = row.pollId;
        }
        const hasFiles = fileIds ? fileIds.length > 0 : (await feedsRepository.filesOf(tx, [row.id])).length > 0;
        const hasText = (patch.text ?? row.text) !== '';
        const hasPoll = (patch.pollId === undefined ? row.pollId : patch.pollId) !== null;
        if (!hasText && !hasFiles && !hasPoll) throw badRequest(EMPTY_POST, [{ field: 'text', message: EMPTY_POST }]);

        if (body.access !== undefined || body.price !== undefined) {
          const access = body.access ?? row.access;
          const price = body.price ?? (body.access === undefined && row.access === 'sale' ? row.priceCents / 100 : undefined);
          patch.access = access;
          patch.priceCents = priceOf(bounds, access, price);
        }
        Object.assign(patch, publication(row, body));
        if (body.isPinned === true && !row.isPinned) {
          await checkPinLimit(tx, performerId, row.id);
          Object.assign(patch, { isPinned: true, pinnedAt: new Date() });
        } else if (body.isPinned === false) {
          Object.assign(patch, { isPinned: false, pinnedAt: null });
        }

        await feedsRepository.update(tx, row.id, patch);
        if (fileIds) await feedsRepository.setFiles(tx, row.id, fileIds);
        if (oldPoll) await pollsRepository.remove(tx, [oldPoll]);
        await feedsRepository.recountPosts(tx, performerId);
        return present(tx, viewer, row.id);
      });
      await app.media.remove(dropped);
      return answer;
    },

    /** The post with its files, poll, comments and reactions; its likes leave the creator's total. */
    async remove(viewer: Creator, id: string): Promise<void> {
      const files = await db.transaction(async (tx) => {
        const performerId = viewer.userId;
        await feedsRepository.lockCreator(tx, performerId);
        const row = await requireOwnRow(tx, id, performerId);
        const fileIds = [
          ...(await feedsRepository.filesOf(tx, [row.id])).map((f) => f.file.id),
          ...[row.thumbnailFileId, row.teaserFileId].filter((f): f is string => Boolean(f)),
        ];
        await removeItemEngagement(tx, 'feed', row);
        await feedsRepository.remove(tx, row.id);
        if (row.pollId) await pollsRepository.remove(tx, [row.pollId]);
        await feedsRepository.recountPosts(tx, performerId);
        return fileIds;
      });
      await app.media.remove(files);
    },

    /**
     * Scheduled posts count in their creator's `total_posts` from their publish time: recounts the
     * creators whose posts were published in (from, to] (the feeds module runs it each minute).
     */
    async countPublished(from: Date, to: Date): Promise<number> {
      return feedsRepository.recountPublishedBetween(db, from, to);
    },

    /**
     * Announces the posts whose time came since they were saved (scheduled posts, drafts made
     * active): each once (`feeds.announced_at`), to the creator's subscribers with access now. The
     * feeds module runs it each minute; answers how many posts were announced.
     */
    async announceDue(): Promise<number> {
      let announced = 0;
      for (;;) {
        const claimed = await db.transaction(async (tx) => {
          const due = await feedsRepository.claimUnannounced(tx, ANNOUNCE_FRESH_HOURS, ANNOUNCE_BATCH);
          for (const post of due) if (post.announce) await announce(tx, post);
          announced += due.filter((p) => p.announce).length;
          return due.length;
        });
        if (claimed < ANNOUNCE_BATCH) return announced;
      }
    },

    async mine(viewer: Creator, query: MyFeedsQuery): Promise<{ data: Feed[]; total: number }> {
      const { rows, total } = await feedsRepository.listOwn(
        db,
        viewer.userId,
        { q: query.q, type: query.type, status: query.status, sortBy: query.sortBy ?? 'updatedAt', sort: query.sort ?? 'desc' },
        { offset: query.offset ?? 0, limit: query.limit ?? 10 },
      );
      return { data: await presentFeeds(deps, db, viewer, rows), total };
    },

    async mineOne(viewer: Creator, id: string): Promise<Feed> {
      const meta = await requireOwnItem(db, 'feed', id, viewer.userId);
      return present(db, viewer, meta.id);
    },
  };
}

/**
 * Status and publish time of an edit. A future time (re)schedules; no time keeps a published
 * post's original time (so an edit does not bump it to the top of timelines) and publishes a
 * scheduled one now. A draft that becomes active is published now unless scheduled, so it does not
 * appear deep in timelines under the time it was first saved.
 */
function publication(row: FeedRow, body: UpdateFeedBody): FeedPatch {
  const status = body.status ?? row.status;
  const now = Date.now();
  const requested = body.publishAt ? new Date(body.publishAt) : null;
  if (requested && requested.getTime() > now) return { status, publishAt: requested };
  if (body.publishAt === undefined && body.status === undefined) return {};
  const goesLive = row.status === 'draft' && status === 'active';
  const wasScheduled = row.publishAt.getTime() > now;
  return { status, ...(goesLive || (wasScheduled && body.publishAt !== undefined) ? { publishAt: new Date() } : {}) };
}
